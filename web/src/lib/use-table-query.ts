import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import {
  emptyFilters,
  PAGE_SIZES,
  parseTableQuery,
  sortFromSorter,
  sortOrderOf,
  toSearchParams,
  type FilterSpec,
  type FilterValues,
  type SortOrder,
  type TableDefaults,
  type TableQueryState,
} from './table-query';

/**
 * The list-page pattern: filters, page, page size and sort live in the URL (pushed to history,
 * so reload and back keep them). Role Management and Operation Records use it, later pages too.
 */
export function useTableQuery<S extends FilterSpec>(spec: S, defaults: TableDefaults) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // spec and defaults are constants of the page
  const state = useMemo(() => parseTableQuery(new URLSearchParams(key), spec, defaults), [key]);

  const update = useCallback(
    (next: Partial<TableQueryState<S>>) => {
      setSearchParams(toSearchParams({ ...state, ...next }, spec, defaults));
    },
    [state, setSearchParams],
  );

  const setFilters = useCallback((filters: FilterValues<S>) => update({ filters, page: 1 }), [update]);
  const resetFilters = useCallback(
    () => update({ filters: emptyFilters(spec), page: 1, sort: defaults.sort }),
    [update],
  );

  /** Props for an antd Table: controlled pagination and sorting written back to the URL. */
  function tableProps<T>(total: number | undefined): Pick<TableProps<T>, 'pagination' | 'onChange'> {
    const pagination: TablePaginationConfig = {
      current: state.page,
      pageSize: state.pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES.map(String),
      showTotal: (count) => t('common.total', { total: count }),
    };
    return {
      pagination,
      onChange: (p, _filters, sorter, extra) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = typeof one?.field === 'string' ? one.field : one?.columnKey?.toString();
        const sort = sortFromSorter(field, one?.order as SortOrder | null | undefined) ?? defaults.sort;
        if (extra.action === 'sort') {
          update({ sort, page: 1 });
        } else {
          const pageSize = p.pageSize ?? state.pageSize;
          update({ page: pageSize !== state.pageSize ? 1 : (p.current ?? 1), pageSize });
        }
      },
    };
  }

  return {
    ...state,
    /** The page's filter spec, for its FilterBar to turn form values into filters. */
    spec,
    setFilters,
    resetFilters,
    setPage: (page: number) => update({ page }),
    sortOrder: (field: string) => sortOrderOf(state.sort, field),
    tableProps,
  };
}
