import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AccountField, useAccountCheck } from '@/components/form/account-field';
import { TextField } from '@/components/form/text-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { applyApiErrors } from '@/lib/form-errors';
import { useFormRules } from '@/lib/form-rules';
import { isApiError } from '@/lib/request';
import { useSuccessThen } from '@/lib/use-success-then';
import { normalizeCreditCode } from '@/lib/validators';
import { regionCodes, regionPath } from '@/shared/regions/region';
import { RegionField } from '@/shared/regions/region-field';
import type { Company, CompanyInput } from '@/types/api';

import { useCreateCompany } from '../api/create-company';
import { useIndustries } from '../api/get-industries';
import { useUpdateCompany } from '../api/update-company';

interface CompanyFormValues {
  name: string;
  creditCode: string;
  industryCode?: string;
  region?: string[];
  address?: string;
  contactPerson: string;
  contactPhone: string;
  remark?: string;
  admin?: { account: string; name: string; phone?: string; password: string };
}

/** Form fields the server's 422 `errors[].field` may name (its region codes go on the cascader). */
const FORM_FIELDS = [
  'name',
  'creditCode',
  'industryCode',
  'region',
  'address',
  'contactPerson',
  'contactPhone',
  'remark',
  'admin.account',
  'admin.name',
  'admin.phone',
  'admin.password',
];
const ALIASES = { provinceCode: 'region', cityCode: 'region', countyCode: 'region' };

interface CompanyFormDialogProps {
  open: boolean;
  /** The company being edited; null creates one with its administrator. */
  company: Company | null;
  onClose: () => void;
}

function toInput(values: CompanyFormValues): CompanyInput {
  const trim = (v: string | undefined) => (v ?? '').trim();
  return {
    name: trim(values.name),
    creditCode: normalizeCreditCode(values.creditCode),
    industryCode: values.industryCode ?? '',
    ...regionCodes(values.region),
    address: trim(values.address),
    contactPerson: trim(values.contactPerson),
    contactPhone: trim(values.contactPhone),
    remark: trim(values.remark),
  };
}

/**
 * Create a company with its administrator, or edit its register data. Every field is checked as
 * the server checks it before any call; the server's 409/422 answers are shown on the form.
 */
export function CompanyFormDialog({ open, company, onClose }: CompanyFormDialogProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<CompanyFormValues>();
  const [banner, setBanner] = useState<string[]>([]);
  const industries = useIndustries();
  const accountCheck = useAccountCheck(form, ['admin', 'account']);
  const creating = company === null;

  const createCompany = useCreateCompany(useSuccessThen('companies.created', onClose));
  const updateCompany = useUpdateCompany(useSuccessThen('companies.updated', onClose));
  const busy = createCompany.isPending || updateCompany.isPending;
  const { reset: resetCheck } = accountCheck;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setBanner([]);
    resetCheck();
    if (company) {
      form.setFieldsValue({
        name: company.name,
        creditCode: company.creditCode,
        industryCode: company.industryCode || undefined,
        region: regionPath(company),
        address: company.address,
        contactPerson: company.contactPerson,
        contactPhone: company.contactPhone,
        remark: company.remark,
      });
    }
  }, [open, company, form, resetCheck]);

  const showError = async (error: unknown, account?: string) => {
    const rest = applyApiErrors(form, error, FORM_FIELDS, ALIASES);
    // A 409 names no field: when it is the administrator account, say so under it.
    if (account && isApiError(error) && error.status === 409 && !(await accountCheck.ensureAvailable(account))) {
      setBanner([]);
      return;
    }
    setBanner(rest);
  };

  const submit = async (values: CompanyFormValues) => {
    setBanner([]);
    const data = toInput(values);
    if (!company) {
      const admin = values.admin!;
      if (!(await accountCheck.ensureAvailable(admin.account))) return;
      createCompany.mutate(
        {
          ...data,
          admin: { account: admin.account, name: admin.name.trim(), phone: (admin.phone ?? '').trim(), password: admin.password },
        },
        { onError: (error) => void showError(error, admin.account) },
      );
    } else {
      updateCompany.mutate({ id: company.id, data }, { onError: (error) => void showError(error) });
    }
  };

  const label = {
    name: t('companies.name'),
    creditCode: t('companies.creditCode'),
    industry: t('companies.industry'),
    region: t('companies.region'),
    contactPerson: t('companies.contactPerson'),
    contactPhone: t('companies.contactPhone'),
    adminAccount: t('companies.adminAccount'),
    adminName: t('companies.adminName'),
    adminPassword: t('companies.adminPassword'),
  };

  return (
    <FormDialog
      open={open}
      title={creating ? t('companies.createTitle') : t('companies.editTitle')}
      form={form}
      busy={busy}
      onClose={onClose}
      banner={banner}
      destroyOnHidden={false}
      forceRender
      width={760}
      name="companyForm"
      onFinish={(values) => void submit(values)}
    >
      <Divider titlePlacement="start" plain>
        {t('companies.companySection')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <TextField label={label.name} name="name" required max={100} placeholder={t('companies.namePlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={label.creditCode}
            name="creditCode"
            normalize={(v: string) => normalizeCreditCode(v)}
            rules={[rules.filled(label.creditCode), rules.creditCode]}
          >
            <Input placeholder={t('companies.creditCodePlaceholder')} maxLength={18} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={label.industry}
            name="industryCode"
            rules={[rules.chosen(label.industry)]}
          >
            <Select
              placeholder={t('companies.industryPlaceholder')}
              loading={industries.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              options={(industries.data ?? []).map((i) => ({ value: i.code, label: `${i.code} ${i.name}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <RegionField label={label.region} />
        </Col>
        <Col xs={24}>
          <TextField label={t('companies.address')} name="address" max={200} placeholder={t('companies.addressPlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <TextField label={label.contactPerson} name="contactPerson" required max={50} />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={label.contactPhone}
            name="contactPhone"
            rules={[rules.filled(label.contactPhone), rules.phone]}
          >
            <Input placeholder={t('validation.phonePlaceholder')} maxLength={24} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('companies.remark')} name="remark" rules={[rules.max(500)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      {creating && (
        <>
          <Divider titlePlacement="start" plain>
            {t('companies.adminSection')}
          </Divider>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <AccountField name={['admin', 'account']} label={label.adminAccount} check={accountCheck} />
            </Col>
            <Col xs={24} sm={12}>
              <TextField label={label.adminName} name={['admin', 'name']} required max={50} />
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label={t('companies.adminPhone')} name={['admin', 'phone']} rules={[rules.phone]}>
                <Input placeholder={t('validation.phonePlaceholder')} maxLength={24} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label={label.adminPassword}
                name={['admin', 'password']}
                rules={[rules.filled(label.adminPassword), rules.password]}
              >
                <Input.Password autoComplete="new-password" maxLength={64} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </FormDialog>
  );
}
