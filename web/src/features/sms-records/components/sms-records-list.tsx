import { DatePicker, Form, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { ExportButton } from '@/components/ui/export-button';
import { dateTimeColumn } from '@/components/ui/list-columns';
import { FilterBar, TablePage, type FilterTable } from '@/components/ui/table-page';
import { useIsPlatform } from '@/lib/auth-store';
import { Permission } from '@/lib/authorization';
import { formatDurationWords } from '@/lib/duration';
import { asList, dayRange, knownList, positiveInt } from '@/lib/filter-values';
import { buildDayRange, formatDateTime } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import { CompanyFilter } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import { vocabularyLabel } from '@/shared/vocabulary/vocabulary';

import { exportSmsRecords } from '../api/export-sms-records';
import { useSmsRecords } from '../api/get-sms-records';
import { SMS_EVENT_TYPES, SMS_STATUSES, type SmsRecord, type SmsRecordListQuery } from '../types';

import { isSmsStatus, smsReason, STATUS_COLORS } from './sms-record-rules';

/**
 * deviceId and alarmId are not fields of the filter form: they come from links (a device's detail page,
 * one of its alarms) and show as closable tags above the table.
 */
const FILTERS = {
  phone: 'text',
  companyId: 'text',
  status: 'list',
  eventType: 'list',
  time: 'list',
  deviceId: 'text',
  alarmId: 'text',
} as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };
const KINDS = ['gas', 'lowBattery', 'fault', 'offline'];

interface FilterFormValues {
  phone?: string;
  companyId?: number;
  status?: string[];
  eventType?: string[];
  time?: [Dayjs, Dayjs] | null;
}

function StatusTag({ record }: { record: SmsRecord }) {
  const { t, i18n } = useTranslation();
  const label = vocabularyLabel({ t, exists: (key) => i18n.exists(key) }, 'sms.status', record.status);
  if (!isSmsStatus(record.status)) return <Tag>{label}</Tag>;
  const hint = t(`smsRecord.statusHint.${record.status}`);
  const next =
    record.status === 'pending' && record.nextAttemptAt > 0
      ? t('smsRecord.nextAttempt', { time: formatDateTime(record.nextAttemptAt) })
      : '';
  return (
    <Tooltip
      title={
        <>
          <div>{hint}</div>
          {next && <div>{next}</div>}
        </>
      }
    >
      <Tag color={STATUS_COLORS[record.status]}>{label}</Tag>
    </Tooltip>
  );
}

/**
 * Why a message was not sent (a rule: throttle window, daily cap) in a sentence of the reader's language,
 * or what failed (the provider's words, red only for a failed message).
 */
function ReasonText({ record }: { record: SmsRecord }) {
  const { t, i18n } = useTranslation();
  const reason = smsReason(record);
  if (!reason) return t('common.empty');
  if (reason.kind === 'throttled') {
    const text = t('smsRecord.reason.throttled', { window: formatDurationWords(reason.windowMs, i18n.language) });
    return <span data-reason="throttled">{text}</span>;
  }
  if (reason.kind === 'capped') return <span data-reason="capped">{t('smsRecord.reason.capped', { limit: reason.limit })}</span>;
  return (
    <Tooltip title={reason.text} placement="topLeft">
      <Typography.Text type={reason.tone} ellipsis style={{ maxWidth: 200 }} data-reason="error">
        {reason.text}
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * SMS Notification Records: every message with its status and attempts. Filters (phone, status, event,
 * day range, company for platform users; a device or an alarm, from links) in the URL; export with the
 * same filters.
 */
export function SmsRecordsList() {
  const { t, i18n } = useTranslation();
  const isPlatform = useIsPlatform();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const companies = useCompanyOptions(isPlatform);

  const { phone, time } = table.filters;
  const companyId = isPlatform ? positiveInt(table.filters.companyId) : undefined;
  const status = knownList(table.filters.status, SMS_STATUSES);
  const eventType = knownList(table.filters.eventType, SMS_EVENT_TYPES);
  const days = dayRange(time);
  const deviceId = positiveInt(table.filters.deviceId);
  const alarmId = positiveInt(table.filters.alarmId);
  const query: SmsRecordListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    phone,
    companyId: asList(companyId),
    status,
    eventType,
    createdAt: days ? buildDayRange(...days) : undefined,
    deviceId: asList(deviceId),
    alarmId: asList(alarmId),
  };
  const records = useSmsRecords(query);

  // Search keeps the device and alarm filters (only their valid values): they are the context the page was
  // opened in ("the messages of alarm #88"), and the user searching within it narrows by phone or status;
  // each tag's close removes one of them, and Reset clears them with the rest.
  const filterTable: FilterTable<typeof FILTERS> = {
    spec: table.spec,
    resetFilters: table.resetFilters,
    setFilters: (filters) =>
      table.setFilters({ ...filters, deviceId: deviceId?.toString(), alarmId: alarmId?.toString() }),
  };
  const removeFilter = (key: 'deviceId' | 'alarmId') => table.setFilters({ ...table.filters, [key]: undefined });
  const linkFilters = [
    ...(alarmId ? [{ key: 'alarmId' as const, label: t('smsRecord.alarmFilter', { id: alarmId }) }] : []),
    ...(deviceId ? [{ key: 'deviceId' as const, label: t('smsRecord.deviceFilter', { id: deviceId }) }] : []),
  ];

  const formValues: FilterFormValues = {
    phone,
    companyId,
    status,
    eventType,
    time: days,
  };

  const eventLabel = (record: SmsRecord) => {
    if (record.eventType === 'reminder' && record.reminder > 0) return t('smsRecord.reminderN', { n: record.reminder });
    return vocabularyLabel({ t, exists: (key) => i18n.exists(key) }, 'sms.trigger', record.eventType);
  };
  const alarmLabel = (record: SmsRecord) => {
    const kind = KINDS.includes(record.alarmKind) ? t(`smsRecord.alarmKind.${record.alarmKind as 'gas'}`) : record.alarmKind;
    const level = record.level === 'low' || record.level === 'high' ? t(`smsRecord.level.${record.level}`) : '';
    return level ? `${kind} ${level}` : kind;
  };

  const columns: TableColumnsType<SmsRecord> = [
    dateTimeColumn('createdAt', t('smsRecord.createdAt'), { sortOrder: table.sortOrder, width: 170 }),
    {
      title: t('smsRecord.userName'),
      key: 'recipient',
      width: 140,
      render: (_, record) => (
        <div>
          <div>{record.userName || t('common.empty')}</div>
          <div className="secondary-text">{record.phone}</div>
        </div>
      ),
    },
    { title: t('smsRecord.device'), dataIndex: 'deviceName', key: 'deviceName', width: 150, ellipsis: true },
    {
      title: t('smsRecord.alarm'),
      key: 'alarm',
      width: 150,
      render: (_, record) => (
        <Space size={[0, 4]} wrap>
          <Tag color={record.level === 'high' ? 'red' : record.level === 'low' ? 'orange' : 'default'}>{alarmLabel(record)}</Tag>
          <span>{eventLabel(record)}</span>
        </Space>
      ),
    },
    {
      title: t('smsRecord.content'),
      dataIndex: 'content',
      key: 'content',
      width: 320,
      render: (v: string) => (
        <Typography.Paragraph
          style={{ marginBottom: 0 }}
          ellipsis={{ rows: 2, expandable: 'collapsible', tooltip: { title: v, placement: 'topLeft' } }}
        >
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('smsRecord.status'),
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (_, record) => <StatusTag record={record} />,
    },
    {
      title: t('smsRecord.error'),
      dataIndex: 'error',
      key: 'error',
      width: 220,
      render: (_, record) => <ReasonText record={record} />,
    },
    {
      title: t('smsRecord.attempts'),
      dataIndex: 'attempts',
      key: 'attempts',
      width: 100,
      sorter: true,
      sortOrder: table.sortOrder('attempts'),
    },
    {
      title: t('smsRecord.provider'),
      key: 'provider',
      width: 160,
      render: (_, record) => (
        <div>
          <div>{record.provider || t('common.empty')}</div>
          {record.providerMsgId && <div className="secondary-text">{record.providerMsgId}</div>}
        </div>
      ),
    },
    {
      title: t('smsRecord.sentAt'),
      dataIndex: 'sentAt',
      key: 'sentAt',
      width: 170,
      sorter: true,
      sortOrder: table.sortOrder('sentAt'),
      render: (v: number | null) => (v ? formatDateTime(v) : t('common.empty')),
    },
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={filterTable} name="smsRecordFilters" label={t('route.smsSendRecord')} values={formValues}>
          <Form.Item name="phone" label={t('smsRecord.phone')}>
            <Input placeholder={t('smsRecord.phonePlaceholder')} allowClear style={{ width: 150 }} />
          </Form.Item>
          {isPlatform && (
            <CompanyFilter companies={companies} label={t('smsRecord.company')} placeholder={t('smsRecord.companyPlaceholder')} />
          )}
          <Form.Item name="status" label={t('smsRecord.status')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('smsRecord.statusPlaceholder')}
              style={{ minWidth: 160 }}
              options={SMS_STATUSES.map((s) => ({ value: s, label: t(`smsRecord.statuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="eventType" label={t('smsRecord.event')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('smsRecord.eventPlaceholder')}
              style={{ minWidth: 160 }}
              options={SMS_EVENT_TYPES.map((e) => ({ value: e, label: t(`smsRecord.eventType.${e}`) }))}
            />
          </Form.Item>
          <Form.Item name="time" label={t('smsRecord.timeRange')}>
            <DatePicker.RangePicker placeholder={[t('common.startDate'), t('common.endDate')]} />
          </Form.Item>
        </FilterBar>
      }
      toolbar={
        <Permission code="SmsSendRecordManagement:export">
          <ExportButton onExport={(onProgress) => exportSmsRecords(query, onProgress)} fallbackName="sms-records.xlsx" />
        </Permission>
      }
    >
      {linkFilters.length > 0 && (
        <Space size={[8, 8]} wrap style={{ marginBottom: 12 }} role="group" aria-label={t('smsRecord.linkFilters')}>
          {linkFilters.map((f) => (
            <Tag
              key={f.key}
              color="blue"
              closable={{ 'aria-label': t('smsRecord.removeFilter', { filter: f.label }) }}
              onClose={(e) => {
                // The URL decides whether the tag shows.
                e.preventDefault();
                removeFilter(f.key);
              }}
            >
              {f.label}
            </Tag>
          ))}
        </Space>
      )}
      <Table<SmsRecord>
        rowKey="id"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        scroll={{ x: 1650 }}
        {...table.tableProps<SmsRecord>(records.data?.total)}
      />
    </TablePage>
  );
}
