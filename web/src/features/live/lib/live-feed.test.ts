import { describe, expect, it, vi } from 'vitest';

import type { LiveEvent } from '../types';

import { openLiveFeed, type EventSourceLike } from './live-feed';

/** A stand-in for EventSource that the test drives. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: EventSourceLike['onopen'] = null;
  onerror: EventSourceLike['onerror'] = null;
  closed = false;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  opened() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as EventSource, new Event('open'));
  }

  emit(type: string, data: unknown, lastEventId = '') {
    const message = new MessageEvent<string>(type, { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId });
    for (const l of this.listeners.get(type) ?? []) l(message);
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.call(this as unknown as EventSource, new Event('error'));
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: [string, LiveEvent][] = [];
  const ended = vi.fn();
  const feed = openLiveFeed({
    token: 'tok',
    onEvent: (name, e) => events.push([name, e]),
    onSessionEnded: ended,
    open: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (h) => {
      const i = timers.indexOf(h as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    random: () => 0,
  });
  return { feed, sources, timers, events, ended };
}

const ev = (id: number, deviceId = 17) => ({ id, type: 'alarm.started', deviceId, deviceName: 'W', imei: '1', alarmKind: 'gas', level: 'high', value: 60 });

describe('openLiveFeed', () => {
  it('opens one feed with the token in the query and hands each named event over once, in order', () => {
    const { sources, events } = setup();
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toBe('/api/events?token=tok');
    sources[0].opened();
    sources[0].emit('alarm.started', ev(5));
    sources[0].emit('device.offline', { ...ev(6, 18), alarmKind: 'offline' });
    sources[0].emit('alarm.started', ev(5)); // seen already (e.g. resent after a reconnect)
    sources[0].emit('alarm.ended', 'garbage');
    sources[0].emit('message', ev(9)); // not an event of the feed
    expect(events.map(([name, e]) => [name, e.id, e.deviceId])).toEqual([
      ['alarm.started', 5, 17],
      ['device.offline', 6, 18],
    ]);
  });

  it('leaves a dropped connection to EventSource, which reconnects by itself', () => {
    const { sources, timers } = setup();
    sources[0].opened();
    sources[0].fail(0); // CONNECTING: the browser retries with Last-Event-ID
    expect(sources).toHaveLength(1);
    expect(timers).toHaveLength(0);
    expect(sources[0].closed).toBe(false);
  });

  it('reopens a feed that failed before any event from where it started (feed.ready), not from the newest', () => {
    const { sources, timers } = setup();
    sources[0].opened();
    sources[0].emit('feed.ready', { lastEventId: 17 }, '17');
    sources[0].fail(2);
    timers.shift()!.fn();
    expect(sources[1].url).toBe('/api/events?token=tok&lastEventId=17');
  });

  it('reopens a feed the browser gave up on, after a growing wait, from the last event seen', () => {
    const { sources, timers, events } = setup();
    sources[0].opened();
    sources[0].emit('alarm.started', ev(41));
    sources[0].fail(2); // CLOSED: e.g. the server answered 503 while restarting
    expect(sources[0].closed).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers.shift()!.fn();
    expect(sources[1].url).toBe('/api/events?token=tok&lastEventId=41');
    sources[1].fail(2);
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers.shift()!.fn();
    sources[2].fail(2);
    expect(timers.map((t) => t.ms)).toEqual([4000]);
    timers.shift()!.fn();
    sources[3].opened(); // a good connection starts the waits over
    sources[3].emit('alarm.started', ev(42));
    sources[3].fail(2);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers.shift()!.fn();
    expect(sources[4].url).toBe('/api/events?token=tok&lastEventId=42');
    expect(events.map(([, e]) => e.id)).toEqual([41, 42]);
  });

  it('stops for good on session.ended, and on close', () => {
    const first = setup();
    first.sources[0].opened();
    first.sources[0].emit('session.ended', {});
    expect(first.sources[0].closed).toBe(true);
    expect(first.ended).toHaveBeenCalledTimes(1);
    first.sources[0].fail(2);
    expect(first.timers).toHaveLength(0);
    first.sources[0].emit('alarm.started', ev(3));
    expect(first.events).toHaveLength(0);

    const second = setup();
    second.sources[0].fail(2);
    expect(second.timers).toHaveLength(1);
    second.feed.close(); // signed out while waiting to reopen
    expect(second.timers).toHaveLength(0);
    expect(second.sources).toHaveLength(1);
  });
});
