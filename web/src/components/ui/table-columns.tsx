import { Tooltip, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

import type { TableDensity } from '@/lib/table-preferences';

/**
 * Pure helpers of the shared list table (TablePage): which columns show, how wide they must be so that
 * no header breaks mid-word, and the value of a cell (for the cards of narrow screens).
 */

// Rows are any list's records: the helpers only read columns and call their renders.
export type ListColumn = TableColumnType<any>;

/** The key of the actions column (list-columns.tsx actionsColumn): never hidden, fixed right. */
export const ACTIONS_KEY = 'actions';

/** A column's key as the settings and the stored choices name it. */
export function columnKey(column: ListColumn, index: number): string {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const { dataIndex } = column;
  if (Array.isArray(dataIndex)) return dataIndex.join('.');
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return String(dataIndex);
  return `column-${index}`;
}

/** The header text of a column, when it is plain text. */
export function columnTitle(column: ListColumn): string | undefined {
  return typeof column.title === 'string' ? column.title : undefined;
}

const CELL_PADDING: Record<TableDensity, number> = { large: 32, middle: 16, small: 16 };
const SORTER_WIDTH = 18;

/**
 * The width a header needs to stay on one line, estimated from its characters (14 px, semi-bold):
 * CJK characters are square, Latin capitals and digits a bit wider than the other characters.
 */
export function headerWidth(title: string, sortable: boolean, density: TableDensity): number {
  let text = 0;
  for (const ch of title) {
    if (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch)) text += 14.5;
    else if (/[A-Z%@#&]/.test(ch)) text += 10;
    else if (/[a-z0-9]/.test(ch)) text += 7.8;
    else text += 4.5;
  }
  return Math.ceil(text + CELL_PADDING[density] + (sortable ? SORTER_WIDTH : 0) + 2);
}

/** The value of a row under a column's dataIndex ('name' or ['type', 'name']). */
export function cellValue(row: unknown, dataIndex: ListColumn['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[part as string | number];
  }
  return value;
}

/** What a cell shows: the column's render, else its value. */
export function renderCell(column: ListColumn, row: unknown, index: number): ReactNode {
  const value = cellValue(row, column.dataIndex);
  if (column.render) {
    const out = column.render(value, row, index) as unknown;
    // a render may answer { children, props } (antd's cell props form): show the children
    if (out && typeof out === 'object' && 'children' in out && 'props' in out && !('$$typeof' in out)) {
      return (out as { children: ReactNode }).children;
    }
    return out as ReactNode;
  }
  return value === null || value === undefined ? null : (value as ReactNode);
}

/** A long text cell cut with an ellipsis; the whole text in a tooltip. */
function withEllipsisTooltip(column: ListColumn): ListColumn {
  const render = (_value: unknown, row: unknown, index: number): ReactNode => {
    const shown = renderCell(column, row, index);
    if (typeof shown !== 'string' && typeof shown !== 'number') return shown;
    return (
      <Tooltip title={shown} placement="topLeft">
        <span className="table-cell-ellipsis">{shown}</span>
      </Tooltip>
    );
  };
  return { ...column, ellipsis: { showTitle: false }, render };
}

/**
 * The columns a list shows: without the hidden ones, the actions fixed to the right, long text cut with a
 * tooltip, and each column at least as wide as its header on one line.
 */
export function fitColumns(columns: readonly ListColumn[], hidden: readonly string[], density: TableDensity): ListColumn[] {
  return columns
    .map((column, index) => ({ column, key: columnKey(column, index) }))
    .filter(({ key }) => key === ACTIONS_KEY || !hidden.includes(key))
    .map(({ column, key }) => {
      let out: ListColumn = column;
      if (key === ACTIONS_KEY) out = { ...out, fixed: 'right' };
      if (out.ellipsis === true) out = withEllipsisTooltip(out);
      const title = columnTitle(out);
      if (title && typeof out.width === 'number') {
        out = { ...out, width: Math.max(out.width, headerWidth(title, Boolean(out.sorter), density)) };
      }
      return out;
    });
}

/** The table's scroll width: the columns' widths summed (with the selection column), when all are numbers. */
export function totalWidth(columns: readonly ListColumn[], selectable: boolean): number | undefined {
  let sum = selectable ? 32 : 0;
  for (const column of columns) {
    if (typeof column.width !== 'number') return undefined;
    sum += column.width;
  }
  return sum;
}
