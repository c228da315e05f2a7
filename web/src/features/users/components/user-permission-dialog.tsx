import { Alert, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PermissionTree } from '@/components/permission-tree/permission-tree';
import { FormDialog } from '@/components/ui/form-dialog';
import { applyApiErrors } from '@/lib/form-errors';
import type { ManagedUser, PermissionCode } from '@/types/api';
import { useSuccessThen } from '@/lib/use-success-then';

import { useChangeUserPermission } from '../api/change-user-permission';

import { RoleSelect } from './role-select';

interface PermissionFormValues {
  roleIds: number[];
  permissions: PermissionCode[];
}

interface UserPermissionDialogProps {
  user: ManagedUser | null;
  onClose: () => void;
}

/** "Permissions": a user's roles and extra codes (PUT /api/users/change-permission/{id}). */
export function UserPermissionDialog({ user, onClose }: UserPermissionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PermissionFormValues>();
  const [banner, setBanner] = useState<string[]>([]);
  const change = useChangeUserPermission(useSuccessThen('users.permissionSaved', onClose));
  const open = user !== null;

  useEffect(() => {
    if (user) setBanner([]);
  }, [user]);

  const submit = (values: PermissionFormValues) => {
    if (!user) return;
    setBanner([]);
    change.mutate(
      { id: user.id, data: { roleIds: values.roleIds ?? [], permissions: values.permissions ?? [] } },
      { onError: (error) => setBanner(applyApiErrors(form, error, ['roleIds', 'permissions'])) },
    );
  };

  return (
    <FormDialog
      open={open}
      title={t('users.permissionTitle')}
      form={form}
      busy={change.isPending}
      onClose={onClose}
      width={600}
      name="userPermissionForm"
      initialValues={user ? { roleIds: user.rolesList.map((r) => r.id), permissions: user.permissions ?? [] } : undefined}
      onFinish={submit}
    >
      {user && (
        <Typography.Paragraph type="secondary">
          {t('users.permissionFor', { account: user.account, name: user.name })}
          {user.companyName ? ` · ${user.companyName}` : ` · ${t('users.platformUser')}`}
        </Typography.Paragraph>
      )}
      {banner.length > 0 && <Alert type="error" showIcon title={banner.join('；')} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item label={t('users.roles')} name="roleIds">
        <RoleSelect companyId={user?.companyId ?? null} />
      </Form.Item>
      <Form.Item label={t('users.extraPermissions')} name="permissions">
        <PermissionTree hidePlatformOnly={(user?.companyId ?? null) !== null} />
      </Form.Item>
    </FormDialog>
  );
}
