import { DeviceDetailPage } from '@/features/device-detail/components/device-detail-page/device-detail-page';

export default function DeviceDetailRoute() {
  return <DeviceDetailPage />;
}
