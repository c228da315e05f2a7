import type { ListItem, Query } from '@/types/api';

/**
 * The send log (docs/notifications.md "Send log"), from the server's contract (src/types/api.ts); the
 * lists are the document's enums, in the order the filters offer them.
 */

export type SmsRecord = ListItem<'/api/smsSendLog'>;

export type SmsStatus = SmsRecord['status'];
export const SMS_STATUSES: readonly SmsStatus[] = ['pending', 'sending', 'sent', 'failed', 'capped', 'throttled', 'cancelled'];

export type SmsEventType = SmsRecord['eventType'];
export const SMS_EVENT_TYPES: readonly SmsEventType[] = ['started', 'raised', 'ended', 'reminder'];

export type SmsRecordListQuery = Query<'/api/smsSendLog', 'get'>;
