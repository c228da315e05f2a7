/**
 * The state of a list page (page, page size, sort, filters) as URL search parameters, so that a
 * reload or the back button gives the same list. Pure functions; the hook is use-table-query.ts.
 */

/** 'text': one value (?name=x); 'list': repeated values (?status=200&status=409). */
export type FilterKind = 'text' | 'list';
export type FilterSpec = Record<string, FilterKind>;

export type FilterValues<S extends FilterSpec> = {
  [K in keyof S]: S[K] extends 'list' ? string[] : string | undefined;
};

export interface TableDefaults {
  pageSize: number;
  /** Sort when the URL has none, e.g. '-createdAt'; undefined leaves it to the server. */
  sort?: string;
}

export interface TableQueryState<S extends FilterSpec> {
  page: number;
  pageSize: number;
  sort?: string;
  filters: FilterValues<S>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  if (n < 1) return fallback;
  return Math.min(n, max);
}

export function emptyFilters<S extends FilterSpec>(spec: S): FilterValues<S> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [key, kind] of Object.entries(spec)) out[key] = kind === 'list' ? [] : undefined;
  return out as FilterValues<S>;
}

export function parseTableQuery<S extends FilterSpec>(
  params: URLSearchParams,
  spec: S,
  defaults: TableDefaults,
): TableQueryState<S> {
  const filters: Record<string, string | string[] | undefined> = {};
  for (const [key, kind] of Object.entries(spec)) {
    if (kind === 'list') {
      filters[key] = params.getAll(key).filter((v) => v !== '');
    } else {
      const value = params.get(key);
      filters[key] = value === null || value.trim() === '' ? undefined : value;
    }
  }
  const sort = params.get('sort');
  return {
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('pageSize'), defaults.pageSize, MAX_PAGE_SIZE),
    sort: sort && /^-?[A-Za-z_][\w]*$/.test(sort) ? sort : defaults.sort,
    filters: filters as FilterValues<S>,
  };
}

/** The URL of a state; defaults are left out so a fresh list has a clean URL. */
export function toSearchParams<S extends FilterSpec>(
  state: TableQueryState<S>,
  spec: S,
  defaults: TableDefaults,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, kind] of Object.entries(spec)) {
    const value = (state.filters as Record<string, string | string[] | undefined>)[key];
    if (kind === 'list') {
      for (const v of (value as string[] | undefined) ?? []) if (v !== '') params.append(key, v);
    } else if (typeof value === 'string' && value.trim() !== '') {
      params.set(key, value.trim());
    }
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== defaults.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.sort && state.sort !== defaults.sort) params.set('sort', state.sort);
  return params;
}

export type SortOrder = 'ascend' | 'descend';

/** antd's sorter state to the API's sort: ('createdAt', 'descend') -> '-createdAt'. */
export function sortFromSorter(field: string | undefined, order: SortOrder | null | undefined): string | undefined {
  if (!field || !order) return undefined;
  return order === 'descend' ? `-${field}` : field;
}

/** The antd sortOrder of a column under a sort string. */
export function sortOrderOf(sort: string | undefined, field: string): SortOrder | null {
  if (!sort) return null;
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}
