import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { PermissionTree } from '@/components/permission-tree/permission-tree';
import { FormDialog } from '@/components/ui/form-dialog';
import type { PermissionCode, Role } from '@/types/api';
import { useSuccessThen } from '@/lib/use-success-then';

import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';

interface RoleFormValues {
  name: string;
  remark?: string;
  permissions: PermissionCode[];
}

interface RoleFormDialogProps {
  open: boolean;
  /** The role being edited; null creates one. */
  role: Role | null;
  onClose: () => void;
}

/** Create or edit a role: name, remark and its permissions in the tree. */
export function RoleFormDialog({ open, role, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const createRole = useCreateRole(useSuccessThen('roles.created', onClose));
  const updateRole = useUpdateRole(useSuccessThen('roles.updated', onClose));
  const busy = createRole.isPending || updateRole.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role ? { name: role.name, remark: role.remark, permissions: role.permissions } : { permissions: [] },
    );
  }, [open, role, form]);

  const submit = (values: RoleFormValues) => {
    const data = { name: values.name.trim(), remark: values.remark?.trim() ?? '', permissions: values.permissions ?? [] };
    if (role) updateRole.mutate({ id: role.id, data });
    else createRole.mutate(data);
  };

  return (
    <FormDialog
      open={open}
      title={role ? t('roles.editTitle') : t('roles.createTitle')}
      form={form}
      busy={busy}
      onClose={onClose}
      mask={{ closable: !busy }}
      destroyOnHidden={false}
      forceRender
      width={560}
      name="roleForm"
      onFinish={submit}
    >
      <Form.Item
        label={t('roles.name')}
        name="name"
        rules={[
          { required: true, whitespace: true, message: t('roles.nameRequired') },
          { max: 32, message: t('roles.nameTooLong') },
        ]}
      >
        <Input placeholder={t('roles.namePlaceholder')} maxLength={64} />
      </Form.Item>
      <Form.Item label={t('roles.remark')} name="remark">
        <Input.TextArea placeholder={t('roles.remarkPlaceholder')} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
      </Form.Item>
      <Form.Item label={t('roles.permissions')} name="permissions">
        <PermissionTree disabled={busy} />
      </Form.Item>
    </FormDialog>
  );
}
