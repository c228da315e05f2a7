import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { dayRange, positiveInt } from '@/lib/filter-values';
import { changeLanguage } from '@/lib/i18n';
import { useTableQuery } from '@/lib/use-table-query';

import { FilterBar } from './table-page';

const FILTERS = { name: 'text', companyId: 'text', status: 'list', created: 'list' } as const;

interface FilterFormValues {
  name?: string;
  companyId?: number;
  status?: number[];
  created?: [Dayjs, Dayjs] | null;
}

/** A list page's filters: the form values read from the URL, as the list pages do. */
function Filters() {
  const table = useTableQuery(FILTERS, { pageSize: 20, sort: '-createdAt' });
  const [form] = Form.useForm<FilterFormValues>();
  const { name, companyId, status, created } = table.filters;
  const values: FilterFormValues = { name, companyId: positiveInt(companyId), status: status.map(Number), created: dayRange(created) };
  return (
    <FilterBar form={form} table={table} name="testFilters" label="筛选" values={values}>
      <Form.Item name="name" label="名称">
        <Input />
      </Form.Item>
      <Form.Item name="companyId" label="企业">
        <Select options={[{ value: 7, label: '甲公司' }]} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select mode="multiple" options={[200, 409].map((s) => ({ value: s, label: String(s) }))} />
      </Form.Item>
      <Form.Item name="created" label="创建时间">
        <DatePicker.RangePicker />
      </Form.Item>
    </FilterBar>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Filters /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('<FilterBar>', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
  });

  it('writes the form values to the URL filters on search, from the first page', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?name=a&companyId=7&status=200&status=409&created=2026-11-01&created=2026-11-30&page=3&sort=name');
    const name = await screen.findByLabelText('名称');
    await waitFor(() => expect(name).toHaveValue('a'));
    await user.clear(name);
    await user.type(name, '燃气');
    await user.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?name=%E7%87%83%E6%B0%94&companyId=7&status=200&status=409&created=2026-11-01&created=2026-11-30&sort=name',
      ),
    );
  });

  it('clears the filters, the page and the sort on reset', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?name=a&companyId=7&status=200&page=2&sort=name');
    await waitFor(() => expect(screen.getByLabelText('名称')).toHaveValue('a'));
    await user.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByLabelText('名称')).toHaveValue(''));
  });
});
