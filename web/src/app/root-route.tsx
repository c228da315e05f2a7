import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';

import { useCurrentRoute, useMatchedHandles } from '@/app/layout/use-current-route';
import { useProductTitle } from '@/app/layout/use-product-title';
import { PageSpinner } from '@/components/ui/page-spinner';
import { loginPathFor, paths, safeRedirect } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';
import { useAuthStore } from '@/lib/auth-store';
import { notify } from '@/lib/notify';
import { hasRoutePermission } from '@/lib/route-utils';

/** `<route title> - <product title>`. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const product = useProductTitle();
  const title = route?.meta?.title ? `${t(route.meta.title)} - ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Loads the user info once per session and page load; a failure ends the session. */
function useUserInfo(token: string | null) {
  const userLoaded = useAuthStore((s) => s.userLoaded);
  const setUser = useAuthStore((s) => s.setUser);
  const clearSession = useAuthStore((s) => s.clearSession);
  const query = useUser(userLoaded ? null : token);
  useEffect(() => {
    if (query.data && token) setUser(query.data);
  }, [query.data, token, setUser]);
  useEffect(() => {
    // A code other than 0 (or any failure) rejects the user info: sign out.
    if (query.isError) clearSession();
  }, [query.isError, clearSession]);
  return userLoaded;
}

function ForbiddenRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    notify.warning(t('auth.forbidden'), 'forbidden');
  }, [t]);
  return <Navigate to={paths.root} replace />;
}

/**
 * The access rules of docs/product.md §2 and §4, in one place:
 * - no token: every path but /login goes to /login?redirect=<path with query>
 * - a token on /login: go to the redirect query, else /
 * - the user info is fetched on first navigation; until it is in, nothing below renders (so a
 *   deep link is never flashed as /404)
 * - a route the roles do not reach: warning 您没有该页面的权限, then /
 */
export function RootRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const token = useAuthStore((s) => s.token);
  const roles = useAuthStore((s) => s.roles);
  const handles = useMatchedHandles();
  const userLoaded = useUserInfo(token);
  useDocumentTitle();
  useScrollToTop();

  const onLogin = location.pathname === paths.login;
  if (!token) {
    if (onLogin) return <Outlet />;
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  if (onLogin) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  if (!userLoaded) return <PageSpinner />;
  if (!handles.every((h) => hasRoutePermission(roles, h))) return <ForbiddenRedirect />;
  return <Outlet />;
}
