import { DeviceTypesList } from '@/features/device-types/components/device-types-list';

export default function DeviceTypesRoute() {
  return <DeviceTypesList />;
}
