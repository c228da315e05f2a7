import type { Widen } from '@/lib/locales/widen';

/** Strings of the live feed (alarm notifications, the sound switch), merged into the zh-CN catalogue under 'live'. */
export const liveZhCN = {
  title: {
    gasHigh: '高浓度燃气报警',
    gasLow: '低浓度燃气报警',
    raised: '燃气报警升级为高报',
    fault: '设备故障',
    lowBattery: '设备电量低',
    offline: '设备离线',
    other: '设备报警',
  },
  device: '{{name}}（IMEI {{imei}}）',
  unnamed: '未命名设备',
  value: '数值：{{value}}',
  open: '查看设备',
  sound: {
    on: '报警提示音：开',
    off: '报警提示音：关',
    label: '报警提示音',
  },
} as const;

/** The same keys in English (the type enforces it). */
export const liveEn: Widen<typeof liveZhCN> = {
  title: {
    gasHigh: 'High gas alarm',
    gasLow: 'Low gas alarm',
    raised: 'Gas alarm rose to high',
    fault: 'Device fault',
    lowBattery: 'Low battery',
    offline: 'Device offline',
    other: 'Device alarm',
  },
  device: '{{name}} (IMEI {{imei}})',
  unnamed: 'Unnamed device',
  value: 'Value: {{value}}',
  open: 'Open the device',
  sound: {
    on: 'Alarm sound: on',
    off: 'Alarm sound: off',
    label: 'Alarm sound',
  },
};
