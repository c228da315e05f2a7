import { describe, expect, it } from 'vitest';

import { parseTableQuery, sortFromSorter, sortOrderOf, toSearchParams } from './table-query';

const spec = { account: 'text', status: 'list', time: 'list' } as const;
const defaults = { pageSize: 20, sort: '-createdAt' };

describe('table query in the URL', () => {
  it('reads defaults from an empty URL', () => {
    expect(parseTableQuery(new URLSearchParams(''), spec, defaults)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-createdAt',
      filters: { account: undefined, status: [], time: [] },
    });
  });

  it('reads page, size, sort and repeated filters', () => {
    const state = parseTableQuery(
      new URLSearchParams('account=bob&status=200&status=409&page=3&pageSize=50&sort=account'),
      spec,
      defaults,
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'account',
      filters: { account: 'bob', status: ['200', '409'], time: [] },
    });
  });

  it('ignores values that do not parse and caps the page size at 100', () => {
    const state = parseTableQuery(new URLSearchParams('page=-2&pageSize=5000&sort=a;drop'), spec, defaults);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(100);
    expect(state.sort).toBe('-createdAt');
  });

  it('round-trips, leaving defaults out of the URL', () => {
    const state = {
      page: 2,
      pageSize: 20,
      sort: '-createdAt',
      filters: { account: ' bob ', status: ['500'], time: ['2026-11-01', '2026-11-02'] },
    };
    const params = toSearchParams(state, spec, defaults);
    expect(params.toString()).toBe('account=bob&status=500&time=2026-11-01&time=2026-11-02&page=2');
    expect(parseTableQuery(params, spec, defaults).filters.time).toEqual(['2026-11-01', '2026-11-02']);
    expect(
      toSearchParams({ page: 1, pageSize: 20, sort: '-createdAt', filters: { account: '', status: [], time: [] } }, spec, defaults).toString(),
    ).toBe('');
  });

  it('maps antd sorter state to the API sort and back', () => {
    expect(sortFromSorter('createdAt', 'descend')).toBe('-createdAt');
    expect(sortFromSorter('name', 'ascend')).toBe('name');
    expect(sortFromSorter('name', null)).toBeUndefined();
    expect(sortOrderOf('-createdAt', 'createdAt')).toBe('descend');
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('name', 'createdAt')).toBeNull();
  });
});
