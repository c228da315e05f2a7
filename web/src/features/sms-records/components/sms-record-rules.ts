import { SMS_EVENT_TYPES, SMS_STATUSES, type SmsEventType, type SmsStatus } from '../types';

/** The tag colour of a message status: sent green, failed red, waiting blue, not sent by rule orange/grey. */
export const STATUS_COLORS: Record<SmsStatus, string> = {
  pending: 'processing',
  sending: 'blue',
  sent: 'success',
  failed: 'error',
  capped: 'warning',
  throttled: 'gold',
  cancelled: 'default',
};

export function isSmsStatus(value: string): value is SmsStatus {
  return (SMS_STATUSES as readonly string[]).includes(value);
}

export function isSmsEventType(value: string): value is SmsEventType {
  return (SMS_EVENT_TYPES as readonly string[]).includes(value);
}
