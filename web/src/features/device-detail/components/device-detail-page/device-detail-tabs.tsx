import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { Device } from '@/types/api';
import { AlarmsTable } from '../alarms/alarms-table';
import { CalibrationsTable } from '../calibrations/calibrations-table';
import { CommandsTable } from '../commands/commands-table';
import { ParametersPanel } from '../parameters/parameters-panel';
import { ReadingsChartPanel } from '../readings-chart/readings-chart-panel';
import { ReadingsTable } from '../readings-table/readings-table';

export const DETAIL_TABS = ['chart', 'readings', 'alarms', 'parameters', 'calibrations', 'commands'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** The tab in the URL (?tab=alarms), so that reload and a shared link open the same part. */
export function tabFromQuery(value: string | null): DetailTab {
  return (DETAIL_TABS as readonly string[]).includes(value ?? '') ? (value as DetailTab) : 'chart';
}

/** The parts of the page below the live header; a hidden part is unmounted and asks nothing. */
export function DeviceDetailTabs({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabFromQuery(searchParams.get('tab'));

  const content: Record<DetailTab, ReactNode> = {
    chart: <ReadingsChartPanel device={device} />,
    readings: <ReadingsTable deviceId={device.id} />,
    alarms: <AlarmsTable deviceId={device.id} deviceName={device.name} />,
    parameters: <ParametersPanel device={device} />,
    calibrations: <CalibrationsTable deviceId={device.id} />,
    commands: <CommandsTable deviceId={device.id} />,
  };

  return (
    <Card size="small">
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => {
          const next = new URLSearchParams(searchParams);
          next.set('tab', key);
          setSearchParams(next, { replace: true });
        }}
        items={DETAIL_TABS.map((key) => ({ key, label: t(`deviceDetail.tabs.${key}`), children: content[key] }))}
      />
    </Card>
  );
}
