import { Card, Empty, Grid, Segmented } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AlarmDayCount } from '@/types/api';

import { buildTrend, type TrendSpan } from '../lib/trend';

import { ChartFrame } from './chart-frame';
import { TrendChart } from './lazy-charts';

/** Alarms per day by kind over the last 7 or 30 of the server's days up to its `today` (7 at first). */
export function AlarmTrendCard({ trend, today }: { trend: AlarmDayCount[] | null; today: string }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [span, setSpan] = useState<TrendSpan>(7);
  const series = useMemo(() => buildTrend(trend, span, today), [trend, span, today]);
  const kindName = useCallback((kind: string) => t(`home.kind.${kind in KNOWN ? kind : 'unknown'}`), [t]);
  const height = screens.md ? 300 : 240;
  return (
    <Card
      size="small"
      title={t('home.trend.title')}
      extra={
        <Segmented<TrendSpan>
          size="small"
          aria-label={t('home.trend.span')}
          value={span}
          onChange={setSpan}
          options={[
            { value: 7, label: t('home.trend.days7') },
            { value: 30, label: t('home.trend.days30') },
          ]}
        />
      }
    >
      <div className="secondary-text" data-testid="trend-total">
        {t('home.trend.total', { count: series.total })}
      </div>
      {series.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.trend.empty')} style={{ height: height - 24, paddingTop: 48 }} />
      ) : (
        <ChartFrame label={t('home.trend.chart')} height={height}>
          <TrendChart trend={series} kindName={kindName} height={height} wanUnit={t('format.wan')} />
        </ChartFrame>
      )}
    </Card>
  );
}

const KNOWN = { gas: 1, offline: 1, fault: 1, lowBattery: 1 };
