import { Empty, Pagination, Spin, type TablePaginationConfig, type TableProps } from 'antd';
import type { Key, ReactNode } from 'react';

import { ACTIONS_KEY, columnKey, columnTitle, renderCell, type ListColumn } from './table-columns';

// The cards read any list's rows through its columns.
type Row = any;

interface TableCardsProps {
  /** The table's props as the list gave them (columns already fitted: hidden ones left out). */
  table: TableProps<Row>;
  columns: ListColumn[];
  /** Keys of the columns that make a card's title; the first column when none of them shows. */
  titleKeys?: readonly string[];
}

function rowKeyOf(table: TableProps<Row>, row: Row, index: number): Key {
  const { rowKey } = table;
  if (typeof rowKey === 'function') return rowKey(row, index);
  const value = (row as Record<string, unknown>)[typeof rowKey === 'string' ? rowKey : 'key'];
  return typeof value === 'string' || typeof value === 'number' ? value : index;
}

/**
 * A list's rows as cards for narrow screens: the title columns on top, the other columns as label/value
 * lines, the row's actions at the bottom; the table's own pagination below.
 */
export function TableCards({ table, columns, titleKeys }: TableCardsProps) {
  const keyed = columns.map((column, index) => ({ column, key: columnKey(column, index) }));
  const actions = keyed.find((c) => c.key === ACTIONS_KEY);
  const content = keyed.filter((c) => c.key !== ACTIONS_KEY);
  let titles = content.filter((c) => titleKeys?.includes(c.key));
  if (titles.length === 0) titles = content.slice(0, 1);
  const lines = content.filter((c) => !titles.includes(c));
  const rows = (table.dataSource ?? []) as Row[];
  const loading = typeof table.loading === 'object' ? Boolean(table.loading.spinning) : Boolean(table.loading);
  const pagination = table.pagination === false ? null : (table.pagination as TablePaginationConfig | undefined);

  const lineOf = (row: Row, index: number, column: ListColumn, key: string): ReactNode => (
    <div className="table-card-line" key={key}>
      <dt>{columnTitle(column) ?? (column.title as ReactNode)}</dt>
      <dd>{renderCell(column, row, index) ?? '—'}</dd>
    </div>
  );

  return (
    <div className="table-cards">
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="table-cards-list">
            {rows.map((row, index) => {
              const key = rowKeyOf(table, row, index);
              return (
                <li key={key} className="table-card" data-row-key={key}>
                  <div className="table-card-title">
                    {titles.map(({ column, key: k }) => (
                      <span key={k}>{renderCell(column, row, index)}</span>
                    ))}
                  </div>
                  <dl className="table-card-lines">{lines.map(({ column, key: k }) => lineOf(row, index, column, k))}</dl>
                  {actions && <div className="table-card-actions">{renderCell(actions.column, row, index)}</div>}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {pagination && (
        <Pagination
          className="table-cards-pagination"
          size="small"
          simple
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          showTotal={pagination.showTotal}
          onChange={(page, pageSize) => {
            pagination.onChange?.(page, pageSize);
            table.onChange?.({ current: page, pageSize }, {}, [], { action: 'paginate', currentDataSource: rows });
          }}
        />
      )}
    </div>
  );
}
