import { Form, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useEditDialog } from '@/components/ui/form-dialog';
import { actionsColumn, dateTimeColumn, statusColumn } from '@/components/ui/list-columns';
import { CreateButton, DeleteAction, RecordStatusCell, RowAction, StatusFilter } from '@/components/ui/list-page';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { paths } from '@/config/paths';
import { useIsPlatform } from '@/lib/auth-store';
import { asList, positiveInt, zeroOne } from '@/lib/filter-values';
import { useTableQuery } from '@/lib/use-table-query';
import { CompanyFilter } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import { regionTreeQueryOptions } from '@/shared/regions/get-region-tree';

import { useDeleteSmsUser } from '../api/delete-sms-user';
import { useSmsUsers } from '../api/get-sms-users';
import { useSetSmsUserStatus } from '../api/set-sms-user-status';
import { ESCALATION_LEVELS, type SmsUser, type SmsUserListQuery } from '../types';

import { SmsUserFormDialog } from './sms-user-form-dialog';
import { indexRegions, quietHours, receivedKinds, regionName, scopeSummary } from './sms-user-rules';

const FILTERS = { name: 'text', phone: 'text', companyId: 'text', status: 'text', escalationLevel: 'text' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };

interface FilterFormValues {
  name?: string;
  phone?: string;
  companyId?: number;
  status?: string;
  escalationLevel?: string;
}

function DeleteButton({ user }: { user: SmsUser }) {
  const { t } = useTranslation();
  const remove = useDeleteSmsUser();
  return (
    <DeleteAction
      code="SmsUserManagement:delete"
      subject={user.name}
      title={t('smsUser.deleteTitle')}
      description={t('smsUser.deleteConfirm', { name: user.name, phone: user.phone })}
      successMessage={t('smsUser.deleted')}
      loading={remove.isPending}
      onConfirm={() => remove.mutateAsync(user.id)}
    />
  );
}

function UserStatus({ user }: { user: SmsUser }) {
  const { t } = useTranslation();
  const setStatus = useSetSmsUserStatus();
  const enabled = user.status === 1;
  return (
    <RecordStatusCell
      status={user.status}
      code="SmsUserManagement:status"
      label={`${t('common.status')} ${user.name}`}
      confirmTitle={enabled ? t('smsUser.disableTitle') : t('smsUser.enableTitle')}
      confirmContent={t(enabled ? 'smsUser.disableConfirm' : 'smsUser.enableConfirm', { name: user.name })}
      successMessage={enabled ? t('smsUser.disabledMessage') : t('smsUser.enabledMessage')}
      onChange={(status) => setStatus.mutateAsync({ id: user.id, status })}
    />
  );
}

/**
 * Notification User Management: who gets the SMS of a company's alarms. Filters in the URL (company for
 * platform users), the list, create/edit, status, delete. A company user sees its own users only.
 */
export function SmsUsersList() {
  const { t } = useTranslation();
  const isPlatform = useIsPlatform();
  const navigate = useNavigate();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const dialog = useEditDialog<SmsUser>();
  const companies = useCompanyOptions(isPlatform);

  const { name, phone, status, escalationLevel } = table.filters;
  const companyId = isPlatform ? positiveInt(table.filters.companyId) : undefined;
  const statusValue = zeroOne(status);
  const levelValue = escalationLevel && /^[0-3]$/.test(escalationLevel) ? Number(escalationLevel) : undefined;
  const query: SmsUserListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    name,
    phone,
    companyId: asList(companyId),
    status: asList(statusValue),
    escalationLevel: asList(levelValue),
  };
  const users = useSmsUsers(query);
  // Region names only when a listed user chose regions.
  const needRegions = (users.data?.list ?? []).some((u) => u.scope === 'regions');
  const regionTree = useQuery({ ...regionTreeQueryOptions(), enabled: needRegions });
  const regions = useMemo(() => indexRegions(regionTree.data ?? []), [regionTree.data]);

  const formValues: FilterFormValues = {
    name,
    phone,
    companyId,
    status: statusValue === undefined ? undefined : String(statusValue),
    escalationLevel: levelValue === undefined ? undefined : String(levelValue),
  };

  const columns: TableColumnsType<SmsUser> = [
    { title: t('smsUser.name'), dataIndex: 'name', key: 'name', width: 120, sorter: true, sortOrder: table.sortOrder('name') },
    { title: t('smsUser.phone'), dataIndex: 'phone', key: 'phone', width: 130 },
    ...(isPlatform
      ? [{ title: t('smsUser.company'), dataIndex: 'companyName', key: 'companyName', width: 180, ellipsis: true }]
      : []),
    {
      title: t('smsUser.kinds'),
      key: 'alarmKinds',
      width: 200,
      render: (_, user) => (
        <Space size={[0, 4]} wrap>
          {receivedKinds(user.alarmKinds).map((kind) => (
            <Tag key={kind}>
              {kind === 'gas' && user.gasMinLevel === 'high'
                ? t('smsUser.withDetail', { name: t('smsUser.kind.gas'), detail: t('smsUser.gasLevel.high') })
                : t(`smsUser.kind.${kind}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('smsUser.scope'),
      key: 'scope',
      width: 200,
      render: (_, user) => {
        const summary = scopeSummary(user, (code) => regionName(regions, code));
        if (summary.scope === 'all') return t('smsUser.scopeAll');
        const all =
          summary.scope === 'devices'
            ? (user.devices ?? []).map((d) => t('smsUser.withDetail', { name: d.name, detail: d.imei }))
            : (user.regionCodes ?? []).map((code) => regionName(regions, code));
        return (
          <Tooltip title={all.join('、')}>
            <span>
              <Tag color="blue">
                {summary.scope === 'devices'
                  ? t('smsUser.scopeDevices', { count: summary.count })
                  : t('smsUser.scopeRegions', { count: summary.count })}
              </Tag>
              {summary.names.join('、')}
              {summary.more > 0 && ` ${t('smsUser.scopeMore', { total: summary.count, more: summary.more })}`}
            </span>
          </Tooltip>
        );
      },
    },
    {
      title: t('smsUser.quietHours'),
      key: 'quiet',
      width: 140,
      render: (_, user) => {
        const quiet = quietHours(user.quietStart, user.quietEnd);
        if (!quiet) return <Typography.Text type="secondary">{t('smsUser.quietNone')}</Typography.Text>;
        return `${quiet.start}–${quiet.nextDay ? `${t('smsUser.quietNextDay')} ` : ''}${quiet.end}`;
      },
    },
    {
      title: t('smsUser.escalationLevel'),
      dataIndex: 'escalationLevel',
      key: 'escalationLevel',
      width: 110,
      sorter: true,
      sortOrder: table.sortOrder('escalationLevel'),
      render: (level: number) => (
        <Tooltip title={t(`smsUser.escalation.l${level}` as 'smsUser.escalation.l0')}>
          <Tag color={level > 0 ? 'orange' : 'default'}>{t(`smsUser.escalationShort.l${level}` as 'smsUser.escalationShort.l0')}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('smsUser.notifyOnEnd'),
      dataIndex: 'notifyOnEnd',
      key: 'notifyOnEnd',
      width: 100,
      render: (v: boolean) => (v ? t('common.enabled') : t('common.disabled')),
    },
    statusColumn(t('common.status'), (user) => <UserStatus user={user} />, { width: 90 }),
    dateTimeColumn('createdAt', t('common.createdAt'), { sortOrder: table.sortOrder, width: 170 }),
    actionsColumn(t('common.actions'), 190, (user) => (
      <>
        <RowAction code="SmsUserManagement:update" text={t('common.edit')} subject={user.name} onClick={() => dialog.edit(user)} />
        <RowAction
          code="SmsSendRecordManagement"
          text={t('smsUser.records')}
          subject={user.name}
          onClick={() => void navigate(`${paths.smsSendRecord}?phone=${encodeURIComponent(user.phone)}`)}
        />
        <DeleteButton user={user} />
      </>
    )),
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={table} name="smsUserFilters" label={t('route.smsUser')} values={formValues}>
          <Form.Item name="name" label={t('smsUser.name')}>
            <Input placeholder={t('smsUser.namePlaceholder')} allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('smsUser.phone')}>
            <Input placeholder={t('smsUser.phoneFilterPlaceholder')} allowClear style={{ width: 150 }} />
          </Form.Item>
          {isPlatform && (
            <CompanyFilter companies={companies} label={t('smsUser.company')} placeholder={t('smsUser.companyPlaceholder')} />
          )}
          <Form.Item name="escalationLevel" label={t('smsUser.escalationLevel')}>
            <Select
              allowClear
              placeholder={t('smsUser.escalationPlaceholder')}
              style={{ width: 170 }}
              options={ESCALATION_LEVELS.map((n) => ({ value: String(n), label: t(`smsUser.escalation.l${n}`) }))}
            />
          </Form.Item>
          <StatusFilter />
        </FilterBar>
      }
      toolbar={<CreateButton code="SmsUserManagement:create" onClick={dialog.create} />}
    >
      <Table<SmsUser>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: isPlatform ? 1610 : 1430 }}
        {...table.tableProps<SmsUser>(users.data?.total)}
      />
      <SmsUserFormDialog open={dialog.open} user={dialog.record} onClose={dialog.close} />
    </TablePage>
  );
}
