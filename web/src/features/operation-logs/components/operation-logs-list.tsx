import { Button, DatePicker, Form, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { dateTimeColumn } from '@/components/ui/list-columns';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { asList, dayRange } from '@/lib/filter-values';
import { buildDayRange } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import type { OperationLog, OperationLogQuery } from '@/types/api';

import { useOperationLogs } from '../api/get-operation-logs';
import { useActionLabel, useModuleLabel, useModuleOptions } from '../api/use-module-options';

import { statusColor } from './format-body';
import { OperationLogDetail } from './operation-log-detail';

const FILTERS = { account: 'text', module: 'text', status: 'list', time: 'list' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };
const STATUS_OPTIONS = [200, 400, 401, 403, 404, 409, 413, 422, 429, 500, 503];

interface FilterFormValues {
  account?: string;
  module?: string;
  status?: number[];
  time?: [Dayjs, Dayjs] | null;
}

/** Operation Records: filters (account, module, status, time range) kept in the URL, newest first. */
export function OperationLogsList() {
  const { t } = useTranslation();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const [detailId, setDetailId] = useState<number | null>(null);
  const { account, module, status, time } = table.filters;

  const days = dayRange(time);
  const query: OperationLogQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    account: asList(account),
    module: asList(module),
    status: status.map(Number).filter((n) => Number.isInteger(n)),
    createdAt: days ? buildDayRange(...days) : undefined,
  };
  const logs = useOperationLogs(query);
  const moduleOptions = useModuleOptions();
  const moduleLabel = useModuleLabel();
  const actionLabel = useActionLabel();

  const formValues: FilterFormValues = {
    account,
    module,
    status: query.status,
    time: days,
  };

  const columns: TableColumnsType<OperationLog> = [
    dateTimeColumn('createdAt', t('operationLogs.createdAt'), { sortOrder: table.sortOrder, width: 180 }),
    { title: t('operationLogs.account'), dataIndex: 'account', key: 'account', width: 130, render: (v: string) => v || t('common.empty') },
    {
      title: t('operationLogs.module'),
      dataIndex: 'module',
      key: 'module',
      width: 150,
      render: (v: string) => moduleLabel(v),
    },
    {
      title: t('operationLogs.action'),
      dataIndex: 'action',
      key: 'action',
      width: 120,
      render: (v: string) => actionLabel(v),
    },
    {
      title: t('operationLogs.path'),
      key: 'path',
      ellipsis: true,
      render: (_, log) => (
        <Typography.Text>
          <Tag>{log.method}</Tag>
          {log.path}
        </Typography.Text>
      ),
    },
    {
      title: t('operationLogs.status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag>,
    },
    { title: t('operationLogs.ip'), dataIndex: 'ip', key: 'ip', width: 130 },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, log) => (
        <Button type="link" size="small" onClick={() => setDetailId(log.id)} aria-label={`${t('common.detail')} #${log.id}`}>
          {t('common.detail')}
        </Button>
      ),
    },
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={table} name="operationLogFilters" label={t('route.operationLog')} values={formValues}>
          <Form.Item name="account" label={t('operationLogs.account')}>
            <Input placeholder={t('operationLogs.accountPlaceholder')} allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="module" label={t('operationLogs.module')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('operationLogs.modulePlaceholder')}
              style={{ width: 200 }}
              options={moduleOptions}
            />
          </Form.Item>
          <Form.Item name="status" label={t('operationLogs.status')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('operationLogs.statusPlaceholder')}
              style={{ minWidth: 180 }}
              options={STATUS_OPTIONS.map((s) => ({ value: s, label: String(s) }))}
            />
          </Form.Item>
          <Form.Item name="time" label={t('operationLogs.timeRange')}>
            <DatePicker.RangePicker placeholder={[t('common.startDate'), t('common.endDate')]} />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<OperationLog>
        rowKey="id"
        columns={columns}
        dataSource={logs.data?.list ?? []}
        loading={logs.isFetching}
        scroll={{ x: 1100 }}
        {...table.tableProps<OperationLog>(logs.data?.total)}
      />
      <OperationLogDetail id={detailId} onClose={() => setDetailId(null)} />
    </TablePage>
  );
}
