import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, type FormInstance } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

interface FilterBarProps<V extends object> {
  form: FormInstance<V>;
  /** The form values of the filters now in the URL; the form follows them (reload, back). */
  values: V;
  onSearch: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
  label: string;
  /** Prefixes the field ids, so that they never clash with a dialog's fields. */
  name: string;
}

/** The filter form of a list page: Search writes the filters to the URL, Reset clears them. */
export function FilterBar<V extends object>({ form, values, onSearch, onReset, children, label, name }: FilterBarProps<V>) {
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
      onFinish={onSearch}
      aria-label={label}
      role="search"
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={onReset}>
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
