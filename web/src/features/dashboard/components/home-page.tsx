import { Skeleton, Space } from 'antd';
import { lazy, Suspense } from 'react';

import { isPlatformUser, useAuthStore } from '@/lib/auth-store';
import { usePermission } from '@/lib/authorization';

import { useHomeStatistic } from '../api/get-home-statistic';

import { Welcome } from './welcome';

// The figures are a chunk of their own: the greeting shows at once, and a user who may see no figure
// never loads them.
const HomeFigures = lazy(() => import('./home-figures'));

/**
 * The home page (/dashboard): the greeting, then the figures the user may see: the company count for
 * platform users holding Enterprise Management, everything about devices and alarms for those holding
 * Alarm Device Management. A user who may see none of them gets the greeting alone and no call is made.
 */
export function HomePage() {
  const user = useAuthStore((s) => s.userInfo);
  const devices = usePermission('DeviceManagement');
  const companies = usePermission('CompanyManagement');
  const platform = user !== null && isPlatformUser(user);
  const maySee = devices || (platform && companies);
  // Asked here, while the figures' chunk loads, so the answer is on its way as soon as the page shows
  // (and one observer: a second one mounting later would ask again).
  const query = useHomeStatistic(maySee);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Welcome />
      {maySee && (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <HomeFigures query={query} />
        </Suspense>
      )}
    </Space>
  );
}
