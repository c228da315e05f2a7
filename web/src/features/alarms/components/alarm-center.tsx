import { CheckOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ExportButton } from '@/components/ui/export-button';
import { FilterBar, TablePage, type FilterTable } from '@/components/ui/table-page';
import { deviceDetailPath } from '@/config/paths';
import { useIsPlatform } from '@/lib/auth-store';
import { Permission, usePermission } from '@/lib/authorization';
import { formatDuration } from '@/lib/duration';
import { asList, dayRange, known, knownList, positiveInt } from '@/lib/filter-values';
import { buildDayRange, formatDateTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useTableQuery } from '@/lib/use-table-query';
import { alarmStateOf, formatAlarmValue } from '@/shared/alarms/alarm-format';
import { AlarmStateTag } from '@/shared/alarms/alarm-state-tag';
import { useAckAlarm } from '@/shared/alarms/api/ack-alarm';
import { useAckAlarms } from '@/shared/alarms/api/ack-alarms';
import { StepBy } from '@/shared/alarms/step-by';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import { regionCodes } from '@/shared/regions/region';
import { RegionCascader } from '@/shared/regions/region-cascader';

import { exportAlarms } from '../api/export-alarms';
import { useAlarms } from '../api/get-alarms';
import { useStageCounts } from '../api/get-stage-counts';
import {
  ALARM_KINDS,
  ALARM_LEVELS,
  ALARM_TABS,
  type Alarm,
  type AlarmListQuery,
  type AlarmTab,
} from '../types';

import { AlarmStageTag } from './alarm-stage-tag';
import { HandleAlarmDialog } from './handle-alarm-dialog';

/** `stage` is the tab (not a field of the filter form): absent is the default tab, New. */
const FILTERS = {
  stage: 'text',
  kind: 'list',
  level: 'text',
  time: 'list',
  companyId: 'text',
  region: 'list',
  imei: 'text',
} as const;
/** Most severe first (gas high, gas low, fault, offline, low battery), then the oldest first. */
const DEFAULT_SORT = 'severity,startedAt';
const DEFAULTS = { pageSize: 20, sort: DEFAULT_SORT };
const DEFAULT_TAB: AlarmTab = 'new';

interface FilterFormValues {
  kind?: string[];
  level?: string;
  time?: [Dayjs, Dayjs] | null;
  companyId?: number;
  region?: string[];
  imei?: string;
}

function AckButton({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ack = useAckAlarm({ onSuccess: () => void message.success(t('alarm.ackDone')) });
  return (
    <Popconfirm
      title={t('alarm.ackTitle')}
      description={t('alarm.ackConfirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={() => ack.mutateAsync(alarm).catch(() => undefined)}
    >
      <Button type="link" size="small" loading={ack.isPending} aria-label={t('alarm.acknowledgeAlarm', { id: alarm.id })}>
        {t('alarm.acknowledge')}
      </Button>
    </Popconfirm>
  );
}

/**
 * The Alarm Center: every alarm the user may see, by stage (tabs), most severe and oldest first, with
 * acknowledge (one or the selected rows) and handle (a note) for holders of AlarmManagement:handle, and an
 * export for holders of AlarmManagement:export. Tab, filters, page and sort live in the URL; the live feed
 * refreshes the list on an alarm event (lib/query-keys.ts 'alarm').
 */
export function AlarmCenter() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isPlatform = useIsPlatform();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const companies = useCompanyOptions(isPlatform);
  const canHandle = usePermission('AlarmManagement:handle');
  const canOpenDevice = usePermission('DeviceManagement');
  const now = useNow(10_000);
  const [handling, setHandling] = useState<Alarm | null>(null);
  const [selected, setSelected] = useState<Alarm[]>([]);
  const ackMany = useAckAlarms();

  const f = table.filters;
  const tab: AlarmTab = known(f.stage ?? '', ALARM_TABS) ?? DEFAULT_TAB;
  const kind = knownList(f.kind, ALARM_KINDS);
  const level = known(f.level ?? '', ALARM_LEVELS);
  const days = dayRange(f.time);
  const companyId = isPlatform ? positiveInt(f.companyId) : undefined;
  const region = isPlatform ? f.region : [];
  const codes = regionCodes(region);
  const query: AlarmListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    stage: tab === 'all' ? undefined : [tab],
    kind: kind.length > 0 ? kind : undefined,
    level: asList(level),
    startedAt: days ? buildDayRange(...days) : undefined,
    companyId: asList(companyId),
    provinceCode: asList(codes.provinceCode || undefined),
    cityCode: asList(codes.cityCode || undefined),
    countyCode: asList(codes.countyCode || undefined),
    imei: f.imei,
  };
  const alarms = useAlarms(query);
  const counts = useStageCounts(query);
  const list = useMemo(() => alarms.data?.list ?? [], [alarms.data]);

  // A selection belongs to the rows on screen: another tab, filter or page starts a new one, and a row
  // that leaves the list (acknowledged elsewhere, live) leaves the selection.
  const queryKey = JSON.stringify(query);
  useEffect(() => setSelected([]), [queryKey]);
  useEffect(() => {
    setSelected((rows) => rows.filter((row) => list.some((a) => a.id === row.id && a.ackAt === null)));
  }, [list]);

  // Search and Reset keep the tab: it is where the user is, the form narrows within it.
  const stage = tab === DEFAULT_TAB ? undefined : tab;
  const filterTable: FilterTable<typeof FILTERS> = {
    spec: table.spec,
    setFilters: (filters) => table.setFilters({ ...filters, stage }),
    resetFilters: () =>
      table.setFilters({ stage, kind: [], level: undefined, time: [], companyId: undefined, region: [], imei: undefined }),
  };
  // Only a new alarm can be acknowledged: selection on the tabs that may show one.
  const canSelect = canHandle && (tab === 'new' || tab === 'all');
  const setTab = (next: string) =>
    table.setFilters({ ...table.filters, stage: next === DEFAULT_TAB ? undefined : next });

  const formValues: FilterFormValues = {
    kind,
    level,
    time: days,
    companyId,
    region: region.length > 0 ? region : undefined,
    imei: f.imei,
  };

  const units = {
    day: t('alarm.units.day'),
    hour: t('alarm.units.hour'),
    minute: t('alarm.units.minute'),
    second: t('alarm.units.second'),
  };
  const empty = t('common.empty');
  const companyName = (id: number) => companies.data?.find((c) => c.id === id)?.name ?? `#${id}`;

  const ackSelected = async () => {
    try {
      const answer = await ackMany.mutateAsync(selected);
      const counts = { acknowledged: answer.acknowledged.length, skipped: answer.skipped.length };
      if (counts.skipped > 0) void message.warning(t('alarm.bulkDoneSkipped', counts));
      else void message.success(t('alarm.bulkDone', counts));
      setSelected([]);
    } catch {
      // the request layer showed it
    }
  };

  const columns: TableColumnsType<Alarm> = [
    {
      title: t('alarm.alarm'),
      key: 'severity',
      width: 110,
      render: (_, a) => <AlarmStateTag state={alarmStateOf(a)} />,
    },
    {
      title: t('alarm.stage'),
      key: 'stage',
      width: 170,
      render: (_, a) => <AlarmStageTag stage={a.stage} />,
    },
    {
      title: t('alarm.device'),
      key: 'device',
      width: 210,
      render: (_, a) => (
        <div>
          <div>
            {canOpenDevice ? (
              <Link to={deviceDetailPath(a.deviceId)}>{a.deviceName || `#${a.deviceId}`}</Link>
            ) : (
              a.deviceName || `#${a.deviceId}`
            )}
          </div>
          <div className="secondary-text">{a.imei}</div>
          {isPlatform && <div className="secondary-text">{companyName(a.companyId)}</div>}
        </div>
      ),
    },
    {
      title: t('alarm.startedAt'),
      dataIndex: 'startedAt',
      key: 'startedAt',
      width: 170,
      sorter: true,
      sortOrder: table.sortOrder('startedAt'),
      render: (v: number) => formatDateTime(v),
    },
    {
      title: t('alarm.endedAt'),
      key: 'endedAt',
      width: 170,
      render: (_, a) => (a.endedAt === null ? <Typography.Text type="danger">{t('alarm.ongoing')}</Typography.Text> : formatDateTime(a.endedAt)),
    },
    {
      title: t('alarm.duration'),
      key: 'duration',
      width: 120,
      render: (_, a) => {
        const ms = a.durationMs ?? Math.max(0, (a.endedAt ?? Math.max(now, Date.now())) - a.startedAt);
        return formatDuration(ms, units) || empty;
      },
    },
    {
      title: t('alarm.peak'),
      dataIndex: 'peak',
      key: 'peak',
      width: 110,
      sorter: true,
      sortOrder: table.sortOrder('peak'),
      render: (_, a) => formatAlarmValue(a.kind, a.peak) || empty,
    },
    {
      title: t('alarm.acknowledgedBy'),
      key: 'ack',
      width: 170,
      render: (_, a) => <StepBy account={a.ackAccount} at={a.ackAt} />,
    },
    {
      title: t('alarm.handledBy'),
      key: 'handled',
      width: 220,
      render: (_, a) => (
        <div>
          <StepBy account={a.handledAccount} at={a.handledAt} />
          {a.handleNote && (
            <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: { title: a.handleNote, placement: 'topLeft' } }}>
              {a.handleNote}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0} wrap>
          {canHandle && a.ackAt === null && <AckButton alarm={a} />}
          {canHandle && a.ackAt !== null && a.handledAt === null && (
            <Button type="link" size="small" onClick={() => setHandling(a)} aria-label={t('alarm.handleAlarm', { id: a.id })}>
              {t('alarm.handle')}
            </Button>
          )}
          {canOpenDevice && (
            <Link
              to={deviceDetailPath(a.deviceId)}
              aria-label={t('alarm.openDeviceOf', { name: a.deviceName || a.imei })}
              style={{ padding: '0 7px' }}
            >
              {t('alarm.openDevice')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={filterTable} name="alarmFilters" label={t('route.alarm')} values={formValues}>
          <Form.Item name="kind" label={t('alarm.kind')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('alarm.kindPlaceholder')}
              style={{ minWidth: 160 }}
              options={ALARM_KINDS.map((k) => ({ value: k, label: t(`alarm.kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="level" label={t('alarm.level')}>
            <Select
              allowClear
              placeholder={t('alarm.levelPlaceholder')}
              style={{ width: 120 }}
              options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarm.levels.${l}`) }))}
            />
          </Form.Item>
          <Form.Item name="time" label={t('alarm.timeRange')}>
            <DatePicker.RangePicker placeholder={[t('common.startDate'), t('common.endDate')]} />
          </Form.Item>
          {isPlatform && (
            <Form.Item name="companyId" label={t('alarm.company')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('alarm.companyPlaceholder')}
                style={{ width: 200 }}
                loading={companies.isPending}
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          )}
          {isPlatform && (
            <Form.Item name="region" label={t('alarm.region')}>
              <RegionCascader style={{ width: 220 }} />
            </Form.Item>
          )}
          <Form.Item name="imei" label={t('alarm.imei')}>
            <Input placeholder={t('alarm.imeiPlaceholder')} allowClear style={{ width: 170 }} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        aria-label={t('alarm.tabsLabel')}
        items={ALARM_TABS.map((key) => {
          const label = t(`alarm.tabs.${key}`);
          const count = key === 'all' ? undefined : counts[key];
          return { key, label: count === undefined ? label : t('alarm.tabCount', { label, count }) };
        })}
      />
      <div className="table-page-toolbar">
        {canSelect && (
          <Popconfirm
            title={t('alarm.bulkTitle', { count: selected.length })}
            description={t('alarm.ackConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            disabled={selected.length === 0}
            onConfirm={ackSelected}
          >
            <Button icon={<CheckOutlined />} disabled={selected.length === 0} loading={ackMany.isPending}>
              {selected.length > 0 ? t('alarm.ackSelectedCount', { count: selected.length }) : t('alarm.ackSelected')}
            </Button>
          </Popconfirm>
        )}
        <Permission code="AlarmManagement:export">
          <ExportButton onExport={(onProgress) => exportAlarms(query, onProgress)} fallbackName="alarms.xlsx" />
        </Permission>
      </div>
      <Table<Alarm>
        rowKey="id"
        columns={columns}
        dataSource={list}
        loading={alarms.isFetching && !alarms.data}
        scroll={{ x: 1500 }}
        rowSelection={
          canSelect
            ? {
                selectedRowKeys: selected.map((a) => a.id),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (a) => ({ disabled: a.ackAt !== null, 'aria-label': t('alarm.selectAlarm', { id: a.id }) }),
              }
            : undefined
        }
        {...table.tableProps<Alarm>(alarms.data?.total)}
      />
      <HandleAlarmDialog alarm={handling} onClose={() => setHandling(null)} />
    </TablePage>
  );
}
