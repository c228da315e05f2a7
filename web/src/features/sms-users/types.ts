import type { AlarmKind, Answer, Body, Item, ListItem, Query } from '@/types/api';

/**
 * Payloads of the notification user calls (docs/notifications.md "Notification users"), from the server's
 * contract (src/types/api.ts). The lists are the document's enums, in the order the forms offer them.
 */

export type SmsUser = ListItem<'/api/smsUser'>;

export type { AlarmKind } from '@/types/api';
export const ALARM_KINDS: readonly AlarmKind[] = ['gas', 'lowBattery', 'fault', 'offline'];

export type GasMinLevel = SmsUser['gasMinLevel'];
export type SmsScope = SmsUser['scope'];
export const SMS_SCOPES: readonly SmsScope[] = ['all', 'devices', 'regions'];
export type SmsLanguage = SmsUser['language'];
export const SMS_LANGUAGES: readonly SmsLanguage[] = ['zh-CN', 'en'];
export const ESCALATION_LEVELS = [0, 1, 2, 3] as const;

/** A chosen device of a notification user. */
export type DeviceRef = Item<SmsUser['devices']>;

/** The body of POST and PUT /api/smsUser (`companyId`: platform users only). */
export type SmsUserInput = Body<'/api/smsUser', 'post'>;

export type SmsUserListQuery = Query<'/api/smsUser', 'get'>;

/** GET /api/smsUser/device-options: a device to choose. */
export type DeviceOption = Item<Answer<'/api/smsUser/device-options', 'get'>>;
