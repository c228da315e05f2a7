import type { HomeStatistic } from '@/types/api';

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
