import { describe, expect, expectTypeOf, it } from 'vitest';

import { CreateButton, RowAction } from '@/components/ui/list-page';
import { asyncRoutes, type RouteMeta } from '@/config/routes';
import type { PermissionCode, UserInfo } from '@/types/api';

import { checkPermission, Permission, usePermission } from './authorization';

/**
 * Permission codes are the server's `PermissionCode` enum (src/types/api.ts, from the OpenAPI document).
 * Most of this file is checked by the compiler (`npm run typecheck`, and so `npm run build`): every
 * `@ts-expect-error` below marks a misspelt code, and fails the check if that code ever compiles.
 */
describe('PermissionCode', () => {
  it('is the list of codes, not any string', () => {
    expectTypeOf<'DeviceManagement:update'>().toExtend<PermissionCode>();
    expectTypeOf<'DeviceManagment:update'>().not.toExtend<PermissionCode>();
    expectTypeOf<string>().not.toExtend<PermissionCode>();
    expectTypeOf<UserInfo['permission']>().toEqualTypeOf<PermissionCode[]>();
  });

  it('types every place the console names a code', () => {
    expectTypeOf(usePermission).parameter(0).toEqualTypeOf<PermissionCode | readonly PermissionCode[]>();
    expectTypeOf<NonNullable<RouteMeta['roles']>>().toEqualTypeOf<readonly PermissionCode[]>();

    expect(checkPermission(['DeviceManagement:update'], 'DeviceManagement:update')).toBe(true);
    // @ts-expect-error a misspelt code does not compile
    expect(checkPermission(['admin'], 'DeviceManagment:update')).toBe(true);
    // @ts-expect-error nor does one in a list of codes
    expect(checkPermission([], ['DeviceManagement', 'RoleManagment'])).toBe(false);

    // @ts-expect-error nor in the route table
    const meta: RouteMeta = { roles: ['CompanyManagment'] };
    expect(meta.roles).toHaveLength(1);
    const routeCodes = asyncRoutes.flatMap((route) => [route, ...(route.children ?? [])]).flatMap((r) => r.meta?.roles ?? []);
    expectTypeOf(routeCodes).toEqualTypeOf<PermissionCode[]>();

    const elements = [
      <Permission key="1" code="SmsSendRecordManagement:export">
        x
      </Permission>,
      <Permission
        key="2"
        // @ts-expect-error nor in <Permission code>
        code="SmsSendRecordManagement:exprot"
      >
        x
      </Permission>,
      <CreateButton
        key="3"
        // @ts-expect-error nor on a list page's buttons
        code="UserManagement:crate"
        onClick={() => undefined}
      />,
      <RowAction
        key="4"
        // @ts-expect-error
        code="DeviceManagement:paramm"
        text="x"
        subject="x"
        onClick={() => undefined}
      />,
    ];
    expect(elements).toHaveLength(4);
  });
});
