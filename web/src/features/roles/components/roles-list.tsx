import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FilterBar, TablePage } from '@/components/ui/table-page';
import { Permission } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import type { Role } from '@/types/api';

import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';

import { RoleFormDialog } from './role-form-dialog';

const FILTERS = { name: 'text' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };

interface FilterFormValues {
  name?: string;
}

function DeleteRoleButton({ role }: { role: Role }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const deleteRole = useDeleteRole({ onSuccess: () => void message.success(t('roles.deleted')) });
  return (
    <Popconfirm
      title={t('roles.deleteTitle')}
      description={t('roles.deleteConfirm', { name: role.name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => deleteRole.mutateAsync(role.id).catch(() => undefined)}
    >
      <Button type="link" size="small" danger loading={deleteRole.isPending} aria-label={`${t('common.delete')} ${role.name}`}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}

/** Role Management: name filter, paginated list, create/edit dialog, delete with confirmation. */
export function RolesList() {
  const { t } = useTranslation();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const [dialog, setDialog] = useState<{ open: boolean; role: Role | null }>({ open: false, role: null });
  const roles = useRoles({ page: table.page, pageSize: table.pageSize, sort: table.sort, name: table.filters.name });

  const columns: TableColumnsType<Role> = [
    { title: t('roles.name'), dataIndex: 'name', key: 'name', sorter: true, sortOrder: table.sortOrder('name') },
    { title: t('roles.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true, render: (v: string) => v || t('common.empty') },
    {
      title: t('roles.permissionCount'),
      key: 'permissions',
      width: 110,
      render: (_, role) => role.permissions.length,
    },
    { title: t('roles.userCount'), dataIndex: 'userCount', key: 'userCount', width: 100 },
    {
      title: t('roles.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: table.sortOrder('createdAt'),
      render: (v: number) => formatDateTime(v),
    },
    { title: t('roles.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', render: (v: number) => formatDateTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      render: (_, role) => (
        <Space size={0}>
          <Permission code="RoleManagement:update">
            <Button type="link" size="small" onClick={() => setDialog({ open: true, role })} aria-label={`${t('common.edit')} ${role.name}`}>
              {t('common.edit')}
            </Button>
          </Permission>
          <Permission code="RoleManagement:delete">
            <DeleteRoleButton role={role} />
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <TablePage
      filters={
        <FilterBar<FilterFormValues>
          form={form}
          name="roleFilters"
          label={t('route.role')}
          values={{ name: table.filters.name }}
          onSearch={(values) => table.setFilters({ name: values.name })}
          onReset={table.resetFilters}
        >
          <Form.Item name="name" label={t('roles.name')}>
            <Input placeholder={t('roles.namePlaceholder')} allowClear />
          </Form.Item>
        </FilterBar>
      }
      toolbar={
        <Permission code="RoleManagement:create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, role: null })}>
            {t('common.create')}
          </Button>
        </Permission>
      }
    >
      <Table<Role>
        rowKey="id"
        columns={columns}
        dataSource={roles.data?.list ?? []}
        loading={roles.isFetching}
        scroll={{ x: 900 }}
        {...table.tableProps<Role>(roles.data?.total)}
      />
      <RoleFormDialog open={dialog.open} role={dialog.role} onClose={() => setDialog({ open: false, role: null })} />
    </TablePage>
  );
}
