import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { useAppStore } from '@/lib/app-store';
import { isMobileWidth } from '@/lib/route-utils';

function bodyWidth(): number {
  return document.body.getBoundingClientRect().width || window.innerWidth;
}

/**
 * Device mode (docs/product.md §2): mobile below 992 px. Checked on mount and on resize while the
 * page is visible; on mobile the sidebar closes without animation, and closes on route change.
 */
export function useDeviceMode() {
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const device = useAppStore((s) => s.device);
  const opened = useAppStore((s) => s.sidebar.opened);
  const { pathname } = useLocation();

  useEffect(() => {
    const apply = () => {
      const mobile = isMobileWidth(bodyWidth());
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    apply();
    const onResize = () => {
      if (document.visibilityState === 'visible') apply();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice, closeSidebar]);

  useEffect(() => {
    // On route change only (device and closeSidebar are read, not watched).
    if (useAppStore.getState().device === 'mobile' && useAppStore.getState().sidebar.opened) closeSidebar(false);
  }, [pathname, closeSidebar]);

  return { device, opened };
}
