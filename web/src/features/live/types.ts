import type { Schema } from '@/types/api';

/** The live feed's event names (docs/api.md "Live feed"). */
export const LIVE_EVENT_TYPES = ['alarm.started', 'alarm.raised', 'alarm.ended', 'device.offline', 'device.online'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The event that tells the feed its session no longer holds: the feed closes and is not reopened. */
export const SESSION_ENDED = 'session.ended';
/** The feed's first message: `id` is where it starts (a reconnect before any event resumes from there). */
export const FEED_READY = 'feed.ready';

/**
 * One event's data (the document's LiveEvent), without its stored `type` (an offline alarm's start is type
 * alarm.started, event device.offline): the console goes by the event's name.
 */
export type LiveEvent = Omit<Schema<'LiveEvent'>, 'type'>;
