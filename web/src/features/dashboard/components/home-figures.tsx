import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Col, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';
import type { HomeStatistic } from '@/types/api';

import { homeFigures } from '../lib/figures';
import { trendToday } from '../lib/trend';

import { AlarmTrendCard } from './alarm-trend-card';
import { DeviceGroupsCard } from './device-groups-card';
import { LatestAlarms } from './latest-alarms';
import { StatCards } from './stat-cards';
import { TopDevicesCard } from './top-devices-card';

/** A chart cell: its one card stretches to the height of the row. */
const CELL = { display: 'grid' } as const;

/**
 * The figures of GET /api/home/statistic. Each part shows only where the answer carries it (the server
 * leaves out, as null, what the user may not see). The live feed refreshes the answer on every alarm
 * event; it is also read again every minute while the page is visible. Loaded lazily by HomePage, which
 * owns the query.
 */
export default function HomeFigures({ query }: { query: UseQueryResult<HomeStatistic> }) {
  const { t } = useTranslation();
  const stat = query.data;

  if (!stat && query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('home.loadFailed')}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('home.retry')}
          </Button>
        }
      />
    );
  }
  if (!stat) return <Skeleton active paragraph={{ rows: 6 }} />;

  const figures = homeFigures(stat);
  // Trend, groups and latest alarms come with the device figures (DeviceManagement); an empty list may be null.
  const hasDevices = stat.devices !== null && stat.devices !== undefined;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {figures.length > 0 && <StatCards figures={figures} />}
      {hasDevices && (
        // Every row is full at every width (14 + 10, then 8 + 8 + 8 from 1200 px; 12 + 12 and 24 from 992 px;
        // one a row below), and a cell is a grid so that its card fills the row's height: no gap under a
        // shorter card.
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={14} style={CELL}>
            <AlarmTrendCard trend={stat.alarmTrend} today={trendToday(stat.today, stat.generatedAt || Date.now())} />
          </Col>
          <Col xs={24} xl={10} style={CELL}>
            <LatestAlarms alarms={stat.latestAlarms ?? []} />
          </Col>
          <Col xs={24} lg={12} xl={8} style={CELL}>
            <DeviceGroupsCard kind="byType" groups={stat.byType} />
          </Col>
          <Col xs={24} lg={12} xl={8} style={CELL}>
            <DeviceGroupsCard kind="byProvince" groups={stat.byProvince} />
          </Col>
          <Col xs={24} xl={8} style={CELL}>
            <TopDevicesCard devices={stat.topDevices} />
          </Col>
        </Row>
      )}
      {stat.generatedAt > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('home.updatedAt', { time: formatDateTime(stat.generatedAt) })}
        </Typography.Text>
      )}
    </Space>
  );
}
