import { Button, Form, Input, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useEditDialog } from '@/components/ui/form-dialog';
import { actionsColumn, dateTimeColumn, statusColumn } from '@/components/ui/list-columns';
import { CreateButton, DeleteAction, RecordStatusCell, RowAction, StatusFilter } from '@/components/ui/list-page';
import { ResetPasswordDialog } from '@/components/ui/reset-password-dialog';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { isPlatformUser, useAuthStore } from '@/lib/auth-store';
import { Permission, usePermission } from '@/lib/authorization';
import { asList, positiveInt, zeroOne } from '@/lib/filter-values';
import { formatDateTime } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import { CompanyFilter } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import type { ManagedUser, UserListQuery } from '@/types/api';

import { useDeleteUser } from '../api/delete-user';
import { ROLE_LIST_CODE, useRoleOptions } from '../api/get-role-options';
import { useUsers } from '../api/get-users';
import { resetUserPassword } from '../api/reset-user-password';
import { useSetUserStatus } from '../api/set-user-status';

import { UserFormDialog } from './user-form-dialog';
import { UserPermissionDialog } from './user-permission-dialog';
import { canResetPassword, protectedReason, type ProtectedReason } from './user-rules';

const FILTERS = { account: 'text', name: 'text', phone: 'text', companyId: 'text', roleId: 'text', status: 'text' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };

interface FilterFormValues {
  account?: string;
  name?: string;
  phone?: string;
  companyId?: number;
  roleId?: number;
  status?: string;
}

const REASON_KEYS = {
  self: 'users.protectedSelf',
  admin: 'users.protectedAdmin',
  companyAdmin: 'users.protectedCompanyAdmin',
} as const satisfies Record<ProtectedReason, string>;

function DeleteUserButton({ user, reason }: { user: ManagedUser; reason: ProtectedReason | null }) {
  const { t } = useTranslation();
  const deleteUser = useDeleteUser();
  return (
    <DeleteAction
      code="UserManagement:delete"
      subject={user.account}
      title={t('users.deleteTitle')}
      description={t('users.deleteConfirm', { account: user.account })}
      successMessage={t('users.deleted')}
      loading={deleteUser.isPending}
      disabledReason={reason ? t(REASON_KEYS[reason]) : null}
      onConfirm={() => deleteUser.mutateAsync(user.id)}
    />
  );
}

function UserStatus({ user, reason }: { user: ManagedUser; reason: ProtectedReason | null }) {
  const { t } = useTranslation();
  const setStatus = useSetUserStatus();
  const enabled = user.status === 1;
  return (
    <RecordStatusCell
      status={user.status}
      code="UserManagement:status"
      label={`${t('common.status')} ${user.account}`}
      disabled={reason !== null}
      disabledReason={reason ? t(REASON_KEYS[reason]) : undefined}
      confirmTitle={enabled ? t('users.disableTitle') : t('users.enableTitle')}
      confirmContent={t(enabled ? 'users.disableConfirm' : 'users.enableConfirm', { account: user.account })}
      successMessage={enabled ? t('users.disabledMessage') : t('users.enabledMessage')}
      onChange={(status) => setStatus.mutateAsync({ id: user.id, status })}
    />
  );
}

/**
 * User Management: filters kept in the URL (company for platform users), the paginated and
 * sortable list, create/edit, status, permissions (roles + extra codes), password reset, delete.
 * A company user sees its company's users only (the server's scope) and no company column.
 */
export function UsersList() {
  const { t } = useTranslation();
  const me = useAuthStore((s) => s.userInfo);
  const isPlatform = isPlatformUser(me);
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const dialog = useEditDialog<ManagedUser>();
  const [granting, setGranting] = useState<ManagedUser | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);
  const companies = useCompanyOptions(isPlatform);
  const canListRoles = usePermission(ROLE_LIST_CODE);
  const roleOptions = useRoleOptions(undefined, canListRoles);

  const { account, name, phone, status } = table.filters;
  const companyId = isPlatform ? positiveInt(table.filters.companyId) : undefined;
  const roleId = positiveInt(table.filters.roleId);
  const statusValue = zeroOne(status);
  const query: UserListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    account,
    name,
    phone,
    companyId: asList(companyId),
    roleId: asList(roleId),
    status: asList(statusValue),
  };
  const users = useUsers(query);

  const companyName = useMemo(() => new Map((companies.data ?? []).map((c) => [c.id, c.name])), [companies.data]);
  const roleFilterOptions = (roleOptions.data ?? []).map((role) => ({
    value: role.id,
    label:
      isPlatform && role.companyId !== null
        ? `${role.name}（${companyName.get(role.companyId) ?? `#${role.companyId}`}）`
        : role.name,
  }));

  const formValues: FilterFormValues = {
    account,
    name,
    phone,
    companyId,
    roleId,
    status: statusValue === undefined ? undefined : String(statusValue),
  };

  const columns: TableColumnsType<ManagedUser> = [
    { title: t('users.account'), dataIndex: 'account', key: 'account', width: 140, sorter: true, sortOrder: table.sortOrder('account') },
    { title: t('users.name'), dataIndex: 'name', key: 'name', width: 120, sorter: true, sortOrder: table.sortOrder('name') },
    { title: t('users.phone'), dataIndex: 'phone', key: 'phone', width: 130, render: (v: string) => v || t('common.empty') },
    ...(isPlatform
      ? [
          {
            title: t('users.company'),
            dataIndex: 'companyName',
            key: 'companyName',
            width: 180,
            ellipsis: true,
            render: (v: string, user: ManagedUser) => (user.companyId === null ? <Tag>{t('users.platformUser')}</Tag> : v),
          },
        ]
      : []),
    {
      title: t('users.roles'),
      key: 'roles',
      width: 200,
      render: (_, user) => (
        <Space size={[0, 4]} wrap>
          {user.isCompanyAdmin && <Tag color="blue">{t('users.companyAdmin')}</Tag>}
          {user.rolesList.map((role) => (
            <Tag key={role.id}>{role.name}</Tag>
          ))}
          {!user.isCompanyAdmin && user.rolesList.length === 0 && t('common.empty')}
        </Space>
      ),
    },
    statusColumn(t('common.status'), (user) => <UserStatus user={user} reason={protectedReason(user, me)} />, { sortOrder: table.sortOrder }),
    {
      title: t('users.lastLogin'),
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      width: 180,
      sorter: true,
      sortOrder: table.sortOrder('lastLoginAt'),
      render: (_, user) =>
        user.lastLoginAt ? (
          <div>
            <div>{formatDateTime(user.lastLoginAt)}</div>
            <div className="secondary-text">{user.lastLoginIp}</div>
          </div>
        ) : (
          t('users.neverSignedIn')
        ),
    },
    dateTimeColumn('createdAt', t('common.createdAt'), { sortOrder: table.sortOrder, width: 170 }),
    actionsColumn(t('common.actions'), 250, (user) => {
      const reason = protectedReason(user, me);
      return (
        <>
          <RowAction code="UserManagement:update" text={t('common.edit')} subject={user.account} onClick={() => dialog.edit(user)} />
          <Permission code="UserManagement:permission">
            <Tooltip title={reason ? t(REASON_KEYS[reason]) : undefined}>
              <Button
                type="link"
                size="small"
                disabled={reason !== null}
                onClick={() => setGranting(user)}
                aria-label={`${t('users.permissionAction')} ${user.account}`}
              >
                {t('users.permissionAction')}
              </Button>
            </Tooltip>
          </Permission>
          <RowAction
            code="UserManagement:resetPassword"
            text={t('common.resetPassword')}
            subject={user.account}
            disabled={!canResetPassword(user, me)}
            onClick={() => setResetting(user)}
          />
          <DeleteUserButton user={user} reason={reason} />
        </>
      );
    }),
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={table} name="userFilters" label={t('route.user')} values={formValues}>
          <Form.Item name="account" label={t('users.account')}>
            <Input placeholder={t('users.accountPlaceholder')} allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="name" label={t('users.name')}>
            <Input placeholder={t('users.namePlaceholder')} allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('users.phone')}>
            <Input placeholder={t('users.phonePlaceholder')} allowClear style={{ width: 150 }} />
          </Form.Item>
          {isPlatform && (
            <CompanyFilter companies={companies} label={t('users.company')} placeholder={t('users.companyPlaceholder')} />
          )}
          {canListRoles && (
            <Form.Item name="roleId" label={t('users.role')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('users.rolePlaceholder')}
                style={{ width: 180 }}
                loading={roleOptions.isPending}
                options={roleFilterOptions}
              />
            </Form.Item>
          )}
          <StatusFilter />
        </FilterBar>
      }
      toolbar={<CreateButton code="UserManagement:create" onClick={dialog.create} />}
    >
      <Table<ManagedUser>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: isPlatform ? 1500 : 1320 }}
        {...table.tableProps<ManagedUser>(users.data?.total)}
      />
      <UserFormDialog open={dialog.open} user={dialog.record} onClose={dialog.close} />
      <UserPermissionDialog user={granting} onClose={() => setGranting(null)} />
      <ResetPasswordDialog
        open={resetting !== null}
        title={t('users.resetPasswordTitle')}
        description={resetting ? t('users.resetPasswordConfirm', { account: resetting.account }) : null}
        onReset={(password) => resetUserPassword(resetting!.id, { password })}
        onClose={() => setResetting(null)}
      />
    </TablePage>
  );
}
