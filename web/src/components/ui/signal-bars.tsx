import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { signalLabelKey, signalLevel } from '@/lib/format';

const COLORS = { stable: '#52c41a', unstable: '#faad14', weak: '#ff4d4f' } as const;

/** Bars lit for a CSQ (0–31): 0 none, below 11 one, to 18 two, to 24 three, above four. */
export function signalBars(csq: number): number {
  if (csq <= 0) return 0;
  if (csq < 11) return 1;
  if (csq <= 18) return 2;
  if (csq < 25) return 3;
  return 4;
}

/**
 * A device's signal (CSQ) as bars coloured by its level; the value and what it means in a tooltip and
 * in the accessible name. Unknown (null) is a dash.
 */
export function SignalBars({ csq }: { csq: number | null | undefined }) {
  const { t } = useTranslation();
  if (typeof csq !== 'number') return <span>{t('common.empty')}</span>;
  const lit = signalBars(csq);
  const color = COLORS[signalLevel(csq)];
  const text = `CSQ ${csq} · ${t(signalLabelKey(csq))}`;
  return (
    <Tooltip title={text}>
      <span role="img" aria-label={text} className="signal-bars">
        <svg width="18" height="14" viewBox="0 0 18 14" aria-hidden="true" focusable="false">
          {[0, 1, 2, 3].map((i) => (
            <rect key={i} x={i * 5} y={10 - i * 3} width="3" height={4 + i * 3} rx="0.5" fill={i < lit ? color : '#d9d9d9'} />
          ))}
        </svg>
        <span className="signal-bars-value">{csq}</span>
      </span>
    </Tooltip>
  );
}
