import { Form, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

import { useEditDialog } from '@/components/ui/form-dialog';
import { actionsColumn, dateTimeColumn } from '@/components/ui/list-columns';
import { CreateButton, DeleteAction, RowAction } from '@/components/ui/list-page';
import { FilterBar, TablePage } from '@/components/ui/table-page';
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
  const deleteRole = useDeleteRole();
  return (
    <DeleteAction
      code="RoleManagement:delete"
      subject={role.name}
      title={t('roles.deleteTitle')}
      description={t('roles.deleteConfirm', { name: role.name })}
      successMessage={t('roles.deleted')}
      loading={deleteRole.isPending}
      onConfirm={() => deleteRole.mutateAsync(role.id)}
    />
  );
}

/** Role Management: name filter, paginated list, create/edit dialog, delete with confirmation. */
export function RolesList() {
  const { t } = useTranslation();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const dialog = useEditDialog<Role>();
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
    dateTimeColumn('createdAt', t('roles.createdAt'), { sortOrder: table.sortOrder }),
    dateTimeColumn('updatedAt', t('roles.updatedAt')),
    actionsColumn(
      t('common.actions'),
      160,
      (role) => (
        <>
          <RowAction code="RoleManagement:update" text={t('common.edit')} subject={role.name} onClick={() => dialog.edit(role)} />
          <DeleteRoleButton role={role} />
        </>
      ),
      false,
    ),
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={table} name="roleFilters" label={t('route.role')} values={{ name: table.filters.name }}>
          <Form.Item name="name" label={t('roles.name')}>
            <Input placeholder={t('roles.namePlaceholder')} allowClear />
          </Form.Item>
        </FilterBar>
      }
      toolbar={<CreateButton code="RoleManagement:create" onClick={dialog.create} />}
    >
      <Table<Role>
        rowKey="id"
        columns={columns}
        dataSource={roles.data?.list ?? []}
        loading={roles.isFetching}
        scroll={{ x: 900 }}
        {...table.tableProps<Role>(roles.data?.total)}
      />
      <RoleFormDialog open={dialog.open} role={dialog.record} onClose={dialog.close} />
    </TablePage>
  );
}
