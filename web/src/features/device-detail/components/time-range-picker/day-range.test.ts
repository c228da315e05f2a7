import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { dayRange } from './time-range-picker';

const now = dayjs('2026-11-22T16:20:00');

describe('dayRange (the phone layout: two day pickers)', () => {
  it('spans whole days from the start day to the end day', () => {
    expect(dayRange(dayjs('2026-11-20T09:00:00'), dayjs('2026-11-21T08:00:00'), now)).toEqual({
      from: dayjs('2026-11-20T00:00:00').valueOf(),
      to: dayjs('2026-11-21T23:59:59.999').valueOf(),
    });
  });

  it('runs a start alone to the end of today, and starts an end alone at its day', () => {
    expect(dayRange(dayjs('2026-11-20T09:00:00'), null, now)).toEqual({
      from: dayjs('2026-11-20T00:00:00').valueOf(),
      to: dayjs('2026-11-22T23:59:59.999').valueOf(),
    });
    expect(dayRange(null, dayjs('2026-11-19T09:00:00'), now)).toEqual({
      from: dayjs('2026-11-19T00:00:00').valueOf(),
      to: dayjs('2026-11-19T23:59:59.999').valueOf(),
    });
  });

  it('swaps reversed days and gives no range when both are empty', () => {
    expect(dayRange(dayjs('2026-11-21'), dayjs('2026-11-18'), now)).toEqual({
      from: dayjs('2026-11-18T00:00:00').valueOf(),
      to: dayjs('2026-11-21T23:59:59.999').valueOf(),
    });
    expect(dayRange(null, null, now)).toBeNull();
  });
});
