import { describe, expect, it } from 'vitest';

import type { PermissionCode, PermissionNode } from '@/types/api';

import { canGrant, platformOnlyCodes, togglePermission, withoutPlatformOnly } from './permission-tree-utils';

const node = (code: PermissionCode, type: 'menu' | 'button', children: PermissionNode[] = [], platformOnly = false): PermissionNode => ({
  code,
  name: code,
  names: { 'zh-CN': code, en: code },
  type,
  platformOnly,
  children,
});

const tree: PermissionNode[] = [
  node('CompanyManagement', 'menu', [node('CompanyManagement:create', 'button', [], true)], true),
  node('RoleManagement', 'menu', [
    node('RoleManagement:create', 'button'),
    node('RoleManagement:update', 'button'),
    node('RoleManagement:delete', 'button'),
  ]),
  node('OperationLogManagement', 'menu'),
];

describe('togglePermission', () => {
  it('checks the menu with a button', () => {
    expect(togglePermission(tree, [], 'RoleManagement:update', true)).toEqual([
      'RoleManagement',
      'RoleManagement:update',
    ]);
  });

  it('lets a menu be checked alone (view only)', () => {
    expect(togglePermission(tree, [], 'RoleManagement', true)).toEqual(['RoleManagement']);
  });

  it('unchecks the buttons with their menu, and keeps the rest in tree order', () => {
    const checked: PermissionCode[] = ['OperationLogManagement', 'RoleManagement', 'RoleManagement:create', 'RoleManagement:delete'];
    expect(togglePermission(tree, checked, 'RoleManagement', false)).toEqual(['OperationLogManagement']);
  });

  it('unchecks a single button only', () => {
    const checked: PermissionCode[] = ['RoleManagement', 'RoleManagement:create', 'RoleManagement:delete'];
    expect(togglePermission(tree, checked, 'RoleManagement:create', false)).toEqual([
      'RoleManagement',
      'RoleManagement:delete',
    ]);
  });
});

describe('canGrant', () => {
  const admin = { isAdmin: true, isCompanyUser: false, codes: [] };
  const holder = { isAdmin: false, isCompanyUser: false, codes: ['RoleManagement', 'RoleManagement:create'] };
  const company = { isAdmin: false, isCompanyUser: true, codes: ['CompanyManagement', 'RoleManagement'] };

  it('lets admin grant everything', () => {
    expect(canGrant(tree[0], admin)).toBe(true);
  });
  it('lets others grant only what they hold', () => {
    expect(canGrant({ code: 'RoleManagement:create', platformOnly: false }, holder)).toBe(true);
    expect(canGrant({ code: 'RoleManagement:delete', platformOnly: false }, holder)).toBe(false);
  });
  it('never lets a company user grant a platform-only code', () => {
    expect(canGrant(tree[0], company)).toBe(false);
    expect(canGrant(tree[1], company)).toBe(true);
  });
});

describe('platform-only codes', () => {
  it('drops them from the tree a company user sees', () => {
    expect(withoutPlatformOnly(tree).map((n) => n.code)).toEqual(['RoleManagement', 'OperationLogManagement']);
    expect(withoutPlatformOnly(tree)[0].children).toHaveLength(3);
  });
  it('lists them, to drop them from a grant', () => {
    expect([...platformOnlyCodes(tree)]).toEqual(['CompanyManagement', 'CompanyManagement:create']);
  });
});
