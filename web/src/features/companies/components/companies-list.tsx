import { DatePicker, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ExportButton } from '@/components/ui/export-button';
import { useEditDialog } from '@/components/ui/form-dialog';
import { actionsColumn, dateTimeColumn, statusColumn } from '@/components/ui/list-columns';
import { CreateButton, DeleteAction, RecordStatusCell, RowAction, StatusFilter } from '@/components/ui/list-page';
import { ResetPasswordDialog } from '@/components/ui/reset-password-dialog';
import { FilterBar, TablePage } from '@/components/ui/table-page';
import { Permission } from '@/lib/authorization';
import { asList, dayRange, zeroOne } from '@/lib/filter-values';
import { buildDayRange } from '@/lib/format';
import { useTableQuery } from '@/lib/use-table-query';
import { regionCodes } from '@/shared/regions/region';
import { RegionCascader } from '@/shared/regions/region-cascader';
import type { Company, CompanyListQuery } from '@/types/api';

import { useDeleteCompany } from '../api/delete-company';
import { exportCompanies } from '../api/export-companies';
import { useCompanies } from '../api/get-companies';
import { useIndustries } from '../api/get-industries';
import { resetCompanyPassword } from '../api/reset-company-password';
import { useSetCompanyStatus } from '../api/set-company-status';

import { CompanyFormDialog } from './company-form-dialog';

const FILTERS = { name: 'text', creditCode: 'text', industryCode: 'text', region: 'list', status: 'text', created: 'list' } as const;
const DEFAULTS = { pageSize: 20, sort: '-createdAt' };

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
  const deleteCompany = useDeleteCompany();
  return (
    <DeleteAction
      code="CompanyManagement:delete"
      subject={company.name}
      title={t('companies.deleteTitle')}
      description={t('companies.deleteConfirm', { name: company.name })}
      successMessage={t('companies.deleted')}
      loading={deleteCompany.isPending}
      onConfirm={() => deleteCompany.mutateAsync(company.id)}
    />
  );
}

function CompanyStatus({ company }: { company: Company }) {
  const { t } = useTranslation();
  const setStatus = useSetCompanyStatus();
  const enabled = company.status === 1;
  return (
    <RecordStatusCell
      status={company.status}
      code="CompanyManagement:status"
      label={`${t('common.status')} ${company.name}`}
      confirmTitle={enabled ? t('companies.disableTitle') : t('companies.enableTitle')}
      confirmContent={t(enabled ? 'companies.disableConfirm' : 'companies.enableConfirm', { name: company.name })}
      successMessage={enabled ? t('companies.disabledMessage') : t('companies.enabledMessage')}
      onChange={(status) => setStatus.mutateAsync({ id: company.id, status })}
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
  const dialog = useEditDialog<Company>();
  const [resetting, setResetting] = useState<Company | null>(null);
  const industries = useIndustries();
  const { name, creditCode, industryCode, region, status, created } = table.filters;

  const createdDays = dayRange(created);
  const statusValue = zeroOne(status);
  const codes = regionCodes(region);
  const query: CompanyListQuery = {
    page: table.page,
    pageSize: table.pageSize,
    sort: table.sort,
    name,
    creditCode,
    industryCode: asList(industryCode),
    provinceCode: asList(codes.provinceCode || undefined),
    cityCode: asList(codes.cityCode || undefined),
    countyCode: asList(codes.countyCode || undefined),
    status: asList(statusValue),
    createdAt: createdDays ? buildDayRange(...createdDays) : undefined,
  };
  const companies = useCompanies(query);

  const industryName = useMemo(() => {
    const names = new Map((industries.data ?? []).map((i) => [i.code, i.name]));
    return (code: string) => names.get(code) ?? code;
  }, [industries.data]);

  const formValues: FilterFormValues = {
    name,
    creditCode,
    industryCode,
    region,
    status: statusValue === undefined ? undefined : String(statusValue),
    created: createdDays,
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
    statusColumn(t('common.status'), (company) => <CompanyStatus company={company} />, { sortOrder: table.sortOrder }),
    dateTimeColumn('createdAt', t('common.createdAt'), { sortOrder: table.sortOrder, width: 170 }),
    actionsColumn(t('common.actions'), 230, (company) => (
      <>
        <RowAction code="CompanyManagement:update" text={t('common.edit')} subject={company.name} onClick={() => dialog.edit(company)} />
        <RowAction
          code="CompanyManagement:resetPassword"
          text={t('common.resetPassword')}
          subject={company.name}
          disabled={!company.adminAccount}
          onClick={() => setResetting(company)}
        />
        <DeleteCompanyButton company={company} />
      </>
    )),
  ];

  return (
    <TablePage
      filters={
        <FilterBar form={form} table={table} name="companyFilters" label={t('route.enterprise')} values={formValues}>
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
          <StatusFilter />
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
          <CreateButton code="CompanyManagement:create" onClick={dialog.create} />
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
      <CompanyFormDialog open={dialog.open} company={dialog.record} onClose={dialog.close} />
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
