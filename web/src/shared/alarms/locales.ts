import type { Widen } from '@/lib/locales/widen';

/**
 * Strings of the alarm actions shared by several features (the home page's latest alarms, the top bar's
 * bell, the live pop-ups), merged into the catalogues under 'alarmActions'.
 */
export const alarmActionsZhCN = {
  acknowledge: '确认',
  acknowledgeAlarm: '确认报警 #{{id}}',
  ackDone: '已确认',
  open: '查看设备',
  openDeviceOf: '查看设备 {{name}}',
} as const;

export const alarmActionsEn: Widen<typeof alarmActionsZhCN> = {
  acknowledge: 'Acknowledge',
  acknowledgeAlarm: 'Acknowledge alarm #{{id}}',
  ackDone: 'Acknowledged',
  open: 'Open',
  openDeviceOf: 'Open the device {{name}}',
};
