import type { AppRoute } from './routes';

/** What each react-router route carries in its handle (read with useMatches). */
export interface RouteHandle {
  /** The full path of the route. */
  path: string;
  name?: string;
  redirect?: string;
  hidden?: boolean;
  meta?: AppRoute['meta'];
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).path === 'string';
}
