import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_ROLE, isPlatformUser, useAuthStore } from '@/lib/auth-store';
import { usePermission } from '@/lib/authorization';

import { ROLE_LIST_CODE, useRoleOptions } from '../api/get-role-options';

import { canGrantRole, rolesForCompany } from './user-rules';

interface RoleSelectProps {
  /** The company of the user the roles are for; null for a platform user. */
  companyId: number | null;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * The roles a user may hold (a multi-select): the roles of its company, or the platform roles for
 * a platform user. A role holding a code the signed-in user lacks is greyed out (the server would
 * refuse the grant).
 */
export function RoleSelect({ companyId, value, onChange, id, disabled }: RoleSelectProps) {
  const { t } = useTranslation();
  const me = useAuthStore((s) => s.userInfo);
  const roles = useAuthStore((s) => s.roles);
  const meIsPlatform = isPlatformUser(me);
  // GET /api/role needs RoleManagement: without it the select stays empty (a 403 would end the session).
  const canList = usePermission(ROLE_LIST_CODE);
  // A platform user asks for the company's roles; a company user sees only its own anyway.
  const options = useRoleOptions(meIsPlatform && companyId !== null ? companyId : undefined, canList);

  const granter = useMemo(
    () => ({ isAdmin: roles.includes(ADMIN_ROLE), codes: me?.permission ?? [] }),
    [roles, me],
  );
  const list = useMemo(() => rolesForCompany(options.data ?? [], companyId), [options.data, companyId]);

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      disabled={disabled || !canList}
      loading={canList && options.isFetching}
      placeholder={canList ? t('users.rolesPlaceholder') : t('users.rolesNeedRoleManagement')}
      notFoundContent={options.isFetching ? undefined : t('users.noRoles')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      options={list.map((role) => {
        const grantable = canGrantRole(role, granter);
        return {
          value: role.id,
          label: role.name,
          disabled: !grantable,
          title: grantable ? role.name : t('users.roleNotGrantable'),
        };
      })}
    />
  );
}
