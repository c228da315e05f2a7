import { SMS_STATUSES, type SmsRecord, type SmsStatus } from '../types';

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

/**
 * Why a message was not sent, or what failed, as the records column shows it. A throttled or capped
 * message carries the rule that held it (`limit`: the throttle window in seconds, the company's daily
 * cap); older records have none and show the server's `error` text. `tone` is 'danger' only for a
 * failure: a message held by a rule is the rule working.
 */
export type SmsReason =
  | { kind: 'throttled'; windowMs: number }
  | { kind: 'capped'; limit: number }
  | { kind: 'error'; text: string; tone: 'danger' | 'warning' | 'secondary' }
  | null;

export function smsReason(record: Pick<SmsRecord, 'status' | 'limit' | 'error'>): SmsReason {
  const limit = record.limit ?? 0;
  if (record.status === 'throttled' && limit > 0) return { kind: 'throttled', windowMs: limit * 1000 };
  if (record.status === 'capped' && limit > 0) return { kind: 'capped', limit };
  if (!record.error) return null;
  const tone = record.status === 'failed' ? 'danger' : record.status === 'pending' ? 'warning' : 'secondary';
  return { kind: 'error', text: record.error, tone };
}
