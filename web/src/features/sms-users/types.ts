import type { ListQuery, RecordStatus } from '@/types/api';

/**
 * Payloads of the notification user calls (docs/notifications.md "Notification users"). They live here
 * until they move to src/types/api.ts with the other payloads.
 */

export type AlarmKind = 'gas' | 'lowBattery' | 'fault' | 'offline';
export const ALARM_KINDS: readonly AlarmKind[] = ['gas', 'lowBattery', 'fault', 'offline'];

export type GasMinLevel = 'low' | 'high';
export type SmsScope = 'all' | 'devices' | 'regions';
export const SMS_SCOPES: readonly SmsScope[] = ['all', 'devices', 'regions'];
export type SmsLanguage = 'zh-CN' | 'en';
export const SMS_LANGUAGES: readonly SmsLanguage[] = ['zh-CN', 'en'];
export const ESCALATION_LEVELS = [0, 1, 2, 3] as const;

export interface DeviceRef {
  id: number;
  name: string;
  imei: string;
}

export interface SmsUser {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  phone: string;
  alarmKinds: AlarmKind[] | null;
  gasMinLevel: GasMinLevel;
  scope: SmsScope;
  deviceIds: number[] | null;
  devices: DeviceRef[] | null;
  regionCodes: string[] | null;
  /** "HH:MM" or empty: no SMS in the window (may cross midnight), except high methane alarms. */
  quietStart: string;
  quietEnd: string;
  notifyOnEnd: boolean;
  /** 0 regular recipient; 1..3 escalation contact reached from that reminder on. */
  escalationLevel: number;
  language: SmsLanguage;
  status: RecordStatus;
  remark: string;
  createdAt: number;
  updatedAt: number;
}

/** The body of POST and PUT /api/smsUser. */
export interface SmsUserInput {
  name: string;
  phone: string;
  /** Platform users only; a company user's notification users are its own. */
  companyId?: number;
  alarmKinds: AlarmKind[];
  gasMinLevel: GasMinLevel;
  scope: SmsScope;
  deviceIds?: number[];
  regionCodes?: string[];
  quietStart: string;
  quietEnd: string;
  notifyOnEnd: boolean;
  escalationLevel: number;
  language: SmsLanguage;
  remark: string;
}

export interface SmsUserListQuery extends ListQuery {
  name?: string;
  phone?: string;
  companyId?: number;
  status?: number;
  escalationLevel?: number;
  deviceId?: number;
}

/** GET /api/smsUser/device-options: a device to choose. */
export interface DeviceOption {
  id: number;
  name: string;
  imei: string;
  companyId: number;
  address: string;
}
