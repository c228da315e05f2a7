import type { HomeStatistic } from '@/types/api';

/**
 * The device counts of GET /api/home/statistic the tests share: 12 devices, 9 online, 3 offline, 1 in gas
 * alarm; 2 alarms open now and 5 nobody has handled yet.
 */
export const DEVICE_COUNTS = {
  devices: 12,
  online: 9,
  offline: 3,
  alarming: 1,
  faulty: 0,
  lowBattery: 2,
  readingsToday: 123456,
  alarmsToday: 4,
  unhandledAlarms: 5,
  activeAlarms: 2,
} satisfies Partial<HomeStatistic>;

/** The parts of GET /api/home/statistic about devices, as the server leaves them for a caller who may not see devices. */
export const DEVICE_PARTS_HIDDEN = {
  devices: null,
  online: null,
  offline: null,
  alarming: null,
  faulty: null,
  lowBattery: null,
  readingsToday: null,
  alarmsToday: null,
  unhandledAlarms: null,
  activeAlarms: null,
  topDevices: null,
  alarmTrend: null,
  byType: null,
  byProvince: null,
  latestAlarms: null,
} satisfies Partial<HomeStatistic>;

/** The devices with the most alarms in the last 30 days, as the server lists them (most first). */
export const TOP_DEVICES = [
  { deviceId: 17, deviceName: '文三路阀门井 01', imei: '860000010000015', count: 9 },
  { deviceId: 21, deviceName: '', imei: '860000010000023', count: 4 },
  { deviceId: 5, deviceName: '古墩路调压站', imei: '860000010000007', count: 1 },
] satisfies HomeStatistic['topDevices'];
