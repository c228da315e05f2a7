import type { TranslationKey } from '@/lib/i18n-keys';
import type { PermissionCode } from '@/types/api';

import { paths } from './paths';

/** Pages the router knows how to load lazily (see src/app/router.tsx). */
export type PageKey =
  | 'login'
  | 'notFound'
  | 'dashboard'
  | 'alarms'
  | 'companies'
  | 'users'
  | 'roles'
  | 'operationLogs'
  | 'deviceTypes'
  | 'devices'
  | 'deviceDetail'
  | 'smsUsers'
  | 'smsSendRecords';

/** Menu icons of docs/product.md §2 (the ones routes use today and the ones named for later). */
export type IconName =
  | 'admin'
  | 'enterprise'
  | 'partner'
  | 'org'
  | 'user'
  | 'role'
  | 'permission'
  | 'policy'
  | 'device'
  | 'deviceType'
  | 'operationLog'
  | 'enterpriseAlert'
  | 'dashboard'
  | 'live'
  | 'list'
  | 'form'
  | 'table'
  | 'tree'
  | 'nested'
  | 'smsUser'
  | 'smsSendRecord'
  | 'alarm';

export interface RouteMeta {
  /** i18n key of the title. */
  title?: TranslationKey;
  icon?: IconName;
  /** Kept when absent, or when the user has at least one of them (the role admin passes). */
  roles?: readonly PermissionCode[];
  /** false hides the route from the breadcrumb. */
  breadcrumb?: boolean;
  /** true hides the footer on this route. */
  noFooter?: boolean;
}

export interface AppRoute {
  /** Absolute for top-level routes, relative for children; an http(s) URL for external links. */
  path: string;
  name?: string;
  hidden?: boolean;
  /** Where the route itself sends to, or 'noRedirect' for a breadcrumb crumb that is not a link. */
  redirect?: string;
  /** Show as a submenu even with a single visible child. */
  alwaysShow?: boolean;
  meta?: RouteMeta;
  page?: PageKey;
  children?: AppRoute[];
}

/** Open to everyone (no layout). */
export const constantRoutes: AppRoute[] = [
  { path: paths.login, name: 'Login', hidden: true, page: 'login', meta: { title: 'route.login' } },
  { path: paths.notFound, name: 'NotFound', hidden: true, page: 'notFound', meta: { title: 'route.notFound' } },
];

function moduleRoute(
  modulePath: string,
  childPath: string,
  name: string,
  title: TranslationKey,
  icon: IconName,
  role: PermissionCode,
  page: PageKey,
): AppRoute {
  return {
    path: modulePath,
    redirect: `${modulePath}/${childPath}`,
    meta: { roles: [role] },
    children: [{ path: childPath, name, page, meta: { title, icon, roles: [role] } }],
  };
}

/** Inside the layout; filtered by the user's roles (docs/product.md §2 and §6). */
export const asyncRoutes: AppRoute[] = [
  {
    path: paths.root,
    redirect: paths.dashboard,
    children: [{ path: 'dashboard', name: 'Dashboard', page: 'dashboard', meta: { title: 'route.home', icon: 'dashboard' } }],
  },
  // The Alarm Center: right after the home page, one top-level page (no module wrapper).
  {
    path: paths.alarms,
    name: 'AlarmManagement',
    page: 'alarms',
    meta: { title: 'route.alarm', icon: 'alarm', roles: ['AlarmManagement'] },
  },
  moduleRoute('/EnterpriseModule', 'EnterpriseManagement', 'EnterpriseManagement', 'route.enterprise', 'enterprise', 'CompanyManagement', 'companies'),
  {
    path: '/DeviceModule',
    redirect: paths.device,
    // Titled so that the detail page's breadcrumb leads back to the list (the list itself shows it once).
    meta: { title: 'route.device', roles: ['DeviceManagement'] },
    children: [
      {
        path: 'DeviceManagement',
        name: 'DeviceManagement',
        page: 'devices',
        meta: { title: 'route.device', icon: 'device', roles: ['DeviceManagement'], breadcrumb: false },
      },
      // Reached from a device row; hidden from the menu (docs/product.md §2 "hidden").
      { path: 'DeviceDetail/:id', name: 'DeviceDetail', hidden: true, page: 'deviceDetail', meta: { title: 'route.deviceDetail', roles: ['DeviceManagement'] } },
    ],
  },
  moduleRoute('/DeviceTypeModule', 'DeviceTypeManagement', 'DeviceTypeManagement', 'route.deviceType', 'deviceType', 'DeviceTypeManagement', 'deviceTypes'),
  moduleRoute('/UserModule', 'UserManagement', 'UserManagement', 'route.user', 'user', 'UserManagement', 'users'),
  moduleRoute('/RoleModule', 'RoleManagement', 'RoleManagement', 'route.role', 'role', 'RoleManagement', 'roles'),
  moduleRoute('/OperationLogModule', 'OperationLogManagement', 'OperationLogManagement', 'route.operationLog', 'operationLog', 'OperationLogManagement', 'operationLogs'),
  moduleRoute('/SmsUserModule', 'SmsUserManagement', 'SmsUserManagement', 'route.smsUser', 'smsUser', 'SmsUserManagement', 'smsUsers'),
  moduleRoute('/SmsSendRecordModule', 'SmsSendRecordManagement', 'SmsSendRecordManagement', 'route.smsSendRecord', 'smsSendRecord', 'SmsSendRecordManagement', 'smsSendRecords'),
];
