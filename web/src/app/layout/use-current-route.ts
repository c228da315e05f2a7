import { useMatches } from 'react-router';

import { isRouteHandle, type RouteHandle } from '@/config/route-handle';

/** The handles of the matched routes, outermost first. */
export function useMatchedHandles(): RouteHandle[] {
  return useMatches()
    .map((m) => m.handle)
    .filter(isRouteHandle);
}

/** The innermost matched route with a title. */
export function useCurrentRoute(): RouteHandle | undefined {
  const handles = useMatchedHandles();
  for (let i = handles.length - 1; i >= 0; i -= 1) if (handles[i].meta?.title) return handles[i];
  return undefined;
}
