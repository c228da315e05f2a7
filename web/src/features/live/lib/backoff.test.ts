import { describe, expect, it } from 'vitest';

import { BACKOFF_MAX_MS, reconnectDelay } from './backoff';
import { feedUrl } from './feed-url';

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops growing at 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => reconnectDelay(n, 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
    expect(reconnectDelay(1000, 0)).toBe(BACKOFF_MAX_MS);
    expect(reconnectDelay(-3, 0)).toBe(1000);
  });

  it('takes up to a fifth off at random, never more', () => {
    expect(reconnectDelay(3, 0.5)).toBe(7200);
    expect(reconnectDelay(3, 0.999999)).toBeGreaterThanOrEqual(6400);
    expect(reconnectDelay(3, 7)).toBe(6400);
  });
});

describe('feedUrl', () => {
  it('puts the token in the query (EventSource sends no headers) and the last id seen when there is one', () => {
    expect(feedUrl('a b+c', null)).toBe('/api/events?token=a+b%2Bc');
    expect(feedUrl('tok', 1042)).toBe('/api/events?token=tok&lastEventId=1042');
    expect(feedUrl('tok', 0)).toBe('/api/events?token=tok');
  });
});
