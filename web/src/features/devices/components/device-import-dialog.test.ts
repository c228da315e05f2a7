import { describe, expect, it } from 'vitest';

import { uploadPercent } from '../api/import-devices';

import { isXlsxName, sortedRowErrors } from './device-import-dialog';

describe('import helpers', () => {
  it('accepts .xlsx files only, by name', () => {
    expect(isXlsxName('devices.xlsx')).toBe(true);
    expect(isXlsxName('DEVICES.XLSX')).toBe(true);
    expect(isXlsxName('devices.xls')).toBe(false);
    expect(isXlsxName('devices.xlsx.csv')).toBe(false);
  });

  it('lists bad rows by row, then column', () => {
    expect(
      sortedRowErrors([
        { row: 5, field: 'imei', msg: 'a' },
        { row: 3, field: 'model', msg: 'b' },
        { row: 3, field: 'imei', msg: 'c' },
      ]).map((e) => `${e.row}:${e.field}`),
    ).toEqual(['3:imei', '3:model', '5:imei']);
  });

  it('upload progress in whole percent, 0 while the size is unknown', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(505, 1000)).toBe(50);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
    expect(uploadPercent(500, undefined)).toBe(0);
  });
});
