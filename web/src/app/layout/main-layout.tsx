import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { PageSpinner } from '@/components/ui/page-spinner';
import { LiveFeed } from '@/features/live/components/live-feed';
import { useAppStore } from '@/lib/app-store';

import { AppFooter } from './app-footer';
import { Navbar } from './navbar';
import { Sidebar } from './sidebar';
import { useCurrentRoute } from './use-current-route';
import { useDeviceMode } from './use-device-mode';

/** The shell of every signed-in page: sidebar, top bar, main area, footer. */
export function MainLayout() {
  const { t } = useTranslation();
  const { device, opened } = useDeviceMode();
  const withoutAnimation = useAppStore((s) => s.sidebar.withoutAnimation);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const route = useCurrentRoute();

  const classes = [
    'app-wrapper',
    opened ? 'open-sidebar' : 'hide-sidebar',
    withoutAnimation ? 'without-animation' : '',
    device === 'mobile' ? 'mobile' : 'desktop',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} data-device={device} data-sidebar={opened ? 'open' : 'closed'}>
      {device === 'mobile' && opened && (
        <button
          type="button"
          className="drawer-bg"
          aria-label={t('layout.closeSidebar')}
          onClick={() => closeSidebar(false)}
        />
      )}
      <LiveFeed />
      <Sidebar />
      <div className="main-container">
        <Navbar />
        <main className="app-main">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        {!route?.meta?.noFooter && <AppFooter />}
      </div>
    </div>
  );
}
