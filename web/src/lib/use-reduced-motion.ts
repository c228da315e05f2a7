import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia(QUERY).matches;

/**
 * Whether the user asked the system for less motion (WCAG 2.3.3). The console then opens dialogs,
 * menus and toasts without their zoom and slide animations; it follows a change of the setting live.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
