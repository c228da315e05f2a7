import type { UseQueryResult } from '@tanstack/react-query';
import { Form, Select, type SelectProps } from 'antd';

import type { CompanyRef } from '@/types/api';

type CompanySelectProps<V> = Omit<SelectProps<V>, 'options' | 'loading' | 'showSearch'> & {
  /** The company choices (useCompanyOptions), called by the page only where the caller may list them. */
  companies: UseQueryResult<CompanyRef[]>;
};

/** A select of the companies by name, searchable, loading while the choices come. */
export function CompanySelect<V = number>({ companies, ...props }: CompanySelectProps<V>) {
  return (
    <Select<V>
      showSearch={{ optionFilterProp: 'label' }}
      loading={companies.isPending}
      options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}

/** A list page's company filter (field `companyId`): the companies, one at the most. */
export function CompanyFilter({ companies, label, placeholder }: { companies: UseQueryResult<CompanyRef[]>; label: string; placeholder: string }) {
  return (
    <Form.Item name="companyId" label={label}>
      <CompanySelect companies={companies} allowClear placeholder={placeholder} style={{ width: 200 }} />
    </Form.Item>
  );
}
