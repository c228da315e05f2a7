import { describe, expect, it } from 'vitest';

// Only the test reads the other features' keys: the live feed uses their literal prefixes
// (features do not import each other), and this keeps the two from drifting apart.
import { homeStatisticQueryOptions } from '@/features/dashboard/api/get-home-statistic';
import { deviceDetailKeys } from '@/features/device-detail/api/keys';
import { devicesQueryOptions } from '@/features/devices/api/get-devices';

import { liveQueryKeys } from './live-keys';

/** Whether `prefix` matches `key` the way invalidateQueries does (a leading part of it). */
const matches = (prefix: readonly unknown[], key: readonly unknown[]) => prefix.every((p, i) => Object.is(p, key[i]));

describe('liveQueryKeys', () => {
  const keys = liveQueryKeys([17, 18, 17]);

  it('covers the home statistic, the device list and the detail queries of each device in the events', () => {
    expect(keys.some((k) => matches(k, homeStatisticQueryOptions().queryKey))).toBe(true);
    expect(keys.some((k) => matches(k, devicesQueryOptions({ page: 2, pageSize: 20 } as never).queryKey))).toBe(true);
    for (const id of [17, 18]) {
      expect(keys.some((k) => matches(k, deviceDetailKeys.device(id)))).toBe(true);
      expect(keys.some((k) => matches(k, deviceDetailKeys.alarms(id, { page: 1 })))).toBe(true);
    }
    expect(keys.some((k) => matches(k, deviceDetailKeys.device(19)))).toBe(false);
    expect(keys).toHaveLength(5);
  });
});
