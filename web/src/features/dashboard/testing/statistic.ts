import type { HomeStatistic } from '@/types/api';

/** The device counts of GET /api/home/statistic the tests share: 12 devices, 9 online, 3 offline, 1 alarming. */
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
  alarmTrend: null,
  byType: null,
  byProvince: null,
  latestAlarms: null,
} satisfies Partial<HomeStatistic>;
