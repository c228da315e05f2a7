import { AlarmCenter } from '@/features/alarms/components/alarm-center';

export default function AlarmsRoute() {
  return <AlarmCenter />;
}
