import { Col, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AccountField, useAccountCheck } from '@/components/form/account-field';
import { TextField } from '@/components/form/text-field';
import { usePermissions } from '@/components/permission-tree/get-permissions';
import { PermissionTree } from '@/components/permission-tree/permission-tree';
import { platformOnlyCodes } from '@/components/permission-tree/permission-tree-utils';
import { FormDialog } from '@/components/ui/form-dialog';
import { isPlatformUser, useAuthStore } from '@/lib/auth-store';
import { applyApiErrors } from '@/lib/form-errors';
import { useFormRules } from '@/lib/form-rules';
import { isApiError } from '@/lib/request';
import { useSuccessThen } from '@/lib/use-success-then';
import { CompanySelect } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import type { ManagedUser, PermissionCode } from '@/types/api';

import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

import { RoleSelect } from './role-select';

interface UserFormValues {
  account: string;
  password: string;
  name: string;
  phone?: string;
  email?: string;
  companyId?: number | null;
  roleIds?: number[];
  permissions?: PermissionCode[];
}

const FORM_FIELDS = ['account', 'password', 'name', 'phone', 'email', 'companyId', 'roleIds', 'permissions'];

interface UserFormDialogProps {
  open: boolean;
  /** The user being edited (name, phone, email); null creates one. */
  user: ManagedUser | null;
  onClose: () => void;
}

/**
 * Create a user (account checked while typing, password, profile, company for platform users,
 * roles of that company, extra codes in the permission tree) or edit its profile.
 */
export function UserFormDialog({ open, user, onClose }: UserFormDialogProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<UserFormValues>();
  const [banner, setBanner] = useState<string[]>([]);
  const me = useAuthStore((s) => s.userInfo);
  const meIsPlatform = isPlatformUser(me);
  const creating = user === null;
  const companies = useCompanyOptions(open && creating && meIsPlatform);
  const permissionTree = usePermissions(open && creating);
  const accountCheck = useAccountCheck(form, 'account');
  const chosenCompany = Form.useWatch('companyId', form) ?? null;
  // The company the new user belongs to: the chosen one, or the signed-in company user's own.
  const targetCompany = meIsPlatform ? chosenCompany : (me?.companyId ?? null);

  const createUser = useCreateUser(useSuccessThen('users.created', onClose));
  const updateUser = useUpdateUser(useSuccessThen('users.updated', onClose));
  const busy = createUser.isPending || updateUser.isPending;
  const { reset: resetCheck } = accountCheck;

  useEffect(() => {
    if (!open) return;
    setBanner([]);
    resetCheck();
  }, [open, resetCheck]);

  const initialValues: Partial<UserFormValues> = user
    ? { name: user.name, phone: user.phone, email: user.email }
    : { companyId: null, roleIds: [], permissions: [] };

  /** Another company: its roles differ, and a company user cannot hold platform-only codes. */
  const onCompanyChange = (companyId: number | null) => {
    const platformOnly = platformOnlyCodes(permissionTree.data ?? []);
    const codes: PermissionCode[] = form.getFieldValue('permissions') ?? [];
    form.setFieldsValue({
      roleIds: [],
      permissions: companyId === null ? codes : codes.filter((code) => !platformOnly.has(code)),
    });
  };

  const showError = async (error: unknown, account?: string) => {
    const rest = applyApiErrors(form, error, FORM_FIELDS);
    if (account && isApiError(error) && error.status === 409 && !(await accountCheck.ensureAvailable(account))) {
      setBanner([]);
      return;
    }
    setBanner(rest);
  };

  const submit = async (values: UserFormValues) => {
    setBanner([]);
    const profile = { name: values.name.trim(), phone: (values.phone ?? '').trim(), email: (values.email ?? '').trim() };
    if (user) {
      updateUser.mutate({ id: user.id, data: profile }, { onError: (error) => void showError(error) });
      return;
    }
    if (!(await accountCheck.ensureAvailable(values.account))) return;
    createUser.mutate(
      {
        account: values.account,
        password: values.password,
        ...profile,
        ...(meIsPlatform && values.companyId ? { companyId: values.companyId } : {}),
        roleIds: values.roleIds ?? [],
        permissions: values.permissions ?? [],
      },
      { onError: (error) => void showError(error, values.account) },
    );
  };

  const label = {
    account: t('users.account'),
    password: t('users.password'),
    name: t('users.name'),
  };

  return (
    <FormDialog
      open={open}
      title={creating ? t('users.createTitle') : t('users.editTitle')}
      form={form}
      busy={busy}
      onClose={onClose}
      banner={banner}
      width={creating ? 720 : 480}
      name="userForm"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
    >
      <Row gutter={16}>
        {creating && (
          <>
            <Col xs={24} sm={12}>
              <AccountField name="account" label={label.account} check={accountCheck} />
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label={label.password}
                name="password"
                rules={[rules.filled(label.password), rules.password]}
              >
                <Input.Password autoComplete="new-password" maxLength={64} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={creating ? 12 : 24}>
          <TextField label={label.name} name="name" required max={50} />
        </Col>
        <Col xs={24} sm={creating ? 12 : 24}>
          <Form.Item label={t('users.phone')} name="phone" rules={[rules.phone]}>
            <Input placeholder={t('validation.phonePlaceholder')} maxLength={24} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={creating ? 12 : 24}>
          <Form.Item label={t('users.email')} name="email" rules={[rules.email]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        {creating && meIsPlatform && (
          <Col xs={24} sm={12}>
            <Form.Item label={t('users.company')} name="companyId" extra={t('users.companyHint')}>
              <CompanySelect<number | null>
                companies={companies}
                allowClear
                placeholder={t('users.platformUser')}
                onChange={(value) => onCompanyChange(value ?? null)}
                onClear={() => form.setFieldValue('companyId', null)}
              />
            </Form.Item>
          </Col>
        )}
        {creating && (
          <>
            <Col xs={24}>
              <Form.Item label={t('users.roles')} name="roleIds">
                <RoleSelect companyId={targetCompany} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label={t('users.extraPermissions')} name="permissions">
                <PermissionTree hidePlatformOnly={targetCompany !== null} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </FormDialog>
  );
}
