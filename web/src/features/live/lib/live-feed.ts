import { FEED_READY, LIVE_EVENT_TYPES, SESSION_ENDED, type LiveEvent } from '../types';

import { reconnectDelay } from './backoff';
import { parseLiveEvent } from './event-notice';
import { feedUrl } from './feed-url';

/** The part of EventSource the feed uses (a fake stands in for it under test). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser gave up on the connection and will not reconnect by itself. */
const CLOSED = 2;

export interface LiveFeedOptions {
  token: string;
  /** Every event of the feed, once, in order (name: alarm.started, device.offline, ...). */
  onEvent: (name: string, event: LiveEvent) => void;
  /** The server said the session no longer holds: the feed is closed for good. */
  onSessionEnded?: () => void;
  /** Opens the connection (default: new EventSource(url)). */
  open?: EventSourceFactory;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

export interface LiveFeed {
  close: () => void;
  /** The id of the newest event seen, where a reopened feed resumes. */
  lastEventId: () => number | null;
}

/**
 * The console's live feed (GET /api/events). A dropped connection is reconnected by EventSource itself
 * (it sends Last-Event-ID); when the browser gives up (the connection is CLOSED, e.g. the server answered
 * an error status while restarting), the feed is opened again after a growing wait (reconnectDelay) with
 * ?lastEventId= of the last event seen, so nothing kept on the server is missed. An event already seen
 * (an id not above the last one) is dropped. `session.ended` closes the feed for good.
 */
export function openLiveFeed(options: LiveFeedOptions): LiveFeed {
  const open: EventSourceFactory = options.open ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const random = options.random ?? Math.random;

  let source: EventSourceLike | null = null;
  let lastId: number | null = null;
  let attempt = 0;
  let timer: unknown = null;
  let closed = false;

  const stop = () => {
    closed = true;
    if (timer !== null) clearTimer(timer);
    timer = null;
    source?.close();
    source = null;
  };

  const connect = () => {
    timer = null;
    if (closed) return;
    const es = open(feedUrl(options.token, lastId));
    source = es;
    es.onopen = () => {
      attempt = 0;
    };
    es.onerror = () => {
      if (closed || source !== es || es.readyState !== CLOSED) return;
      es.close();
      source = null;
      timer = setTimer(connect, reconnectDelay(attempt, random()));
      attempt += 1;
    };
    for (const name of LIVE_EVENT_TYPES) {
      es.addEventListener(name, (message) => {
        if (closed || source !== es) return;
        const event = parseLiveEvent(message.data);
        if (!event) return;
        if (lastId !== null && event.id <= lastId) return;
        lastId = event.id;
        options.onEvent(name, event);
      });
    }
    es.addEventListener(FEED_READY, (message) => {
      const start = Number(message.lastEventId);
      if (lastId === null && Number.isInteger(start) && start >= 0) lastId = start;
    });
    es.addEventListener(SESSION_ENDED, () => {
      if (closed) return;
      stop();
      options.onSessionEnded?.();
    });
  };

  connect();
  return { close: stop, lastEventId: () => lastId };
}
