import { Checkbox, Col, Form, Input, Radio, Row, Select, Space, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/form/text-field';
import { FormDialog, useDialogBanner } from '@/components/ui/form-dialog';
import { useIsPlatform } from '@/lib/auth-store';
import { applyApiErrors } from '@/lib/form-errors';
import { checkRule, useFormRules } from '@/lib/form-rules';
import { currentLanguage } from '@/lib/i18n';
import { useSuccessThen } from '@/lib/use-success-then';
import { isValidMobile } from '@/lib/validators';
import { CompanySelect } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';

import { useCreateSmsUser } from '../api/create-sms-user';
import { useUpdateSmsUser } from '../api/update-sms-user';
import { ALARM_KINDS, ESCALATION_LEVELS, SMS_LANGUAGES, SMS_SCOPES, type SmsUser } from '../types';

import { DeviceMultiSelect } from './device-multi-select';
import { RegionMultiSelect } from './region-multi-select';
import { quietProblem, toFormValues, toInput, type SmsUserFormValues } from './sms-user-rules';

const FORM_FIELDS = [
  'name',
  'phone',
  'companyId',
  'alarmKinds',
  'gasMinLevel',
  'scope',
  'deviceIds',
  'regionCodes',
  'quietStart',
  'quietEnd',
  'notifyOnEnd',
  'escalationLevel',
  'language',
  'remark',
];
const CLOCK = 'HH:mm';

/** A TimePicker bound to an "HH:mm" string in the form ('' for none). */
const clockProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, CLOCK) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(CLOCK) : ''),
};

interface SmsUserFormDialogProps {
  open: boolean;
  /** The notification user being edited; null creates one. */
  user: SmsUser | null;
  onClose: () => void;
}

/**
 * Create or edit a notification user: phone, company (platform users), alarm kinds and gas level, scope
 * (all devices, chosen devices, chosen regions), quiet hours, alarm end, escalation level, language.
 */
export function SmsUserFormDialog({ open, user, onClose }: SmsUserFormDialogProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<SmsUserFormValues>();
  const [banner, setBanner] = useDialogBanner(open);
  const isPlatform = useIsPlatform();
  const creating = user === null;
  const companies = useCompanyOptions(open && isPlatform);
  const scope = Form.useWatch('scope', form);
  const kinds = Form.useWatch('alarmKinds', form) ?? [];
  const companyId = Form.useWatch('companyId', form);

  const createUser = useCreateSmsUser(useSuccessThen('smsUser.created', onClose));
  const updateUser = useUpdateSmsUser(useSuccessThen('smsUser.updated', onClose));
  const busy = createUser.isPending || updateUser.isPending;

  const showError = (error: unknown) => setBanner(applyApiErrors(form, error, FORM_FIELDS));

  const submit = (values: SmsUserFormValues) => {
    setBanner([]);
    const data = toInput(values, isPlatform);
    if (user) updateUser.mutate({ id: user.id, data }, { onError: showError });
    else createUser.mutate(data, { onError: showError });
  };

  const label = {
    name: t('smsUser.name'),
    phone: t('smsUser.phone'),
  };

  return (
    <FormDialog
      open={open}
      title={creating ? t('smsUser.createTitle') : t('smsUser.editTitle')}
      form={form}
      busy={busy}
      onClose={onClose}
      banner={banner}
      width={720}
      name="smsUserForm"
      initialValues={toFormValues(user, currentLanguage())}
      onFinish={submit}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <TextField label={label.name} name="name" required max={50} placeholder={t('smsUser.namePlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={label.phone}
            name="phone"
            rules={[
              rules.filled(label.phone),
              checkRule((v) => (isValidMobile(v.trim()) ? null : t('smsUser.phoneInvalid'))),
            ]}
          >
            <Input maxLength={11} inputMode="numeric" placeholder={t('smsUser.phonePlaceholder')} />
          </Form.Item>
        </Col>
        {isPlatform && (
          <Col xs={24} sm={12}>
            <Form.Item label={t('smsUser.company')} name="companyId" rules={[{ required: true, message: t('smsUser.companyRequired') }]}>
              <CompanySelect<number>
                companies={companies}
                placeholder={t('smsUser.companyPlaceholder')}
                // Devices belong to one company: another company's choice starts empty.
                onChange={() => form.setFieldValue('deviceIds', [])}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={isPlatform ? 12 : 24}>
          <Form.Item label={t('smsUser.escalationLevel')} name="escalationLevel" extra={t('smsUser.escalationHint')}>
            <Select<number> options={ESCALATION_LEVELS.map((n) => ({ value: n, label: t(`smsUser.escalation.l${n}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            label={t('smsUser.kinds')}
            name="alarmKinds"
            rules={[{ required: true, type: 'array', min: 1, message: t('smsUser.kindsRequired') }]}
          >
            <Checkbox.Group options={ALARM_KINDS.map((k) => ({ value: k, label: t(`smsUser.kind.${k}`) }))} />
          </Form.Item>
        </Col>
        {kinds.includes('gas') && (
          <Col xs={24}>
            <Form.Item label={t('smsUser.gasMinLevel')} name="gasMinLevel" extra={t('smsUser.gasLevelHint')}>
              <Radio.Group
                options={(['low', 'high'] as const).map((level) => ({ value: level, label: t(`smsUser.gasLevel.${level}`) }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item label={t('smsUser.scope')} name="scope">
            <Radio.Group
              options={SMS_SCOPES.map((s) => ({ value: s, label: t(`smsUser.scopeKind.${s}`) }))}
              onChange={() => form.setFields([{ name: 'deviceIds', errors: [] }, { name: 'regionCodes', errors: [] }])}
            />
          </Form.Item>
        </Col>
        {scope === 'devices' && (
          <Col xs={24}>
            <Form.Item
              label={t('smsUser.devices')}
              name="deviceIds"
              rules={[{ required: true, type: 'array', min: 1, message: t('smsUser.devicesRequired') }]}
            >
              <DeviceMultiSelect
                companyId={isPlatform ? companyId : undefined}
                enabled={open && (!isPlatform || Boolean(companyId))}
                known={user?.devices ?? []}
              />
            </Form.Item>
          </Col>
        )}
        {scope === 'regions' && (
          <Col xs={24}>
            <Form.Item
              label={t('smsUser.regions')}
              name="regionCodes"
              extra={t('smsUser.regionsHint')}
              rules={[{ required: true, type: 'array', min: 1, message: t('smsUser.regionsRequired') }]}
            >
              <RegionMultiSelect />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item label={t('smsUser.quietHours')} extra={t('smsUser.quietHint')} style={{ marginBottom: 0 }}>
            <Space wrap align="start">
              <Form.Item name="quietStart" {...clockProps} dependencies={['quietEnd']}>
                <TimePicker format={CLOCK} minuteStep={5} placeholder={t('smsUser.quietStart')} aria-label={t('smsUser.quietStart')} />
              </Form.Item>
              <Typography.Text style={{ lineHeight: '32px' }}>–</Typography.Text>
              <Form.Item
                name="quietEnd"
                {...clockProps}
                dependencies={['quietStart']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: string) => {
                      const problem = quietProblem(getFieldValue('quietStart') ?? '', value ?? '');
                      if (problem === 'pair') throw new Error(t('smsUser.quietPair'));
                      if (problem === 'same') throw new Error(t('smsUser.quietSame'));
                    },
                  }),
                ]}
              >
                <TimePicker format={CLOCK} minuteStep={5} placeholder={t('smsUser.quietEnd')} aria-label={t('smsUser.quietEnd')} />
              </Form.Item>
            </Space>
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('smsUser.notifyOnEnd')} name="notifyOnEnd" valuePropName="checked" extra={t('smsUser.notifyOnEndHint')}>
            <Switch aria-label={t('smsUser.notifyOnEnd')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('smsUser.language')} name="language">
            <Radio.Group options={SMS_LANGUAGES.map((l) => ({ value: l, label: t(`smsUser.languages.${l}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('smsUser.remark')} name="remark" rules={[rules.max(500)]}>
            <Input.TextArea maxLength={500} rows={2} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
