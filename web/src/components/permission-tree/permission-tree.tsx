import { Alert, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ADMIN_ROLE, useAuthStore } from '@/lib/auth-store';
import type { PermissionCode, PermissionNode } from '@/types/api';

import { usePermissions } from './get-permissions';
import { canGrant, togglePermission, withoutPlatformOnly } from './permission-tree-utils';

interface PermissionTreeProps {
  value?: PermissionCode[];
  onChange?: (codes: PermissionCode[]) => void;
  disabled?: boolean;
  /**
   * Hide platform-only codes (the codes are for a company user). They are always hidden from a
   * signed-in company user, who can never hold or grant them.
   */
  hidePlatformOnly?: boolean;
}

/**
 * The permission tree of GET /api/permission as a checkable antd Tree (a form control), shared by
 * Role Management (a role's codes) and User Management (a user's extra codes).
 */
export function PermissionTree({ value = [], onChange, disabled, hidePlatformOnly = false }: PermissionTreeProps) {
  const { t, i18n } = useTranslation();
  const permissions = usePermissions();
  const user = useAuthStore((s) => s.userInfo);
  const roles = useAuthStore((s) => s.roles);
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';

  const grantor = useMemo(
    () => ({
      isAdmin: roles.includes(ADMIN_ROLE),
      isCompanyUser: user?.companyId !== null && user?.companyId !== undefined,
      codes: user?.permission ?? [],
    }),
    [roles, user],
  );
  const hide = hidePlatformOnly || grantor.isCompanyUser;

  const tree = useMemo(() => {
    const all = permissions.data ?? [];
    return hide ? withoutPlatformOnly(all) : all;
  }, [permissions.data, hide]);

  const treeData = useMemo(() => {
    const toData = (nodes: readonly PermissionNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: node.code,
        title: (
          <span>
            {node.names?.[lang] ?? node.name}
            {node.platformOnly && node.type === 'menu' && (
              <Tag style={{ marginInlineStart: 6 }} color="gold">
                {t('roles.platformOnly')}
              </Tag>
            )}
          </span>
        ),
        disableCheckbox: !canGrant(node, grantor),
        children: node.children && node.children.length > 0 ? toData(node.children) : undefined,
      }));
    return toData(tree);
  }, [tree, grantor, lang, t]);

  if (permissions.isPending) return <Spin />;
  if (permissions.isError) return <Alert type="error" title={permissions.error.message} />;

  return (
    <div>
      <Alert type="info" showIcon title={t('roles.permissionHint')} style={{ marginBottom: 8 }} />
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        disabled={disabled}
        treeData={treeData}
        checkedKeys={value}
        onCheck={(_keys, info) => {
          onChange?.(togglePermission(tree, value, String(info.node.key), info.checked));
        }}
        style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 4, padding: 8 }}
      />
    </div>
  );
}
