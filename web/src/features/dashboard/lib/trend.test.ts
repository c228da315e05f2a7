import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { buildTrend, topGroups, trendDay, trendToday } from './trend';

const HOUR = 3_600_000;
/** The epoch ms of a date's midnight in a server `offset` hours east of UTC (how the server names a day). */
const serverMidnight = (date: string, offset = 8) => Date.parse(`${date}T00:00:00Z`) - offset * HOUR;
const midnight = (date: string) => serverMidnight(date);
const TODAY = '2026-11-22';

describe('buildTrend', () => {
  const trend = [
    { day: midnight('2026-11-22'), kind: 'gas', count: 3 },
    { day: midnight('2026-11-22'), kind: 'offline', count: 1 },
    { day: midnight('2026-11-16'), kind: 'gas', count: 2 }, // the first of the last 7 days
    { day: midnight('2026-11-15'), kind: 'fault', count: 4 }, // 8 days ago: only in the 30-day span
    { day: midnight('2026-10-24'), kind: 'lowBattery', count: 5 }, // the first of the last 30 days
  ];

  it('covers the last 7 days up to today, every day on the axis, days without alarms at 0', () => {
    const t = buildTrend(trend, 7, TODAY);
    expect(t.days).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(t.series.map((s) => s.kind)).toEqual(['gas', 'offline', 'fault', 'lowBattery']);
    expect(t.series[0].data).toEqual([2, 0, 0, 0, 0, 0, 3]);
    expect(t.series[1].data).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(t.series[2].data).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(t.total).toBe(6);
  });

  it('covers the last 30 days with the older entries', () => {
    const t = buildTrend(trend, 30, TODAY);
    expect(t.days).toHaveLength(30);
    expect(t.days[0]).toBe('2026-10-24');
    expect(t.days[29]).toBe('2026-11-22');
    expect(t.series[2].data[t.days.indexOf('2026-11-15')]).toBe(4);
    expect(t.series[3].data[0]).toBe(5);
    expect(t.total).toBe(15);
  });

  it('leaves out entries outside the span, keeps an unknown kind as a series of its own, and takes null', () => {
    const t = buildTrend([...trend, { day: midnight('2026-10-23'), kind: 'gas', count: 9 }, { day: midnight('2026-11-21'), kind: 'tamper', count: 1 }], 30, TODAY);
    expect(t.total).toBe(16);
    expect(t.series.map((s) => s.kind)).toEqual(['gas', 'offline', 'fault', 'lowBattery', 'tamper']);
    const empty = buildTrend(null, 7, TODAY);
    expect(empty.total).toBe(0);
    expect(empty.series.every((s) => s.data.length === 7 && s.data.every((n) => n === 0))).toBe(true);
  });

  it('reads the date of a server midnight the same whatever the server\'s zone (within 12 hours of UTC)', () => {
    for (const offset of [-11, -5, 0, 1, 8, 9, 12]) {
      expect(trendDay(serverMidnight('2026-11-20', offset))).toBe('2026-11-20');
      expect(trendDay(serverMidnight('2026-03-29', offset))).toBe('2026-03-29');
    }
  });

  it('counts the axis back from the server\'s today, not the browser\'s clock', () => {
    // a server in UTC+8 just after its midnight: a browser in UTC (or UTC-5) still has the 21st
    const serverNow = serverMidnight('2026-11-22') + HOUR;
    const t = buildTrend([{ day: midnight('2026-11-22'), kind: 'gas', count: 2 }], 7, trendToday('2026-11-22', serverNow));
    expect(t.days.at(-1)).toBe('2026-11-22');
    expect(t.series[0].data).toEqual([0, 0, 0, 0, 0, 0, 2]);
    // across a month and a year end, and a leap day
    expect(buildTrend(null, 7, '2027-01-02').days).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(buildTrend(null, 7, '2028-03-01').days.slice(-3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('takes the server\'s today when it sent one, else the browser\'s date of generatedAt', () => {
    expect(trendToday('2026-11-22', Date.parse('2026-01-01T12:00:00Z'))).toBe('2026-11-22');
    const at = dayjs('2026-11-20T12:00:00').valueOf();
    expect(trendToday('', at)).toBe('2026-11-20');
    expect(trendToday(undefined, at)).toBe('2026-11-20');
    expect(trendToday('not a day', at)).toBe('2026-11-20');
  });
});

describe('topGroups', () => {
  const groups = [
    { key: '1', name: 'A', count: 1 },
    { key: '2', name: 'B', count: 5 },
    { key: '3', name: 'C', count: 3 },
    { key: '4', name: 'D', count: 0 },
    { key: '5', name: 'E', count: 2 },
  ];

  it('sorts by count and folds what is past the limit into "other"', () => {
    expect(topGroups(groups, 10, 'Other').map((g) => g.name)).toEqual(['B', 'C', 'E', 'A']);
    expect(topGroups(groups, 3, 'Other')).toEqual([
      { key: '2', name: 'B', count: 5 },
      { key: '3', name: 'C', count: 3 },
      { key: 'other', name: 'Other', count: 3 },
    ]);
    expect(topGroups(null, 3, 'Other')).toEqual([]);
  });
});
