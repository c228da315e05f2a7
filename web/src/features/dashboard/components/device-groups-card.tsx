import { Card, Empty, Grid } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { NamedCount } from '@/types/api';

import { topGroups } from '../lib/trend';

import { ChartFrame } from './chart-frame';
import { GroupBars, GroupPie } from './lazy-charts';

/** How many groups a chart names; the rest are one "other" group. */
const TYPE_LIMIT = 8;
const PROVINCE_LIMIT = 10;

/** Devices by type (a doughnut) or by province (bars). */
export function DeviceGroupsCard({ kind, groups }: { kind: 'byType' | 'byProvince'; groups: NamedCount[] | null }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const shown = useMemo(
    () => topGroups(groups, kind === 'byType' ? TYPE_LIMIT : PROVINCE_LIMIT, t('home.other')),
    [groups, kind, t],
  );
  const height = kind === 'byType' ? (screens.md ? 300 : 260) : Math.max(200, Math.min(shown.length, PROVINCE_LIMIT) * 32 + 32);
  const Chart = kind === 'byType' ? GroupPie : GroupBars;
  return (
    <Card size="small" title={t(`home.${kind}.title`)} style={{ height: '100%' }}>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noDevices')} />
      ) : (
        <ChartFrame label={t(`home.${kind}.chart`)} height={height}>
          <Chart groups={shown} countName={t('home.count')} height={height} wanUnit={t('format.wan')} />
        </ChartFrame>
      )}
    </Card>
  );
}
