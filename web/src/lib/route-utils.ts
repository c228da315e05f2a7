import type { AppRoute, IconName } from '@/config/routes';
import { MOBILE_BREAKPOINT } from '@/config/layout';
import { paths } from '@/config/paths';

import { ADMIN_ROLE } from './auth-store';
import type { TranslationKey } from './i18n-keys';

/** A route is kept if it lists no roles, or the user has at least one of them; admin passes. */
export function hasRoutePermission(roles: readonly string[], route: Pick<AppRoute, 'meta'>): boolean {
  if (roles.includes(ADMIN_ROLE)) return true;
  const needed = route.meta?.roles;
  if (!needed || needed.length === 0) return true;
  return needed.some((role) => roles.includes(role));
}

/** The routes (and, recursively, children) the roles may reach. */
export function filterRoutes(routes: readonly AppRoute[], roles: readonly string[]): AppRoute[] {
  const kept: AppRoute[] = [];
  for (const route of routes) {
    if (!hasRoutePermission(roles, route)) continue;
    const copy: AppRoute = { ...route };
    if (route.children) copy.children = filterRoutes(route.children, roles);
    kept.push(copy);
  }
  return kept;
}

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** Joins a child path to its parent's ('/RoleModule' + 'RoleManagement'). */
export function joinPath(base: string, path: string): string {
  if (isExternal(path) || path.startsWith('/')) return path;
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base;
  return `${trimmed}/${path}`;
}

export interface MenuLink {
  kind: 'link';
  /** The page key: the route's full path. */
  key: string;
  path: string;
  title?: TranslationKey;
  icon?: IconName;
  external: boolean;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  title?: TranslationKey;
  icon?: IconName;
  children: MenuEntry[];
}

export type MenuEntry = MenuLink | MenuGroup;

function link(route: AppRoute, fullPath: string): MenuLink {
  return {
    kind: 'link',
    key: fullPath,
    path: fullPath,
    title: route.meta?.title,
    icon: route.meta?.icon,
    external: isExternal(fullPath),
  };
}

/**
 * One sidebar entry of a (permitted) route: hidden routes give null; a route with a single
 * visible child becomes a direct link to that child; with several it is a group; external
 * paths are links that open in a new tab.
 */
export function resolveMenuItem(route: AppRoute, basePath = ''): MenuEntry | null {
  if (route.hidden) return null;
  const fullPath = basePath ? joinPath(basePath, route.path) : route.path;
  const visible = (route.children ?? []).filter((child) => !child.hidden);

  if (visible.length === 1 && !route.alwaysShow) {
    const only = visible[0];
    if (!only.children?.some((c) => !c.hidden)) {
      return link(only, joinPath(fullPath, only.path));
    }
    return resolveMenuItem(only, fullPath);
  }
  if (visible.length === 0) {
    if (!route.meta?.title) return null;
    return link(route, fullPath);
  }
  const children = visible
    .map((child) => resolveMenuItem(child, fullPath))
    .filter((entry): entry is MenuEntry => entry !== null);
  return { kind: 'group', key: fullPath, title: route.meta?.title, icon: route.meta?.icon, children };
}

/** The whole menu of a list of (already filtered) routes. */
export function buildMenu(routes: readonly AppRoute[]): MenuEntry[] {
  return routes.map((route) => resolveMenuItem(route)).filter((e): e is MenuEntry => e !== null);
}

/** A matched route, outermost first, as the breadcrumb needs it. */
export interface MatchedRoute {
  path: string;
  name?: string;
  redirect?: string;
  meta?: AppRoute['meta'];
}

export interface Crumb {
  title: TranslationKey;
  /** Where the crumb links to; undefined when it is not clickable. */
  to?: string;
}

/**
 * The breadcrumb of the matched routes: their titles, Home prepended unless on the dashboard;
 * the last crumb and routes with redirect 'noRedirect' are not clickable.
 */
export function buildBreadcrumb(matched: readonly MatchedRoute[]): Crumb[] {
  const titled = matched.filter((m) => m.meta?.title && m.meta.breadcrumb !== false);
  const onDashboard = titled.length > 0 && titled[titled.length - 1].name === 'Dashboard';
  const items: MatchedRoute[] = onDashboard
    ? titled
    : [{ path: paths.dashboard, name: 'Dashboard', meta: { title: 'route.home' } }, ...titled];
  return items.map((m, index) => {
    const title = m.meta?.title as TranslationKey;
    const last = index === items.length - 1;
    if (last || m.redirect === 'noRedirect') return { title };
    return { title, to: m.redirect ?? m.path };
  });
}

/** Device mode: mobile when the body is narrower than 992 px. */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}
