import { Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

import { formatDateTime } from '@/lib/format';
import type { SortOrder } from '@/lib/table-query';

/**
 * Column factories the management list pages share. Each takes its (translated) title; `sortOrder` is the
 * table query's `sortOrder`: given, the column is sortable by its key on the server.
 */

type SortOrderOf = (field: string) => SortOrder | null;

interface ColumnOptions {
  sortOrder?: SortOrderOf;
  width?: number;
}

function sortable(key: string, sortOrder: SortOrderOf | undefined) {
  return sortOrder ? { sorter: true, sortOrder: sortOrder(key) } : {};
}

/** A time column (a field of epoch milliseconds, e.g. createdAt), shown as "YYYY-MM-DD HH:mm:ss". */
export function dateTimeColumn<T>(key: string, title: string, { sortOrder, width }: ColumnOptions = {}): TableColumnType<T> {
  return { title, dataIndex: key, key, width, ...sortable(key, sortOrder), render: (v: number) => formatDateTime(v) };
}

/** The record status column (field `status`), its cell drawn by `render`, e.g. a RecordStatusCell. */
export function statusColumn<T>(title: string, render: (row: T) => ReactNode, { sortOrder, width = 100 }: ColumnOptions = {}): TableColumnType<T> {
  return { title, dataIndex: 'status', key: 'status', width, ...sortable('status', sortOrder), render: (_, row) => render(row) };
}

/** The row actions column: the buttons `render` answers, side by side (wrapping unless `wrap` is false). */
export function actionsColumn<T>(title: string, width: number, render: (row: T) => ReactNode, wrap = true): TableColumnType<T> {
  return {
    title,
    key: 'actions',
    width,
    render: (_, row) => (
      <Space size={0} wrap={wrap}>
        {render(row)}
      </Space>
    ),
  };
}
