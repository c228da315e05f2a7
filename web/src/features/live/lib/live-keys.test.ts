import { describe, expect, it } from 'vitest';

import { queryKeys } from '@/lib/query-keys';

import { liveQueryKeys } from './live-keys';

/** Whether `prefix` matches `key` the way invalidateQueries does (a leading part of it). */
const matches = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((p, i) => Object.is(p, key[i]));

describe('liveQueryKeys', () => {
  const keys = liveQueryKeys([17, 18, 17]);

  it('covers the home statistic, the device lists and the detail queries of each device in the events', () => {
    // the keys the home page, the device list and the device detail page use (all built by lib/query-keys.ts)
    expect(keys.some((k) => matches(k, queryKeys.home.one('statistic')))).toBe(true);
    expect(keys.some((k) => matches(k, queryKeys.device.list({ page: 2, pageSize: 20 })))).toBe(true);
    // the Alarm Center's list
    expect(keys.some((k) => matches(k, queryKeys.alarm.list({ stage: ['new'], page: 1 })))).toBe(true);
    for (const id of [17, 18]) {
      expect(keys.some((k) => matches(k, queryKeys.device.detail(id, 'device')))).toBe(true);
      expect(keys.some((k) => matches(k, queryKeys.device.detail(id, 'alarms', { page: 1 })))).toBe(true);
    }
    expect(keys.some((k) => matches(k, queryKeys.device.detail(19, 'device')))).toBe(false);
    // the choices of devices in forms, and other entities, are left alone
    expect(keys.some((k) => matches(k, queryKeys.device.options('own', '')))).toBe(false);
    expect(keys.some((k) => matches(k, queryKeys.deviceType.options()))).toBe(false);
    expect(keys).toHaveLength(5);
  });
});
