import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  buildDayRange,
  DEFAULT_THROTTLE_MS,
  downloadExport,
  filenameFromContentDisposition,
  formatDateTime,
  formatFileSize,
  formatMethane,
  formatPercent,
  formatVoltage,
  formatWan,
  signalLabelKey,
  signalLevel,
  throttle,
  toMillis,
  withTimestampSuffix,
} from './format';
import { baseEn as en } from './locales/en';
import { baseZhCN as zhCN } from './locales/zh-CN';

describe('formatWan', () => {
  it('divides numbers of 10000 or more by 10000 with 2 decimals and 万', () => {
    expect(formatWan(10000)).toBe('1.00万');
    expect(formatWan(123456)).toBe('12.35万');
  });
  it('leaves smaller numbers as they are', () => {
    expect(formatWan(9999)).toBe('9999');
    expect(formatWan(0)).toBe('0');
  });
  it('takes a translated unit', () => {
    expect(formatWan(25000, en.format.wan)).toBe('2.50×10⁴');
  });
});

describe('formatPercent / formatVoltage / formatMethane', () => {
  it('gives percent 2 decimals', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(5)).toBe('5.00%');
  });
  it('gives voltage as raw / 100 with 2 decimals', () => {
    expect(formatVoltage(370)).toBe('3.70');
    expect(formatVoltage(1234)).toBe('12.34');
  });
  it('gives methane 1 decimal capped at 100.0', () => {
    expect(formatMethane(12.34)).toBe('12.3');
    expect(formatMethane(100)).toBe('100.0');
    expect(formatMethane(130.5)).toBe('100.0');
  });
});

describe('signal labels', () => {
  it('splits at above 18, 11 to 18, below 11', () => {
    expect(signalLevel(31)).toBe('stable');
    expect(signalLevel(19)).toBe('stable');
    expect(signalLevel(18)).toBe('unstable');
    expect(signalLevel(11)).toBe('unstable');
    expect(signalLevel(10)).toBe('weak');
    expect(signalLevel(0)).toBe('weak');
  });
  it('names the three labels in zh-CN and en', () => {
    const label = (csq: number, dict: typeof zhCN | typeof en) =>
      signalLabelKey(csq)
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dict);
    expect(label(25, zhCN)).toBe('能够稳定上网');
    expect(label(15, zhCN)).toBe('网络不稳定，误码较多');
    expect(label(5, zhCN)).toBe('不容易上网');
    expect(label(15, en)).toBe('Unstable network, many bit errors');
  });
});

describe('formatFileSize', () => {
  it('goes from B up to YB with 1 decimal', () => {
    expect(formatFileSize(0)).toBe('0.0 B');
    expect(formatFileSize(512)).toBe('512.0 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5.0 GB');
    expect(formatFileSize(2 * 1024 ** 8)).toBe('2.0 YB');
    expect(formatFileSize(3 * 1024 ** 9)).toBe('3072.0 YB');
  });
});

describe('throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('defaults to 300 ms, runs at once, then folds the window into one trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn);
    expect(DEFAULT_THROTTLE_MS).toBe(300);

    throttled(1);
    expect(fn).toHaveBeenCalledTimes(1);
    throttled(2);
    throttled(3);
    expect(fn).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(299);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);

    vi.advanceTimersByTime(300);
    throttled(4);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(fn).toHaveBeenLastCalledWith(4);
  });

  it('can be cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled('a');
    throttled('b');
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('timestamps', () => {
  it('reads fewer than 13 digits as seconds', () => {
    expect(toMillis(1700000000)).toBe(1700000000000);
    expect(toMillis('1700000000')).toBe(1700000000000);
    expect(toMillis(1700000000123)).toBe(1700000000123);
  });
  it('formats seconds and milliseconds alike in the local time zone', () => {
    const ms = dayjs('2026-03-04 05:06:07').valueOf();
    expect(formatDateTime(ms)).toBe('2026-03-04 05:06:07');
    expect(formatDateTime(Math.floor(ms / 1000))).toBe('2026-03-04 05:06:07');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('buildDayRange', () => {
  it('spans from the start of the first day to the end of the last, in ms', () => {
    const [gte, lte] = buildDayRange('2026-11-01', dayjs('2026-11-03 10:00'));
    expect(gte).toBe(`$gte:${dayjs('2026-11-01 00:00:00.000').valueOf()}`);
    expect(lte).toBe(`$lte:${dayjs('2026-11-03 23:59:59.999').valueOf()}`);
    expect(gte).toMatch(/^\$gte:\d{13}$/);
  });
});

describe('export download', () => {
  it('prefers filename*=UTF-8 over filename', () => {
    const header =
      "attachment; filename=\"devices.xlsx\"; filename*=UTF-8''%E8%AE%BE%E5%A4%87%E5%88%97%E8%A1%A8.xlsx";
    expect(filenameFromContentDisposition(header)).toBe('设备列表.xlsx');
  });
  it('reads a plain quoted or bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="alarm log.xlsx"')).toBe('alarm log.xlsx');
    expect(filenameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(undefined)).toBeNull();
  });
  it('puts _YYYYMMDDHHmmss before the extension', () => {
    const at = dayjs('2026-11-22 05:13:09');
    expect(withTimestampSuffix('devices.xlsx', at)).toBe('devices_20261122051309.xlsx');
    expect(withTimestampSuffix('archive.tar.gz', at)).toBe('archive.tar_20261122051309.gz');
    expect(withTimestampSuffix('noext', at)).toBe('noext_20261122051309');
  });
  it('saves the blob under the suffixed server name', () => {
    const created: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this);
    });
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const name = downloadExport(
      new Blob(['x']),
      "attachment; filename*=UTF-8''%E6%8A%A5%E8%AD%A6.xlsx",
      'fallback.xlsx',
      dayjs('2026-01-02 03:04:05'),
    );
    expect(name).toBe('报警_20260102030405.xlsx');
    expect(created[0].download).toBe('报警_20260102030405.xlsx');
    expect(created[0].href).toBe('blob:test');
    click.mockRestore();
  });
  it('falls back to the given name without a header', () => {
    HTMLAnchorElement.prototype.click = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    expect(downloadExport(new Blob([]), null, 'export.xlsx', dayjs('2026-01-02 03:04:05'))).toBe(
      'export_20260102030405.xlsx',
    );
  });
});
