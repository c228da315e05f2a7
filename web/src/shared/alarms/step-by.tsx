import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';

/** Who took a step on an alarm (acknowledged, handled) and when; "—" before anyone has. */
export function StepBy({ account, at }: { account: string; at: number | null }) {
  const { t } = useTranslation();
  if (at === null) return <>{t('common.empty')}</>;
  return (
    <div>
      <div>{account || t('common.empty')}</div>
      <div className="secondary-text">{formatDateTime(at)}</div>
    </div>
  );
}
