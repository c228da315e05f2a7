import { describe, expect, it } from 'vitest';

import { cellValue, fitColumns, headerWidth, totalWidth, type ListColumn } from './table-columns';

const COLUMNS: ListColumn[] = [
  { title: 'IMEI', dataIndex: 'imei', key: 'imei', width: 140 },
  { title: 'Notification user', dataIndex: 'name', width: 40, sorter: true },
  { title: '所属企业', dataIndex: ['company', 'name'], width: 120, ellipsis: true },
  { title: 'Actions', key: 'actions', width: 170 },
];

describe('fitColumns', () => {
  it('leaves out the hidden columns but never the actions, which are fixed right', () => {
    const fitted = fitColumns(COLUMNS, ['imei', 'actions'], 'middle');
    expect(fitted.map((c) => c.title)).toEqual(['Notification user', '所属企业', 'Actions']);
    expect(fitted.at(-1)!.fixed).toBe('right');
  });

  it('widens a column to its header on one line (with the sort icon), never narrows one', () => {
    const [imei, name] = fitColumns(COLUMNS, [], 'middle');
    expect(imei.width).toBe(140);
    expect(name.width).toBe(headerWidth('Notification user', true, 'middle'));
    expect(name.width).toBeGreaterThan(headerWidth('Notification user', false, 'middle'));
    // larger rows have wider padding
    expect(headerWidth('Status', false, 'large')).toBeGreaterThan(headerWidth('Status', false, 'middle'));
  });

  it('cuts long text with a tooltip instead of the browser title', () => {
    const company = fitColumns(COLUMNS, [], 'middle')[2];
    expect(company.ellipsis).toEqual({ showTitle: false });
    expect(company.render).toBeTypeOf('function');
  });

  it('sums the shown widths for the scroll width, with the selection column', () => {
    const fitted = fitColumns(COLUMNS, ['name'], 'middle');
    expect(totalWidth(fitted, true)).toBe(32 + 140 + 120 + 170);
    expect(totalWidth([...fitted, { title: 'x' }], false)).toBeUndefined();
  });
});

describe('cellValue', () => {
  it('reads a path', () => {
    expect(cellValue({ company: { name: '甲' } }, ['company', 'name'])).toBe('甲');
    expect(cellValue({ company: null }, ['company', 'name'])).toBeUndefined();
    expect(cellValue({ a: 1 }, 'a')).toBe(1);
  });
});
