import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ResetPasswordDialog } from '@/components/ui/reset-password-dialog';
import { StatusSwitch } from '@/components/ui/status-switch';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { useAuthStore } from '@/lib/auth-store';
import { Permission, usePermission } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import type { ManagedUser, UserListQuery } from '@/types/api';

import { useDeleteUser } from '../api/delete-user';
import { useCompanyOptions } from '../api/get-company-options';
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

function positiveInt(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

function DeleteUserButton({ user, reason }: { user: ManagedUser; reason: ProtectedReason | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const deleteUser = useDeleteUser({ onSuccess: () => void message.success(t('users.deleted')) });
  const button = (
    <Button
      type="link"
      size="small"
      danger
      disabled={reason !== null}
      loading={deleteUser.isPending}
      aria-label={`${t('common.delete')} ${user.account}`}
    >
      {t('common.delete')}
    </Button>
  );
  if (reason) return <Tooltip title={t(REASON_KEYS[reason])}>{button}</Tooltip>;
  return (
    <Popconfirm
      title={t('users.deleteTitle')}
      description={t('users.deleteConfirm', { account: user.account })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => deleteUser.mutateAsync(user.id).catch(() => undefined)}
    >
      {button}
    </Popconfirm>
  );
}

function UserStatus({ user, reason }: { user: ManagedUser; reason: ProtectedReason | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canChange = usePermission('UserManagement:status');
  const setStatus = useSetUserStatus();
  const enabled = user.status === 1;
  if (!canChange) {
    return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>;
  }
  return (
    <StatusSwitch
      checked={enabled}
      label={`${t('common.status')} ${user.account}`}
      disabled={reason !== null}
      disabledReason={reason ? t(REASON_KEYS[reason]) : undefined}
      confirmTitle={enabled ? t('users.disableTitle') : t('users.enableTitle')}
      confirmContent={t(enabled ? 'users.disableConfirm' : 'users.enableConfirm', { account: user.account })}
      onConfirm={async () => {
        await setStatus.mutateAsync({ id: user.id, status: enabled ? 0 : 1 });
        void message.success(enabled ? t('users.disabledMessage') : t('users.enabledMessage'));
      }}
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
  const isPlatform = me?.companyId === null || me?.companyId === undefined;
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const [dialog, setDialog] = useState<{ open: boolean; user: ManagedUser | null }>({ open: false, user: null });
  const [granting, setGranting] = useState<ManagedUser | null>(null);
  const [resetting, setResetting] = useState<ManagedUser | null>(null);
  const companies = useCompanyOptions(isPlatform);
  const canListRoles = usePermission(ROLE_LIST_CODE);
  const roleOptions = useRoleOptions(undefined, canListRoles);

  const { account, name, phone, status } = table.filters;
  const companyId = isPlatform ? positiveInt(table.filters.companyId) : undefined;
  const roleId = positiveInt(table.filters.roleId);
  const statusValue = status === '0' || status === '1' ? Number(status) : undefined;
  const query: UserListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    account,
    name,
    phone,
    companyId,
    roleId,
    status: statusValue,
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
    {
      title: t('common.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      sorter: true,
      sortOrder: table.sortOrder('status'),
      render: (_, user) => <UserStatus user={user} reason={protectedReason(user, me)} />,
    },
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
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: table.sortOrder('createdAt'),
      render: (v: number) => formatDateTime(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 250,
      render: (_, user) => {
        const reason = protectedReason(user, me);
        return (
          <Space size={0} wrap>
            <Permission code="UserManagement:update">
              <Button type="link" size="small" onClick={() => setDialog({ open: true, user })} aria-label={`${t('common.edit')} ${user.account}`}>
                {t('common.edit')}
              </Button>
            </Permission>
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
            <Permission code="UserManagement:resetPassword">
              <Button
                type="link"
                size="small"
                disabled={!canResetPassword(user, me)}
                onClick={() => setResetting(user)}
                aria-label={`${t('common.resetPassword')} ${user.account}`}
              >
                {t('common.resetPassword')}
              </Button>
            </Permission>
            <Permission code="UserManagement:delete">
              <DeleteUserButton user={user} reason={reason} />
            </Permission>
          </Space>
        );
      },
    },
  ];

  return (
    <TablePage
      filters={
        <FilterBar<FilterFormValues>
          form={form}
          name="userFilters"
          label={t('route.user')}
          values={formValues}
          onSearch={(values) =>
            table.setFilters({
              account: values.account,
              name: values.name,
              phone: values.phone,
              companyId: values.companyId ? String(values.companyId) : undefined,
              roleId: values.roleId ? String(values.roleId) : undefined,
              status: values.status,
            })
          }
          onReset={table.resetFilters}
        >
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
            <Form.Item name="companyId" label={t('users.company')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('users.companyPlaceholder')}
                style={{ width: 200 }}
                loading={companies.isPending}
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
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
          <Form.Item name="status" label={t('common.status')}>
            <Select
              allowClear
              placeholder={t('common.statusPlaceholder')}
              style={{ width: 120 }}
              options={[
                { value: '1', label: t('common.enabled') },
                { value: '0', label: t('common.disabled') },
              ]}
            />
          </Form.Item>
        </FilterBar>
      }
      toolbar={
        <Permission code="UserManagement:create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, user: null })}>
            {t('common.create')}
          </Button>
        </Permission>
      }
    >
      <Table<ManagedUser>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        scroll={{ x: isPlatform ? 1500 : 1320 }}
        {...table.tableProps<ManagedUser>(users.data?.total)}
      />
      <UserFormDialog open={dialog.open} user={dialog.user} onClose={() => setDialog({ open: false, user: null })} />
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
