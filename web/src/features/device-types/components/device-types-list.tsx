import { DatePicker, Form, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { ExportButton } from '@/components/ui/export-button';
import { useEditDialog } from '@/components/ui/form-dialog';
import { actionsColumn, dateTimeColumn } from '@/components/ui/list-columns';
import { CreateButton, DeleteAction, RowAction } from '@/components/ui/list-page';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { Permission } from '@/lib/authorization';
import { dayRange, knownList } from '@/lib/filter-values';
import { buildDayRange } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';

import { useDeleteDeviceType } from '../api/delete-device-type';
import { exportDeviceTypes } from '../api/export-device-types';
import { useDeviceTypes } from '../api/get-device-types';
import { DEVICE_TYPE_LINKS, DEVICE_TYPE_UNITS, type DeviceType, type DeviceTypeListQuery } from '../types';

import { formatRangeBound, formatThreshold, htmlToPlainText } from './device-type-rules';
import { DeviceTypeFormDialog } from './device-type-form-dialog';

const FILTERS = { name: 'text', model: 'text', manufacturer: 'text', unit: 'list', communication: 'list', created: 'list' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };

interface FilterFormValues {
  name?: string;
  model?: string;
  manufacturer?: string;
  unit?: string[];
  communication?: string[];
  created?: [Dayjs, Dayjs] | null;
}

function DeleteDeviceTypeButton({ deviceType }: { deviceType: DeviceType }) {
  const { t } = useTranslation();
  // A 409 (devices still use the type) is toasted by the request layer with the server's message.
  const deleteType = useDeleteDeviceType();
  return (
    <DeleteAction
      code="DeviceTypeManagement:delete"
      subject={deviceType.model}
      title={t('deviceType.deleteTitle')}
      description={t('deviceType.deleteConfirm', { name: deviceType.name, model: deviceType.model })}
      successMessage={t('deviceType.deleted')}
      loading={deleteType.isPending}
      onConfirm={() => deleteType.mutateAsync(deviceType.id)}
    />
  );
}

/**
 * Device Type Management (platform users): the catalogue's filters kept in the URL, the paginated
 * and sortable list, create/edit with the rich-text description, delete, export.
 */
export function DeviceTypesList() {
  const { t } = useTranslation();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const dialog = useEditDialog<DeviceType>();

  const { name, model, manufacturer, created } = table.filters;
  const unit = knownList(table.filters.unit, DEVICE_TYPE_UNITS);
  const communication = knownList(table.filters.communication, DEVICE_TYPE_LINKS);
  const createdDays = dayRange(created);
  const query: DeviceTypeListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    name,
    model,
    manufacturer,
    unit: unit.length > 0 ? unit : undefined,
    communication: communication.length > 0 ? communication : undefined,
    createdAt: createdDays ? buildDayRange(...createdDays) : undefined,
  };
  const types = useDeviceTypes(query);

  const formValues: FilterFormValues = {
    name,
    model,
    manufacturer,
    unit,
    communication,
    created: createdDays,
  };

  const columns: TableColumnsType<DeviceType> = [
    {
      title: t('deviceType.name'),
      dataIndex: 'name',
      key: 'name',
      width: 170,
      fixed: 'left',
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (value: string, type) => {
        const text = htmlToPlainText(type.description);
        return (
          <div>
            <div>{value}</div>
            {text && (
              // The description as plain text only: its HTML is never rendered outside the editor.
              <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ fontSize: 12, maxWidth: 150 }}>
                {text}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    { title: t('deviceType.model'), dataIndex: 'model', key: 'model', width: 130, sorter: true, sortOrder: table.sortOrder('model') },
    {
      title: t('deviceType.manufacturer'),
      dataIndex: 'manufacturer',
      key: 'manufacturer',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || t('common.empty'),
    },
    { title: t('deviceType.gas'), dataIndex: 'gas', key: 'gas', width: 80 },
    { title: t('deviceType.unit'), dataIndex: 'unit', key: 'unit', width: 80 },
    {
      title: t('deviceType.range'),
      key: 'range',
      width: 130,
      render: (_, type) => `${formatRangeBound(type.rangeMin)} ~ ${formatRangeBound(type.rangeMax)}`,
    },
    {
      title: t('deviceType.lowThreshold'),
      dataIndex: 'lowThreshold',
      key: 'lowThreshold',
      width: 120,
      align: 'right',
      render: (v: number) => formatThreshold(v),
    },
    {
      title: t('deviceType.highThreshold'),
      dataIndex: 'highThreshold',
      key: 'highThreshold',
      width: 120,
      align: 'right',
      render: (v: number) => formatThreshold(v),
    },
    {
      title: t('deviceType.reportInterval'),
      dataIndex: 'reportInterval',
      key: 'reportInterval',
      width: 110,
      render: (v: number) => t('deviceType.minutes', { value: v }),
    },
    {
      title: t('deviceType.heartbeatInterval'),
      dataIndex: 'heartbeatInterval',
      key: 'heartbeatInterval',
      width: 110,
      render: (v: number) => t('deviceType.minutes', { value: v }),
    },
    {
      title: t('deviceType.communication'),
      dataIndex: 'communication',
      key: 'communication',
      width: 110,
      render: (v: string) => <Tag>{v}</Tag>,
    },
    dateTimeColumn('updatedAt', t('deviceType.updatedAt'), { sortOrder: table.sortOrder, width: 170 }),
    dateTimeColumn('createdAt', t('common.createdAt'), { sortOrder: table.sortOrder, width: 170 }),
    actionsColumn(t('common.actions'), 130, (type) => (
      <>
        <RowAction code="DeviceTypeManagement:update" text={t('common.edit')} subject={type.model} onClick={() => dialog.edit(type)} />
        <DeleteDeviceTypeButton deviceType={type} />
      </>
    )),
  ];

  const unitOptions = DEVICE_TYPE_UNITS.map((u) => ({ value: u, label: u }));
  const linkOptions = DEVICE_TYPE_LINKS.map((c) => ({ value: c, label: c }));

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={table} name="deviceTypeFilters" label={t('route.deviceType')} values={formValues}>
          <Form.Item name="name" label={t('deviceType.name')}>
            <Input placeholder={t('deviceType.namePlaceholder')} allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="model" label={t('deviceType.model')}>
            <Input placeholder={t('deviceType.modelPlaceholder')} allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="manufacturer" label={t('deviceType.manufacturer')}>
            <Input placeholder={t('deviceType.manufacturerPlaceholder')} allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="unit" label={t('deviceType.unit')}>
            <Select mode="multiple" allowClear placeholder={t('deviceType.unitPlaceholder')} style={{ minWidth: 140 }} options={unitOptions} />
          </Form.Item>
          <Form.Item name="communication" label={t('deviceType.communication')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('deviceType.communicationPlaceholder')}
              style={{ minWidth: 160 }}
              options={linkOptions}
            />
          </Form.Item>
          <Form.Item name="created" label={t('common.createdRange')}>
            <DatePicker.RangePicker placeholder={[t('common.startDate'), t('common.endDate')]} />
          </Form.Item>
        </FilterBar>
      }
      toolbar={
        <>
          <Permission code="DeviceTypeManagement:export">
            <ExportButton onExport={(onProgress) => exportDeviceTypes(query, onProgress)} fallbackName={t('deviceType.exportName')} />
          </Permission>
          <CreateButton code="DeviceTypeManagement:create" onClick={dialog.create} />
        </>
      }
    >
      <Table<DeviceType>
        rowKey="id"
        columns={columns}
        dataSource={types.data?.list ?? []}
        loading={types.isFetching}
        scroll={{ x: 1710 }}
        {...table.tableProps<DeviceType>(types.data?.total)}
      />
      <DeviceTypeFormDialog open={dialog.open} deviceType={dialog.record} onClose={dialog.close} />
    </TablePage>
  );
}
