import { Empty, Grid, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Device } from '@/types/api';

import { useChartAlarms } from '../../api/get-chart-alarms';
import { useReadingStatistic } from '../../api/get-reading-statistic';
import { alarmPeriods } from '../../lib/chart-series';
import { formatDuration } from '../../lib/duration';
import { defaultChartRange, type RangeChoice } from '../../lib/time-range';
import { TimeRangePicker } from '../time-range-picker/time-range-picker';

const MethaneChart = lazy(() => import('./methane-chart'));

/**
 * The methane chart over a time range: at first the last 24 hours, or the 24 hours up to the last report
 * of a device gone quiet (defaultChartRange), with its gas alarms shaded and its thresholds drawn.
 */
export function ReadingsChartPanel({ device }: { device: Device }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  // Chosen once, when the page opens: the live polls must not move a range the user is looking at.
  const [initial] = useState<RangeChoice>(() => defaultChartRange(device.lastSeenAt, Date.now()));
  const [range, setRange] = useState<RangeChoice>(initial);
  const statistic = useReadingStatistic(device.id, range);
  const alarms = useChartAlarms(device.id, range);
  const data = statistic.data;
  const periods = useMemo(() => (data ? alarmPeriods(alarms.data ?? [], data.from, data.to) : []), [alarms.data, data]);
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
          <Typography.Text strong>{t('deviceDetail.chart.bucket', { size: formatDuration(data.bucketMs, units) })}</Typography.Text>
        )}
      </Space>
      {range === initial && initial.kind === 'custom' && (
        <Typography.Text type="secondary">{t('deviceDetail.chart.lastReadingRange')}</Typography.Text>
      )}
      {!data ? (
        spinner
      ) : data.points.length === 0 ? (
        <Empty description={t('deviceDetail.chart.noData')} style={{ padding: '48px 0' }} />
      ) : (
        <Suspense fallback={spinner}>
          <MethaneChart statistic={data} thresholds={device.confirmed} alarms={periods} height={height} />
          <Typography.Text type="secondary">{t('deviceDetail.chart.alarmLegend')}</Typography.Text>
        </Suspense>
      )}
    </Space>
  );
}
