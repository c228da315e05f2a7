import { describe, expect, it } from 'vitest';

import type { AppRoute } from '@/config/routes';
import { asyncRoutes } from '@/config/routes';

import {
  buildBreadcrumb,
  buildMenu,
  filterRoutes,
  hasRoutePermission,
  isMobileWidth,
  resolveMenuItem,
} from './route-utils';

const paths = (routes: AppRoute[]) => routes.map((r) => r.path);

describe('filterRoutes', () => {
  it('keeps routes without roles for a user without any role', () => {
    const kept = filterRoutes(asyncRoutes, []);
    expect(paths(kept)).toEqual(['/']);
    expect(kept[0].children?.map((c) => c.name)).toEqual(['Dashboard']);
  });

  it('keeps a gated route when the user has one of its roles', () => {
    const kept = filterRoutes(asyncRoutes, ['RoleManagement', 'Unrelated']);
    expect(paths(kept)).toEqual(['/', '/RoleModule']);
    expect(kept[1].children?.[0].name).toBe('RoleManagement');
  });

  it('lets the role admin through everything', () => {
    expect(filterRoutes(asyncRoutes, ['admin'])).toHaveLength(asyncRoutes.length);
  });

  it('filters children by their own roles', () => {
    const routes: AppRoute[] = [
      {
        path: '/m',
        children: [
          { path: 'a', meta: { title: 'route.role', roles: ['RoleManagement'] } },
          { path: 'b', meta: { title: 'route.user', roles: ['UserManagement'] } },
        ],
      },
    ];
    expect(filterRoutes(routes, ['UserManagement'])[0].children?.map((c) => c.path)).toEqual(['b']);
    // the input is left untouched
    expect(routes[0].children).toHaveLength(2);
  });

  it('needs only one of several roles', () => {
    expect(hasRoutePermission(['UserManagement'], { meta: { roles: ['RoleManagement', 'UserManagement'] } })).toBe(true);
    expect(hasRoutePermission(['DeviceManagement'], { meta: { roles: ['RoleManagement', 'UserManagement'] } })).toBe(false);
    expect(hasRoutePermission([], { meta: { roles: [] } })).toBe(true);
  });
});

describe('resolveMenuItem', () => {
  it('skips hidden routes', () => {
    expect(resolveMenuItem({ path: '/login', hidden: true, meta: { title: 'route.login' } })).toBeNull();
  });

  it('shows a single visible child as a direct link to the child', () => {
    const entry = resolveMenuItem(asyncRoutes.find((r) => r.path === '/RoleModule')!);
    expect(entry).toEqual({
      kind: 'link',
      key: '/RoleModule/RoleManagement',
      path: '/RoleModule/RoleManagement',
      title: 'route.role',
      icon: 'role',
      external: false,
    });
  });

  it('lists the Alarm Center, a top-level page, right after the home page', () => {
    const menu = buildMenu(asyncRoutes);
    expect(menu.slice(0, 2).map((e) => e.key)).toEqual(['/dashboard', '/alarms']);
    expect(menu[1]).toEqual({ kind: 'link', key: '/alarms', path: '/alarms', title: 'route.alarm', icon: 'alarm', external: false });
  });

  it('counts only visible children', () => {
    const entry = resolveMenuItem({
      path: '/m',
      meta: { title: 'route.user' },
      children: [
        { path: 'hidden', hidden: true, meta: { title: 'route.login' } },
        { path: 'shown', meta: { title: 'route.role', icon: 'role' } },
      ],
    });
    expect(entry).toMatchObject({ kind: 'link', path: '/m/shown', title: 'route.role' });
  });

  it('makes a group of several visible children', () => {
    const entry = resolveMenuItem({
      path: '/m',
      meta: { title: 'route.user', icon: 'user' },
      children: [
        { path: 'a', meta: { title: 'route.role' } },
        { path: 'b', meta: { title: 'route.smsUser' } },
      ],
    });
    expect(entry?.kind).toBe('group');
    expect(entry?.kind === 'group' && entry.children.map((c) => c.key)).toEqual(['/m/a', '/m/b']);
  });

  it('marks external links so they open in a new tab', () => {
    const entry = resolveMenuItem({
      path: '/ext',
      children: [{ path: 'https://example.com/docs', meta: { title: 'route.home' } }],
    });
    expect(entry).toMatchObject({ kind: 'link', path: 'https://example.com/docs', external: true });
  });

  it('builds the menu of a restricted user from the filtered routes only', () => {
    const menu = buildMenu(filterRoutes(asyncRoutes, ['OperationLogManagement']));
    expect(menu.map((m) => m.key)).toEqual(['/dashboard', '/OperationLogModule/OperationLogManagement']);
  });
});

describe('buildBreadcrumb', () => {
  it('is Home alone, not clickable, on the dashboard', () => {
    const crumbs = buildBreadcrumb([
      { path: '/', redirect: '/dashboard' },
      { path: '/dashboard', name: 'Dashboard', meta: { title: 'route.home' } },
    ]);
    expect(crumbs).toEqual([{ title: 'route.home' }]);
  });

  it('prepends a clickable Home elsewhere and leaves the last crumb unclickable', () => {
    const crumbs = buildBreadcrumb([
      { path: '/RoleModule', redirect: '/RoleModule/RoleManagement', meta: { roles: ['RoleManagement'] } },
      { path: '/RoleModule/RoleManagement', name: 'RoleManagement', meta: { title: 'route.role' } },
    ]);
    expect(crumbs).toEqual([{ title: 'route.home', to: '/dashboard' }, { title: 'route.role' }]);
  });

  it('does not link noRedirect crumbs and links others to their redirect', () => {
    const crumbs = buildBreadcrumb([
      { path: '/a', redirect: 'noRedirect', meta: { title: 'route.user' } },
      { path: '/a/b', redirect: '/a/b/c', meta: { title: 'route.role' } },
      { path: '/a/b/c', meta: { title: 'route.smsUser' } },
    ]);
    expect(crumbs).toEqual([
      { title: 'route.home', to: '/dashboard' },
      { title: 'route.user' },
      { title: 'route.role', to: '/a/b/c' },
      { title: 'route.smsUser' },
    ]);
  });

  it('leaves out routes with breadcrumb false', () => {
    const crumbs = buildBreadcrumb([
      { path: '/a', meta: { title: 'route.user', breadcrumb: false } },
      { path: '/a/b', meta: { title: 'route.role' } },
    ]);
    expect(crumbs.map((c) => c.title)).toEqual(['route.home', 'route.role']);
  });
});

describe('isMobileWidth', () => {
  it('is mobile below 992 px only', () => {
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(isMobileWidth(1440)).toBe(false);
    expect(isMobileWidth(375)).toBe(true);
  });
});
