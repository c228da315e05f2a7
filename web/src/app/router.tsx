import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';

import { MainLayout } from '@/app/layout/main-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import type { RouteHandle } from '@/config/route-handle';
import { asyncRoutes, constantRoutes, type AppRoute, type PageKey } from '@/config/routes';
import { joinPath } from '@/lib/route-utils';

import { RootRoute } from './root-route';

/** Every page is loaded lazily. */
const pages: Record<PageKey, () => Promise<{ default: ComponentType }>> = {
  login: () => import('./routes/login'),
  notFound: () => import('./routes/not-found'),
  dashboard: () => import('./routes/dashboard'),
  alarms: () => import('./routes/alarms'),
  companies: () => import('./routes/companies'),
  users: () => import('./routes/users'),
  roles: () => import('./routes/roles'),
  operationLogs: () => import('./routes/operation-logs'),
  deviceTypes: () => import('./routes/device-types'),
  devices: () => import('./routes/devices'),
  deviceDetail: () => import('./routes/device-detail'),
  smsUsers: () => import('./routes/sms-users'),
  smsSendRecords: () => import('./routes/sms-records'),
};

function toRouteObject(route: AppRoute, parentPath: string): RouteObject {
  const fullPath = parentPath ? joinPath(parentPath, route.path) : route.path;
  const handle: RouteHandle = {
    path: fullPath,
    name: route.name,
    redirect: route.redirect,
    hidden: route.hidden,
    meta: route.meta,
  };
  const page = route.page;
  const children: RouteObject[] = [];
  if (route.redirect && route.redirect !== 'noRedirect') {
    children.push({ index: true, element: <Navigate to={route.redirect} replace /> });
  }
  for (const child of route.children ?? []) children.push(toRouteObject(child, fullPath));
  return {
    path: route.path,
    handle,
    ...(page ? { lazy: async () => ({ Component: (await pages[page]()).default }) } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/**
 * The route table: /login and /404 open, the layout with every module (a wrapper with one
 * child page), anything else to /404. RootRoute applies the access rules.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        ...constantRoutes.map((r) => toRouteObject(r, '')),
        { id: 'layout', element: <MainLayout />, children: asyncRoutes.map((r) => toRouteObject(r, '')) },
        { path: '*', element: <Navigate to={paths.notFound} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
