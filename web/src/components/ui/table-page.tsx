import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, type FormInstance } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { formToFilters, type FormFilters } from '@/lib/filter-form';
import type { FilterSpec, FilterValues } from '@/lib/table-query';

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

/**
 * The filter form of a list page: Search writes the filters to the URL, Reset clears them. Each field is
 * named after its URL filter (a key of the table's spec).
 */
export function FilterBar<S extends FilterSpec, V extends FormFilters<S>>({ form, table, values, children, label, name }: FilterBarProps<S, V>) {
  const { t } = useTranslation();
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

  return (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      className="table-page-filters"
      onFinish={(formValues) => table.setFilters(formToFilters(table.spec, formValues))}
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
  );
}

interface TablePageProps {
  filters?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
}

/** The frame every management page shares: filters, a toolbar of actions, the table. */
export function TablePage({ filters, toolbar, children }: TablePageProps) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {filters && <Card size="small">{filters}</Card>}
      <Card size="small">
        {toolbar && <div className="table-page-toolbar">{toolbar}</div>}
        {children}
      </Card>
    </Space>
  );
}
