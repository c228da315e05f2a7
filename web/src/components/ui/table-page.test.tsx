import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, DatePicker, Form, Input, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { useAppStore } from '@/lib/app-store';
import { useAuthStore } from '@/lib/auth-store';
import { dayRange, positiveInt } from '@/lib/filter-values';
import { changeLanguage } from '@/lib/i18n';
import { useTableQuery } from '@/lib/use-table-query';
import type { UserInfo } from '@/types/api';

import { activeFilterCount, FilterBar, TablePage } from './table-page';

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

interface Person {
  id: number;
  name: string;
  phone: string;
  city: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: '张三', phone: '13800000001', city: '杭州' },
  { id: 2, name: '李四', phone: '13800000002', city: '宁波' },
];

/** A list page as the features build one: filters, the table with an actions column, all in a TablePage. */
function People() {
  const table = useTableQuery({ name: 'text' } as const, { pageSize: 1 });
  const [form] = Form.useForm<{ name?: string }>();
  const start = (table.page - 1) * table.pageSize;
  return (
    <TablePage
      listKey="people"
      defaultHidden={['city']}
      cardTitle={['name']}
      filters={
        <FilterBar form={form} table={table} name="people" label="人员筛选" values={{ name: table.filters.name }}>
          <Form.Item name="name" label="姓名">
            <Input />
          </Form.Item>
        </FilterBar>
      }
    >
      <Table<Person>
        rowKey="id"
        columns={[
          { title: '姓名', dataIndex: 'name', key: 'name', width: 100 },
          { title: '电话', dataIndex: 'phone', key: 'phone', width: 120 },
          { title: '城市', dataIndex: 'city', key: 'city', width: 100 },
          { title: '操作', key: 'actions', width: 100, render: (_, p) => <Button aria-label={`编辑 ${p.name}`}>编辑</Button> },
        ]}
        dataSource={PEOPLE.slice(start, start + table.pageSize)}
        {...table.tableProps<Person>(PEOPLE.length)}
      />
    </TablePage>
  );
}

function renderPeople(path = '/people') {
  const router = createMemoryRouter([{ path: '/people', element: <People /> }], { initialEntries: [path] });
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

describe('<TablePage>', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    useAuthStore.setState({ userInfo: { account: 'alice' } as UserInfo });
  });
  afterEach(() => {
    useAuthStore.setState({ userInfo: null });
    useAppStore.setState({ device: 'desktop' });
  });

  it('hides and shows columns and sets the row height, remembered per account and list; reset forgets', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPeople();
    expect(await screen.findByRole('columnheader', { name: '电话' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '城市' })).not.toBeInTheDocument(); // hidden by default

    await user.click(screen.getByRole('button', { name: '列设置' }));
    expect(screen.queryByRole('checkbox', { name: '操作' })).not.toBeInTheDocument(); // the actions always show
    await user.click(await screen.findByRole('checkbox', { name: '电话' }));
    await user.click(screen.getByRole('checkbox', { name: '城市' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '电话' })).not.toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: '城市' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '行高' }));
    await user.click(await screen.findByRole('menuitem', { name: '紧凑' }));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('gas_admin_table:alice:people')!)).toEqual({ hidden: ['phone'], density: 'small' });

    unmount();
    renderPeople();
    expect(await screen.findByRole('columnheader', { name: '城市' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '电话' })).not.toBeInTheDocument();
    expect(document.querySelector('.ant-table-small')).not.toBeNull();

    // another account has its own choices
    useAuthStore.setState({ userInfo: { account: 'bob' } as UserInfo });
    expect(await screen.findByRole('columnheader', { name: '电话' })).toBeInTheDocument();
    useAuthStore.setState({ userInfo: { account: 'alice' } as UserInfo });
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '电话' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(await screen.findByRole('button', { name: '重置' }));
    expect(await screen.findByRole('columnheader', { name: '电话' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '城市' })).not.toBeInTheDocument();
    expect(localStorage.getItem('gas_admin_table:alice:people')).toBeNull();
  });

  it('on phones: the filters fold behind a button counting them, the rows are cards with their actions', async () => {
    useAppStore.setState({ device: 'mobile' });
    const user = userEvent.setup();
    const { router } = renderPeople('/people?name=张');
    const toggle = await screen.findByRole('button', { name: /筛选（1）/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const card = (await screen.findAllByRole('listitem')).find((li) => li.classList.contains('table-card'))!;
    expect(card.querySelector('.table-card-title')).toHaveTextContent('张三');
    expect(within(card).getByText('电话')).toBeInTheDocument();
    expect(within(card).getByText('13800000001')).toBeInTheDocument();
    expect(within(card).queryByText('城市')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '编辑 张三' })).toBeInTheDocument();

    // the cards page like the table
    await user.click(document.querySelector<HTMLElement>('.table-cards-pagination .ant-pagination-next')!);
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    expect(await screen.findByText('李四')).toBeInTheDocument();

    await user.click(toggle);
    const search = await screen.findByRole('search');
    await user.clear(within(search).getByLabelText('姓名'));
    await user.type(within(search).getByLabelText('姓名'), '李');
    await user.click(within(search).getByRole('button', { name: /查\s*询/ }));
    // searched: folded again
    await waitFor(() => expect(router.state.location.search).toBe(`?name=${encodeURIComponent('李')}`));
    await waitFor(() => expect(screen.queryByRole('search')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /筛选（1）/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount({ a: undefined, b: '', c: [], d: 'x', e: [1], f: 0, g: null })).toBe(3);
  });
});
