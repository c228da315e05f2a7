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
  more: '还有 {{count}} 条报警',
  moreHint: '点击查看全部待确认报警',
  sound: {
    on: '报警提示音：开',
    off: '报警提示音：关',
    label: '报警提示音',
    blocked: '浏览器阻止了报警提示音，点击开启声音',
    blockedLabel: '报警提示音：点击开启声音',
    enable: '点击开启声音',
  },
  bell: {
    label: '待确认报警',
    labelCount: '待确认报警：{{count}} 条',
    title: '待确认报警',
    empty: '没有待确认的报警',
    all: '进入报警中心',
    shown: '显示最严重的 {{shown}} 条，共 {{total}} 条',
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
  more: '+{{count}} more alarms',
  moreHint: 'Click to see every alarm awaiting acknowledgement',
  sound: {
    on: 'Alarm sound: on',
    off: 'Alarm sound: off',
    label: 'Alarm sound',
    blocked: 'The browser blocked the alarm sound: click to enable sound',
    blockedLabel: 'Alarm sound: click to enable sound',
    enable: 'Click to enable sound',
  },
  bell: {
    label: 'Alarms to acknowledge',
    labelCount: 'Alarms to acknowledge: {{count}}',
    title: 'Alarms to acknowledge',
    empty: 'No alarm awaits acknowledgement',
    all: 'Open the Alarm Center',
    shown: 'The {{shown}} most severe of {{total}}',
  },
};
