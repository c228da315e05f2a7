import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';

import { relativeTime } from '../../lib/duration';
import { useNow } from '../../lib/use-now';

/** "3 min ago", with the exact time as its title. */
export function LastSeen({ ts }: { ts: number | null }) {
  const { t } = useTranslation();
  const now = useNow(10_000);
  if (ts === null) return <span>{t('deviceDetail.header.never')}</span>;
  const exact = formatDateTime(ts);
  const rel = relativeTime(ts, Math.max(now, Date.now()));
  return (
    <time dateTime={new Date(ts).toISOString()} title={exact}>
      {t(`deviceDetail.relative.${rel.key}`, { count: rel.count })}
    </time>
  );
}
