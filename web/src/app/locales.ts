import { alarmEn, alarmZhCN } from '@/features/alarms/locales';
import { homeEn, homeZhCN } from '@/features/dashboard/locales';
import { deviceDetailEn, deviceDetailZhCN } from '@/features/device-detail/locales';
import { deviceTypeEn, deviceTypeZhCN } from '@/features/device-types/locales';
import { deviceEn, deviceZhCN } from '@/features/devices/locales';
import { liveEn, liveZhCN } from '@/features/live/locales';
import { smsRecordEn, smsRecordZhCN } from '@/features/sms-records/locales';
import { smsUserEn, smsUserZhCN } from '@/features/sms-users/locales';
import { registerTranslations } from '@/lib/i18n';
import { baseEn } from '@/lib/locales/en';
import type { Widen } from '@/lib/locales/widen';
import { baseZhCN } from '@/lib/locales/zh-CN';
import { alarmActionsEn, alarmActionsZhCN } from '@/shared/alarms/locales';

/**
 * THE place translations are registered: the shared catalogue (lib/locales) plus each feature's
 * (features/<name>/locales.ts) under its namespace key. Imported once by main.tsx and by the test setup,
 * before anything renders. A feature with strings of its own adds one line to each catalogue here.
 */
export const zhCN = {
  ...baseZhCN,
  deviceType: deviceTypeZhCN,
  device: deviceZhCN,
  deviceDetail: deviceDetailZhCN,
  home: homeZhCN,
  live: liveZhCN,
  smsUser: smsUserZhCN,
  smsRecord: smsRecordZhCN,
  alarm: alarmZhCN,
  alarmActions: alarmActionsZhCN,
} as const;

/** The shape every language must provide: en below has exactly zh-CN's keys, or it does not compile. */
export type Translation = Widen<typeof zhCN>;

export const en: Translation = {
  ...baseEn,
  deviceType: deviceTypeEn,
  device: deviceEn,
  deviceDetail: deviceDetailEn,
  home: homeEn,
  live: liveEn,
  smsUser: smsUserEn,
  smsRecord: smsRecordEn,
  alarm: alarmEn,
  alarmActions: alarmActionsEn,
};

registerTranslations('zh-CN', zhCN);
registerTranslations('en', en);

declare module '@/lib/i18n-keys' {
  /** TranslationKey covers every key of the whole catalogue. */
  interface TranslationCatalogue {
    catalogue: Translation;
  }
}
