import { describe, expect, it } from 'vitest';

import { choiceFromPicked, choiceKey, defaultChartRange, matchPreset, rangeFilter, resolveRange } from './time-range';

const H = 60 * 60 * 1000;
const now = 1_795_300_000_000;

describe('time ranges', () => {
  it('resolves a preset relative to now and a custom range as it is', () => {
    expect(resolveRange({ kind: 'preset', key: 'lastHour' }, now)).toEqual({ from: now - H, to: now });
    expect(resolveRange({ kind: 'preset', key: 'last7Days' }, now)).toEqual({ from: now - 7 * 24 * H, to: now });
    expect(resolveRange({ kind: 'custom', from: 1, to: 2 }, now)).toEqual({ from: 1, to: 2 });
    expect(resolveRange({ kind: 'all' }, now)).toEqual({ from: null, to: null });
  });

  it('recognises a picked quick range, so that it keeps following the clock', () => {
    expect(matchPreset(now - 24 * H - 300, now - 300, now)).toBe('last24Hours');
    expect(matchPreset(now - 30 * 24 * H, now, now)).toBe('last30Days');
    expect(matchPreset(now - 2 * H, now, now)).toBeNull();
    // an hour long, but ending yesterday: a fixed range
    expect(matchPreset(now - 25 * H, now - 24 * H, now)).toBeNull();
    expect(choiceFromPicked(now - H, now, now)).toEqual({ kind: 'preset', key: 'lastHour' });
    expect(choiceFromPicked(now - 3 * H, now - H, now)).toEqual({ kind: 'custom', from: now - 3 * H, to: now - H });
  });

  it('writes the repeated $gte:/$lte: filter of the API', () => {
    expect(rangeFilter({ from: 1000.7, to: 2000 })).toEqual(['$gte:1000', '$lte:2000']);
    expect(rangeFilter({ from: null, to: null })).toBeUndefined();
  });

  it('keys a preset by its name, not by its moving dates', () => {
    expect(choiceKey({ kind: 'preset', key: 'lastHour' })).toBe('lastHour');
    expect(choiceKey({ kind: 'custom', from: 1, to: 2 })).toBe('1-2');
  });
});

describe('defaultChartRange', () => {
  it('is the last 24 hours when the device reported in them, or never reported', () => {
    expect(defaultChartRange(now - 23 * H, now)).toEqual({ kind: 'preset', key: 'last24Hours' });
    expect(defaultChartRange(now - 24 * H, now)).toEqual({ kind: 'preset', key: 'last24Hours' });
    expect(defaultChartRange(null, now)).toEqual({ kind: 'preset', key: 'last24Hours' });
  });

  it('is the 24 hours ending at the last report of a device gone quiet, never longer', () => {
    const last = now - 3 * 24 * H;
    const choice = defaultChartRange(last, now);
    expect(choice).toEqual({ kind: 'custom', from: last - 24 * H, to: last });
    const { from, to } = resolveRange(choice, now);
    expect(to! - from!).toBe(24 * H);
  });
});
