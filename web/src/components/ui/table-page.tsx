import { FilterOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Table, type FormInstance, type TableProps } from 'antd';
import { Children, cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { useAppStore } from '@/lib/app-store';
import { formToFilters, type FormFilters } from '@/lib/filter-form';
import type { FilterSpec, FilterValues } from '@/lib/table-query';
import { useTablePreferences } from '@/lib/table-preferences';

import { TableCards } from './table-cards';
import { fitColumns, totalWidth, type ListColumn } from './table-columns';
import { TableSettings } from './table-settings';

/** What a FilterBar needs of its list's table query (useTableQuery): the filter spec and the writers. */
export interface FilterTable<S extends FilterSpec> {
  spec: S;
  setFilters: (filters: FilterValues<S>) => void;
  resetFilters: () => void;
}

interface FilterBarProps<S extends FilterSpec, V extends FormFilters<S>> {
  form: FormInstance<V>;
  /** The list's table query: Search writes the form's values to its filters (formToFilters), Reset clears them. */
  table: FilterTable<S>;
  /** The form values of the filters now in the URL; the form follows them (reload, back). */
  values: V;
  children: ReactNode;
  label: string;
  /** Prefixes the field ids, so that they never clash with a dialog's fields. */
  name: string;
}

/** How many filters a form's values hold: a text, a choice, a non-empty list or range. */
export function activeFilterCount(values: object): number {
  return Object.values(values).filter((v) => {
    if (v === undefined || v === null || v === '') return false;
    if (Array.isArray(v)) return v.some((x) => x !== undefined && x !== null && x !== '');
    return true;
  }).length;
}

/**
 * The filter form of a list page: Search writes the filters to the URL, Reset clears them. Each field is
 * named after its URL filter (a key of the table's spec). On phones the form waits behind a "Filters"
 * button that counts the filters in use, so that the list is on the first screen.
 */
export function FilterBar<S extends FilterSpec, V extends FormFilters<S>>({ form, table, values, children, label, name }: FilterBarProps<S, V>) {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device) === 'mobile';
  const [expanded, setExpanded] = useState(false);
  const formId = useId();
  const serialized = JSON.stringify(values);
  const latest = useRef(values);
  latest.current = values;
  // Every navigation (a new location object, also Back to the same entry) re-reads the URL:
  // react-router renders navigations in transitions, so an intermediate state may never render.
  const location = useLocation();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(latest.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, serialized, location]);

  const active = activeFilterCount(values);
  // The form stays mounted (its instance connected) while folded away.
  const folded = mobile && !expanded;
  return (
    <>
      {mobile && (
        <Button
          className="table-page-filter-toggle"
          icon={<FilterOutlined />}
          type={active > 0 ? 'primary' : 'default'}
          ghost={active > 0}
          aria-expanded={expanded}
          aria-controls={formId}
          onClick={() => setExpanded((open) => !open)}
        >
          {active > 0 ? t('tablePage.filtersActive', { count: active }) : t('tablePage.filters')}
        </Button>
      )}
      <Form<V>
        form={form}
        id={formId}
        name={name}
        layout="inline"
        className="table-page-filters"
        style={folded ? { display: 'none' } : undefined}
        onFinish={(formValues) => {
          table.setFilters(formToFilters(table.spec, formValues));
          setExpanded(false);
        }}
        aria-label={label}
        role="search"
      >
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common.search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={table.resetFilters}>
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}

interface TablePageProps {
  filters?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
  /** Names the list in the stored column and density choices; the page's path by default. */
  listKey?: string;
  /** Columns (keys) a fresh user does not see, e.g. the less used ones of a wide list. */
  defaultHidden?: readonly string[];
  /** Columns (keys) that make a card's title on phones; the first shown column by default. */
  cardTitle?: readonly string[];
}

function isTable(node: ReactNode): node is ReactElement<TableProps<object>> {
  return isValidElement(node) && node.type === Table;
}

/**
 * The frame every management page shares: filters, a toolbar of actions, the table. The list's antd
 * Table (a direct child) gets the shared tools: column settings and row height (remembered per account
 * and list), the actions column fixed right, headers on one line, long cells cut with a tooltip; on
 * phones the rows show as cards.
 */
export function TablePage({ filters, toolbar, children, listKey, defaultHidden, cardTitle }: TablePageProps) {
  const { pathname } = useLocation();
  const mobile = useAppStore((s) => s.device) === 'mobile';
  const prefs = useTablePreferences(listKey ?? pathname, defaultHidden);
  const table = Children.toArray(children).find(isTable);
  const allColumns = (table?.props.columns ?? []) as ListColumn[];

  const body = Children.map(children, (child) => {
    if (!isTable(child)) return child;
    const columns = fitColumns(allColumns, prefs.hidden, prefs.density);
    if (mobile) return <TableCards table={child.props as TableProps<object>} columns={columns} titleKeys={cardTitle} />;
    const { scroll } = child.props;
    const width = totalWidth(columns, Boolean(child.props.rowSelection));
    return cloneElement(child, {
      columns,
      size: prefs.density,
      className: ['table-page-table', child.props.className].filter(Boolean).join(' '),
      // the shown columns decide the scroll width (a list's own width was for all its columns)
      scroll: width !== undefined ? { ...scroll, x: width } : scroll,
    });
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {filters && <Card size="small">{filters}</Card>}
      <Card size="small">
        {(toolbar || table) && (
          <div className="table-page-toolbar">
            {toolbar}
            {table && (
              <TableSettings
                columns={allColumns}
                hidden={prefs.hidden}
                density={prefs.density}
                onHiddenChange={prefs.setHidden}
                onDensityChange={prefs.setDensity}
                onReset={prefs.reset}
                showDensity={!mobile}
              />
            )}
          </div>
        )}
        {body}
      </Card>
    </Space>
  );
}
