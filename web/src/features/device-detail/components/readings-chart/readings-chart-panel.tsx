import { Empty, Grid, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Device } from '@/types/api';

import { useReadingStatistic } from '../../api/get-reading-statistic';
import { formatDuration } from '../../lib/duration';
import type { RangeChoice } from '../../lib/time-range';
import { TimeRangePicker } from '../time-range-picker/time-range-picker';

const MethaneChart = lazy(() => import('./methane-chart'));

/** The methane chart over a time range (the last 24 hours at first). */
export function ReadingsChartPanel({ device }: { device: Device }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [range, setRange] = useState<RangeChoice>({ kind: 'preset', key: 'last24Hours' });
  const statistic = useReadingStatistic(device.id, range);
  const data = statistic.data;
  const height = screens.md ? 380 : 300;
  const units = {
    day: t('deviceDetail.units.day'),
    hour: t('deviceDetail.units.hour'),
    minute: t('deviceDetail.units.minute'),
    second: t('deviceDetail.units.second'),
  };
  const spinner = (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin />
    </div>
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap size={[12, 8]}>
        <TimeRangePicker value={range} onChange={setRange} label={t('deviceDetail.chart.range')} />
        {data && data.bucketMs > 0 && (
          <span className="secondary-text">{t('deviceDetail.chart.bucket', { size: formatDuration(data.bucketMs, units) })}</span>
        )}
      </Space>
      {!data ? (
        spinner
      ) : data.points.length === 0 ? (
        <Empty description={t('deviceDetail.chart.noData')} style={{ padding: '48px 0' }} />
      ) : (
        <Suspense fallback={spinner}>
          <MethaneChart statistic={data} thresholds={device.confirmed} height={height} />
        </Suspense>
      )}
    </Space>
  );
}
