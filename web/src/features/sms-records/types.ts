import type { ListQuery } from '@/types/api';

/** The send log (docs/notifications.md "Send log"). Lives here until it moves to src/types/api.ts. */

export type SmsStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'capped' | 'throttled' | 'cancelled';
export const SMS_STATUSES: readonly SmsStatus[] = ['pending', 'sending', 'sent', 'failed', 'capped', 'throttled', 'cancelled'];

export type SmsEventType = 'started' | 'raised' | 'ended' | 'reminder';
export const SMS_EVENT_TYPES: readonly SmsEventType[] = ['started', 'raised', 'ended', 'reminder'];

export interface SmsRecord {
  id: number;
  companyId: number;
  smsUserId: number | null;
  userName: string;
  phone: string;
  deviceId: number;
  deviceName: string;
  alarmId: number;
  alarmKind: string;
  level: string;
  eventType: SmsEventType | string;
  reminder: number;
  language: string;
  content: string;
  provider: string;
  status: SmsStatus | string;
  providerMsgId: string;
  error: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

export interface SmsRecordListQuery extends ListQuery {
  phone?: string;
  companyId?: number;
  status?: string[];
  eventType?: string[];
  smsUserId?: number;
  deviceId?: number;
  alarmId?: number;
  /** ["$gte:<ms>", "$lte:<ms>"] */
  createdAt?: string[];
}
