import { DevicesList } from '@/features/devices/components/devices-list';

export default function DevicesRoute() {
  return <DevicesList />;
}
