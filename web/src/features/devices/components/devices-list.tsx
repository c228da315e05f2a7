import { ImportOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Badge, Button, Form, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ExportButton } from '@/components/ui/export-button';
import { useEditDialog } from '@/components/ui/form-dialog';
import { actionsColumn, statusColumn } from '@/components/ui/list-columns';
import { CreateButton, MoreActions, RecordStatusCell, RowAction, StatusFilter } from '@/components/ui/list-page';
import { SignalBars } from '@/components/ui/signal-bars';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { deviceDetailPath } from '@/config/paths';
import { useIsPlatform } from '@/lib/auth-store';
import { Permission, usePermission } from '@/lib/authorization';
import { asList, knownList, positiveInt, zeroOne } from '@/lib/filter-values';
import { formatDateTime } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import { ALARM_STATES, AlarmStateTag } from '@/shared/alarms/alarm-state-tag';
import { CompanyFilter } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import { useDeviceTypeOptions } from '@/shared/devices/api/get-device-type-options';
import { formatThresholds, pendingGroups } from '@/shared/devices/lib/device-rules';
import { DeviceCommandDialog } from '@/shared/devices/components/device-command-dialog';
import { DeviceFormDialog } from '@/shared/devices/components/device-form-dialog';
import { DeviceParamsDialog } from '@/shared/devices/components/device-params-dialog';
import { regionCodes } from '@/shared/regions/region';
import { RegionCascader } from '@/shared/regions/region-cascader';
import type { Device } from '@/types/api';

import { useDeleteDevice } from '../api/delete-device';
import { exportDevices } from '../api/export-devices';
import { useDevices } from '../api/get-devices';
import type { ImportKind } from '../api/get-import-template';
import { useRotateDeviceSecret } from '../api/rotate-device-secret';
import { useSetDeviceStatus } from '../api/set-device-status';
import type { DeviceListQuery } from '../types';

import { DeviceImportDialog } from './device-import-dialog';
import { liveMethane, liveVoltage, relativeTime } from './device-rules';
import { SecretDialog, type ShownSecret } from './secret-dialog';

const FILTERS = {
  imei: 'text',
  name: 'text',
  typeId: 'text',
  companyId: 'text',
  region: 'list',
  status: 'text',
  online: 'text',
  alarmState: 'list',
} as const;
/** Alarming devices first, the most urgent state first, then the newest (the server's severity sort). */
const ALARMING_FIRST = 'severity,-createdAt';
const NEWEST_FIRST = '-createdAt';
const DEFAULTS = { pageSize: 20, sort: ALARMING_FIRST };
/** Columns a fresh user does not see, so that the list fits a 1440 px screen (column settings show them). */
const DEFAULT_HIDDEN = ['online', 'voltage', 'type', 'regionName'];

interface FilterFormValues {
  imei?: string;
  name?: string;
  typeId?: number;
  companyId?: number;
  region?: string[];
  status?: string;
  online?: string;
  alarmState?: string[];
}

/** Confirmed thresholds, and the wanted ones in a "pending" tag while the device has not confirmed them. */
export function ThresholdCell({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { wanted: w, confirmed: c } = device;
  const pending = pendingGroups(device);
  const wantedText = formatThresholds(w.alertLow, w.alertHigh);
  return (
    <Space size={4} wrap>
      <span>{formatThresholds(c.alertLow, c.alertHigh)}</span>
      {pending.includes('alert') && (
        <Tooltip title={t('device.pendingTitle', { value: wantedText })}>
          <Tag color="processing" className="device-pending">
            {t('device.pending')} {wantedText}
          </Tag>
        </Tooltip>
      )}
      {!pending.includes('alert') && pending.length > 0 && (
        <Tag color="processing" className="device-pending">
          {t('device.pending')}
        </Tag>
      )}
    </Space>
  );
}

function LastSeen({ ts }: { ts: number | null }) {
  const { t } = useTranslation();
  if (!ts) return <Typography.Text type="secondary">{t('device.neverSeen')}</Typography.Text>;
  const { unit, count } = relativeTime(ts, Date.now());
  return (
    <Tooltip title={formatDateTime(ts)}>
      <span>{t(`device.ago.${unit}`, { count })}</span>
    </Tooltip>
  );
}

function DeviceStatus({ device }: { device: Device }) {
  const { t } = useTranslation();
  const setStatus = useSetDeviceStatus();
  const enabled = device.status === 1;
  return (
    <RecordStatusCell
      status={device.status}
      code="DeviceManagement:status"
      label={`${t('common.status')} ${device.imei}`}
      confirmTitle={enabled ? t('device.disableTitle') : t('device.enableTitle')}
      confirmContent={t(enabled ? 'device.disableConfirm' : 'device.enableConfirm', { name: device.name })}
      successMessage={enabled ? t('device.disabledMessage') : t('device.enabledMessage')}
      onChange={(status) => setStatus.mutateAsync({ id: device.id, status })}
    />
  );
}

/**
 * Alarm Device Management: filters in the URL (company for platform users), the live table (asked
 * again every LIVE_REFRESH_MS while visible), row actions, parameters for many selected rows at once,
 * imports with their results, export of the current filters.
 */
export function DevicesList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isPlatform = useIsPlatform();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const dialog = useEditDialog<Device>();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [paramsFor, setParamsFor] = useState<Device[]>([]);
  const [commandFor, setCommandFor] = useState<Device | null>(null);
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const [selected, setSelected] = useState<Device[]>([]);
  const companies = useCompanyOptions(isPlatform);
  const types = useDeviceTypeOptions();
  const canParam = usePermission('DeviceManagement:param');
  const rotate = useRotateDeviceSecret();
  const deleteDevice = useDeleteDevice();
  const [, setSearchParams] = useSearchParams();
  // The sort choice of the toolbar; the default is left out of the URL, as useTableQuery does.
  const setSort = (sort: string) =>
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('page');
      if (sort === DEFAULTS.sort) next.delete('sort');
      else next.set('sort', sort);
      return next;
    });

  const f = table.filters;
  const typeId = positiveInt(f.typeId);
  const companyId = isPlatform ? positiveInt(f.companyId) : undefined;
  const codes = regionCodes(f.region);
  const alarmState = knownList(f.alarmState, ALARM_STATES);
  const query: DeviceListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    imei: f.imei,
    name: f.name,
    typeId: asList(typeId),
    companyId: asList(companyId),
    provinceCode: asList(codes.provinceCode || undefined),
    cityCode: asList(codes.cityCode || undefined),
    countyCode: asList(codes.countyCode || undefined),
    status: asList(zeroOne(f.status)),
    online: asList(zeroOne(f.online)),
    alarmState: alarmState.length > 0 ? alarmState : undefined,
  };
  const devices = useDevices(query);

  const formValues: FilterFormValues = {
    imei: f.imei,
    name: f.name,
    typeId,
    companyId,
    region: f.region,
    status: zeroOne(f.status) === undefined ? undefined : f.status,
    online: zeroOne(f.online) === undefined ? undefined : f.online,
    alarmState,
  };

  const askRotate = (device: Device) => {
    modal.confirm({
      title: t('device.rotateTitle'),
      content: t('device.rotateConfirm', { name: device.name, imei: device.imei }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await rotate.mutateAsync(device.id);
          setSecret({ imei: device.imei, name: device.name, secret: answer.secret });
        } catch {
          // the request layer showed it
        }
      },
    });
  };

  // The selected rows as the list now shows them (their live state and parameters refreshed).
  const listed = new Map((devices.data?.list ?? []).map((d) => [d.id, d]));
  const selectedNow = selected.map((d) => listed.get(d.id) ?? d);

  const columns: TableColumnsType<Device> = [
    {
      title: t('device.imei'),
      dataIndex: 'imei',
      key: 'imei',
      width: 140,
      fixed: 'left',
      sorter: true,
      sortOrder: table.sortOrder('imei'),
      render: (imei: string, device) => <Link to={deviceDetailPath(device.id)}>{imei}</Link>,
    },
    { title: t('device.name'), dataIndex: 'name', key: 'name', width: 110, ellipsis: true, sorter: true, sortOrder: table.sortOrder('name') },
    {
      title: t('device.onlineState'),
      dataIndex: 'online',
      key: 'online',
      width: 90,
      render: (online: boolean) => <Badge status={online ? 'success' : 'default'} text={online ? t('device.online') : t('device.offline')} />,
    },
    {
      title: t('device.alarmState'),
      dataIndex: 'alarmState',
      key: 'alarmState',
      width: 100,
      render: (state: string) => <AlarmStateTag state={state} />,
    },
    {
      title: t('device.methane'),
      dataIndex: 'ch4',
      key: 'ch4',
      width: 110,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('ch4'),
      render: (v: number | null) => liveMethane(v),
    },
    { title: t('device.voltage'), dataIndex: 'voltage', key: 'voltage', width: 90, align: 'right', render: (v: number | null) => liveVoltage(v) },
    {
      title: t('device.signal'),
      dataIndex: 'signal',
      key: 'signal',
      width: 70,
      render: (v: number | null) => <SignalBars csq={v} />,
    },
    { title: t('device.thresholds'), key: 'thresholds', width: 105, render: (_, d) => <ThresholdCell device={d} /> },
    {
      title: t('device.lastSeen'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      width: 105,
      sorter: true,
      sortOrder: table.sortOrder('lastSeenAt'),
      render: (ts: number | null) => <LastSeen ts={ts} />,
    },
    {
      title: t('device.type'),
      key: 'type',
      width: 150,
      ellipsis: true,
      render: (_, d) => `${d.typeName} ${d.typeModel}`,
    },
    ...(isPlatform
      ? [{ title: t('device.company'), dataIndex: 'companyName', key: 'companyName', width: 120, ellipsis: true }]
      : []),
    { title: t('device.region'), dataIndex: 'regionName', key: 'regionName', width: 160, ellipsis: true },
    statusColumn(t('common.status'), (d) => <DeviceStatus device={d} />, { sortOrder: table.sortOrder, width: 80 }),
    actionsColumn(
      t('common.actions'),
      170,
      (d) => (
        <>
          <Link to={deviceDetailPath(d.id)} aria-label={`${t('device.detail')} ${d.imei}`} style={{ padding: '0 7px' }}>
            {t('device.detail')}
          </Link>
          <RowAction code="DeviceManagement:update" text={t('common.edit')} subject={d.imei} onClick={() => dialog.edit(d)} />
          <MoreActions
            subject={d.imei}
            actions={[
              { key: 'params', code: 'DeviceManagement:param', text: t('device.params'), onClick: () => setParamsFor([d]) },
              { key: 'command', code: 'DeviceManagement:command', text: t('device.command'), onClick: () => setCommandFor(d) },
              { key: 'secret', code: 'DeviceManagement:secret', text: t('device.rotateSecret'), onClick: () => askRotate(d) },
              {
                key: 'delete',
                code: 'DeviceManagement:delete',
                text: t('common.delete'),
                onClick: () => undefined,
                danger: {
                  title: t('device.deleteTitle'),
                  description: t('device.deleteConfirm', { name: d.name, imei: d.imei }),
                  successMessage: t('device.deleted'),
                  onConfirm: () => deleteDevice.mutateAsync(d.id),
                },
              },
            ]}
          />
        </>
      ),
      false,
    ),
  ];

  return (
    <TablePage
      defaultHidden={DEFAULT_HIDDEN}
      cardTitle={['imei', 'name']}
      filters={
        <FilterBar form={form} table={table} name="deviceFilters" label={t('route.device')} values={formValues}>
          <Form.Item name="imei" label={t('device.imei')}>
            <Input placeholder={t('device.imeiFilterPlaceholder')} allowClear style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="name" label={t('device.name')}>
            <Input placeholder={t('device.namePlaceholder')} allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="typeId" label={t('device.type')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('device.typePlaceholder')}
              style={{ width: 180 }}
              loading={types.isPending}
              options={(types.data ?? []).map((type) => ({ value: type.id, label: `${type.name} ${type.model}` }))}
            />
          </Form.Item>
          {isPlatform && (
            <CompanyFilter companies={companies} label={t('device.company')} placeholder={t('device.companyPlaceholder')} />
          )}
          <Form.Item name="region" label={t('device.region')}>
            <RegionCascader style={{ width: 220 }} />
          </Form.Item>
          <StatusFilter width={110} />
          <Form.Item name="online" label={t('device.onlineState')}>
            <Select
              allowClear
              placeholder={t('device.onlinePlaceholder')}
              style={{ width: 110 }}
              options={[
                { value: '1', label: t('device.online') },
                { value: '0', label: t('device.offline') },
              ]}
            />
          </Form.Item>
          <Form.Item name="alarmState" label={t('device.alarmState')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('device.alarmStatePlaceholder')}
              style={{ minWidth: 160 }}
              options={ALARM_STATES.map((s) => ({ value: s, label: t(`alarmState.${s}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
      toolbar={
        <>
          <Select
            aria-label={t('device.sortBy')}
            className="devices-sort"
            value={table.sort === ALARMING_FIRST || table.sort === NEWEST_FIRST ? table.sort : undefined}
            placeholder={t('device.sortBy')}
            onChange={setSort}
            style={{ minWidth: 130 }}
            options={[
              { value: ALARMING_FIRST, label: t('device.sortAlarming') },
              { value: NEWEST_FIRST, label: t('device.sortNewest') },
            ]}
          />
          {canParam && selected.length > 0 && (
            <Space size={4}>
              <Button icon={<SettingOutlined />} onClick={() => setParamsFor(selectedNow)}>
                {t('device.paramsManyCount', { count: selected.length })}
              </Button>
              <Button type="link" onClick={() => setSelected([])}>
                {t('device.clearSelection')}
              </Button>
            </Space>
          )}
          <Permission code="DeviceManagement:export">
            <ExportButton onExport={(onProgress) => exportDevices(query, onProgress)} fallbackName="devices.xlsx" />
          </Permission>
          <Permission code="DeviceManagement:param">
            <Button icon={<ImportOutlined />} onClick={() => setImporting('params')}>
              {t('device.paramImport')}
            </Button>
          </Permission>
          <Permission code="DeviceManagement:import">
            <Button icon={<ImportOutlined />} onClick={() => setImporting('devices')}>
              {t('device.import')}
            </Button>
          </Permission>
          <CreateButton code="DeviceManagement:create" onClick={dialog.create} />
        </>
      }
    >
      <Table<Device>
        rowKey="id"
        columns={columns}
        dataSource={devices.data?.list ?? []}
        // the spinner only for a change of page or filters, not for the live refresh
        loading={devices.isPending || devices.isPlaceholderData}
        rowSelection={
          canParam
            ? {
                selectedRowKeys: selected.map((d) => d.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys, rows) => {
                  // rows of other pages come back as undefined: keep what we knew of them
                  const known = new Map(selected.map((d) => [d.id, d]));
                  setSelected(
                    _keys
                      .map((key) => rows.find((r) => r?.id === key) ?? known.get(Number(key)))
                      .filter((d): d is Device => d !== undefined),
                  );
                },
              }
            : undefined
        }
        {...table.tableProps<Device>(devices.data?.total)}
      />
      <DeviceFormDialog
        open={dialog.open}
        device={dialog.record}
        onClose={dialog.close}
        onCreated={(device) => device.secret && setSecret({ imei: device.imei, name: device.name, secret: device.secret })}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <DeviceParamsDialog devices={paramsFor} onClose={() => setParamsFor([])} />
      <DeviceCommandDialog device={commandFor} onClose={() => setCommandFor(null)} />
      <DeviceImportDialog kind={importing} onClose={() => setImporting(null)} />
    </TablePage>
  );
}
