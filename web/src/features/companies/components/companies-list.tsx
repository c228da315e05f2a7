import { PlusOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ExportButton } from '@/components/ui/export-button';
import { ResetPasswordDialog } from '@/components/ui/reset-password-dialog';
import { StatusSwitch } from '@/components/ui/status-switch';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { Permission, usePermission } from '@/lib/authorization';
import { buildDayRange, formatDateTime } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import type { Company, CompanyListQuery } from '@/types/api';

import { useDeleteCompany } from '../api/delete-company';
import { exportCompanies } from '../api/export-companies';
import { useCompanies } from '../api/get-companies';
import { useIndustries } from '../api/get-industries';
import { resetCompanyPassword } from '../api/reset-company-password';
import { useSetCompanyStatus } from '../api/set-company-status';

import { CompanyFormDialog } from './company-form-dialog';
import { regionCodes } from './region';
import { RegionCascader } from './region-cascader';

const FILTERS = { name: 'text', creditCode: 'text', industryCode: 'text', region: 'list', status: 'text', created: 'list' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };
const DAY = 'YYYY-MM-DD';

interface FilterFormValues {
  name?: string;
  creditCode?: string;
  industryCode?: string;
  region?: string[];
  status?: string;
  created?: [Dayjs, Dayjs] | null;
}

function DeleteCompanyButton({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const deleteCompany = useDeleteCompany({ onSuccess: () => void message.success(t('companies.deleted')) });
  return (
    <Popconfirm
      title={t('companies.deleteTitle')}
      description={t('companies.deleteConfirm', { name: company.name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => deleteCompany.mutateAsync(company.id).catch(() => undefined)}
    >
      <Button type="link" size="small" danger loading={deleteCompany.isPending} aria-label={`${t('common.delete')} ${company.name}`}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}

function CompanyStatus({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canChange = usePermission('CompanyManagement:status');
  const setStatus = useSetCompanyStatus();
  const enabled = company.status === 1;
  if (!canChange) {
    return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>;
  }
  return (
    <StatusSwitch
      checked={enabled}
      label={`${t('common.status')} ${company.name}`}
      confirmTitle={enabled ? t('companies.disableTitle') : t('companies.enableTitle')}
      confirmContent={t(enabled ? 'companies.disableConfirm' : 'companies.enableConfirm', { name: company.name })}
      onConfirm={async () => {
        await setStatus.mutateAsync({ id: company.id, status: enabled ? 0 : 1 });
        void message.success(enabled ? t('companies.disabledMessage') : t('companies.enabledMessage'));
      }}
    />
  );
}

/**
 * Enterprise Management (platform users): filters kept in the URL, the paginated and sortable
 * list, create/edit with the administrator, status, administrator password reset, delete, export.
 */
export function CompaniesList() {
  const { t } = useTranslation();
  const table = useTableQuery(FILTERS, DEFAULTS);
  const [form] = Form.useForm<FilterFormValues>();
  const [dialog, setDialog] = useState<{ open: boolean; company: Company | null }>({ open: false, company: null });
  const [resetting, setResetting] = useState<Company | null>(null);
  const industries = useIndustries();
  const { name, creditCode, industryCode, region, status, created } = table.filters;

  const validCreated = created.length === 2 && created.every((d) => dayjs(d, DAY, true).isValid());
  const statusValue = status === '0' || status === '1' ? Number(status) : undefined;
  const codes = regionCodes(region);
  const query: CompanyListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    name,
    creditCode,
    industryCode,
    provinceCode: codes.provinceCode || undefined,
    cityCode: codes.cityCode || undefined,
    countyCode: codes.countyCode || undefined,
    status: statusValue,
    createdAt: validCreated ? buildDayRange(dayjs(created[0], DAY), dayjs(created[1], DAY)) : undefined,
  };
  const companies = useCompanies(query);

  const industryName = useMemo(() => {
    const names = new Map((industries.data ?? []).map((i) => [i.code, i.name]));
    return (code: string) => names.get(code) ?? code;
  }, [industries.data]);

  const statusOptions = [
    { value: '1', label: t('common.enabled') },
    { value: '0', label: t('common.disabled') },
  ];

  const formValues: FilterFormValues = {
    name,
    creditCode,
    industryCode,
    region,
    status: statusValue === undefined ? undefined : String(statusValue),
    created: validCreated ? [dayjs(created[0], DAY), dayjs(created[1], DAY)] : null,
  };

  const columns: TableColumnsType<Company> = [
    { title: t('companies.name'), dataIndex: 'name', key: 'name', sorter: true, sortOrder: table.sortOrder('name'), width: 200 },
    { title: t('companies.creditCode'), dataIndex: 'creditCode', key: 'creditCode', width: 190 },
    {
      title: t('companies.industry'),
      dataIndex: 'industryCode',
      key: 'industryCode',
      width: 160,
      ellipsis: true,
      render: (code: string) => industryName(code) || t('common.empty'),
    },
    { title: t('companies.region'), dataIndex: 'regionName', key: 'regionName', width: 180, ellipsis: true },
    { title: t('companies.contactPerson'), dataIndex: 'contactPerson', key: 'contactPerson', width: 110 },
    { title: t('companies.contactPhone'), dataIndex: 'contactPhone', key: 'contactPhone', width: 140 },
    {
      title: t('companies.adminAccount'),
      dataIndex: 'adminAccount',
      key: 'adminAccount',
      width: 140,
      render: (v: string) => v || t('common.empty'),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      sorter: true,
      sortOrder: table.sortOrder('status'),
      render: (_, company) => <CompanyStatus company={company} />,
    },
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: table.sortOrder('createdAt'),
      render: (v: number) => formatDateTime(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 230,
      render: (_, company) => (
        <Space size={0} wrap>
          <Permission code="CompanyManagement:update">
            <Button
              type="link"
              size="small"
              onClick={() => setDialog({ open: true, company })}
              aria-label={`${t('common.edit')} ${company.name}`}
            >
              {t('common.edit')}
            </Button>
          </Permission>
          <Permission code="CompanyManagement:resetPassword">
            <Button
              type="link"
              size="small"
              disabled={!company.adminAccount}
              onClick={() => setResetting(company)}
              aria-label={`${t('common.resetPassword')} ${company.name}`}
            >
              {t('common.resetPassword')}
            </Button>
          </Permission>
          <Permission code="CompanyManagement:delete">
            <DeleteCompanyButton company={company} />
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <TablePage
      filters={
        <FilterBar<FilterFormValues>
          form={form}
          name="companyFilters"
          label={t('route.enterprise')}
          values={formValues}
          onSearch={(values) =>
            table.setFilters({
              name: values.name,
              creditCode: values.creditCode,
              industryCode: values.industryCode,
              region: values.region ?? [],
              status: values.status,
              created: values.created ? [values.created[0].format(DAY), values.created[1].format(DAY)] : [],
            })
          }
          onReset={table.resetFilters}
        >
          <Form.Item name="name" label={t('companies.name')}>
            <Input placeholder={t('companies.namePlaceholder')} allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="creditCode" label={t('companies.creditCode')}>
            <Input placeholder={t('companies.creditCodeFilterPlaceholder')} allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="industryCode" label={t('companies.industry')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('companies.industryPlaceholder')}
              style={{ width: 200 }}
              loading={industries.isPending}
              options={(industries.data ?? []).map((i) => ({ value: i.code, label: i.name }))}
            />
          </Form.Item>
          <Form.Item name="region" label={t('companies.region')}>
            <RegionCascader style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="status" label={t('common.status')}>
            <Select allowClear placeholder={t('common.statusPlaceholder')} style={{ width: 120 }} options={statusOptions} />
          </Form.Item>
          <Form.Item name="created" label={t('common.createdRange')}>
            <DatePicker.RangePicker placeholder={[t('common.startDate'), t('common.endDate')]} />
          </Form.Item>
        </FilterBar>
      }
      toolbar={
        <>
          <Permission code="CompanyManagement:export">
            <ExportButton onExport={(onProgress) => exportCompanies(query, onProgress)} fallbackName="companies.xlsx" />
          </Permission>
          <Permission code="CompanyManagement:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, company: null })}>
              {t('common.create')}
            </Button>
          </Permission>
        </>
      }
    >
      <Table<Company>
        rowKey="id"
        columns={columns}
        dataSource={companies.data?.list ?? []}
        loading={companies.isFetching}
        scroll={{ x: 1500 }}
        {...table.tableProps<Company>(companies.data?.total)}
      />
      <CompanyFormDialog open={dialog.open} company={dialog.company} onClose={() => setDialog({ open: false, company: null })} />
      <ResetPasswordDialog
        open={resetting !== null}
        title={t('companies.resetPasswordTitle')}
        description={
          resetting ? t('companies.resetPasswordConfirm', { name: resetting.name, account: resetting.adminAccount }) : null
        }
        onReset={(password) => resetCompanyPassword(resetting!.id, { password })}
        onClose={() => setResetting(null)}
      />
    </TablePage>
  );
}
