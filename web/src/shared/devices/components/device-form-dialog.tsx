import { Col, DatePicker, Form, Input, InputNumber, Row, Select, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/form/text-field';
import { FormDialog, useDialogBanner } from '@/components/ui/form-dialog';
import { useIsPlatform } from '@/lib/auth-store';
import { applyApiErrors } from '@/lib/form-errors';
import { checkRule, useFormRules } from '@/lib/form-rules';
import { useSuccessThen } from '@/lib/use-success-then';
import { CompanySelect } from '@/shared/companies/company-select';
import { useCompanyOptions } from '@/shared/companies/get-company-options';
import { regionCodes, regionPath } from '@/shared/regions/region';
import { RegionField } from '@/shared/regions/region-field';
import type { Device } from '@/types/api';

import { useCreateDevice } from '../api/create-device';
import { useDeviceTypeOptions } from '../api/get-device-type-options';
import { useUpdateDevice } from '../api/update-device';
import type { DeviceInput } from '../types';

import { imeiProblem, isValidIccid } from '../lib/device-rules';

interface DeviceFormValues {
  imei: string;
  name: string;
  typeId?: number;
  companyId?: number;
  address?: string;
  region?: string[];
  latitude?: number | null;
  longitude?: number | null;
  iccid?: string;
  installedAt?: Dayjs | null;
  remark?: string;
}

const FORM_FIELDS = ['imei', 'name', 'typeId', 'companyId', 'address', 'region', 'latitude', 'longitude', 'iccid', 'installedAt', 'remark'];
const ALIASES = { provinceCode: 'region', cityCode: 'region', countyCode: 'region' };

interface DeviceFormDialogProps {
  open: boolean;
  /** The device being edited; null creates one. */
  device: Device | null;
  onClose: () => void;
  /** A created device, with its secret (shown once by the caller). */
  onCreated: (device: Device) => void;
}

function rangeRule(min: number, max: number, message: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const n = Number(value);
      if (!Number.isFinite(n) || n < min || n > max) throw new Error(message);
    },
  };
}

/**
 * Create a device (IMEI checked with its Luhn digit before any call; the answer's secret is shown
 * once by the caller) or edit it (the IMEI stays). Platform users choose the company.
 */
export function DeviceFormDialog({ open, device, onClose, onCreated }: DeviceFormDialogProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<DeviceFormValues>();
  const [banner, setBanner] = useDialogBanner(open);
  const isPlatform = useIsPlatform();
  const creating = device === null;
  const companies = useCompanyOptions(open && isPlatform);
  const types = useDeviceTypeOptions(open);

  const createDevice = useCreateDevice();
  // success toast, close, then the caller shows the secret
  const created = useSuccessThen('device.created', onClose);
  const updateDevice = useUpdateDevice(useSuccessThen('device.updated', onClose));
  const busy = createDevice.isPending || updateDevice.isPending;

  const initialValues: Partial<DeviceFormValues> = device
    ? {
        imei: device.imei,
        name: device.name,
        typeId: device.typeId,
        companyId: device.companyId,
        address: device.address,
        region: regionPath(device),
        latitude: device.latitude,
        longitude: device.longitude,
        iccid: device.iccid,
        installedAt: device.installedAt ? dayjs(device.installedAt) : null,
        remark: device.remark,
      }
    : {};

  const showError = (error: unknown) => setBanner(applyApiErrors(form, error, FORM_FIELDS, ALIASES));

  const submit = (values: DeviceFormValues) => {
    setBanner([]);
    const codes = regionCodes(values.region);
    const input: DeviceInput = {
      imei: values.imei.trim(),
      name: values.name.trim(),
      typeId: values.typeId!,
      ...(isPlatform && values.companyId ? { companyId: values.companyId } : {}),
      address: (values.address ?? '').trim(),
      provinceCode: codes.provinceCode,
      cityCode: codes.cityCode,
      countyCode: codes.countyCode,
      ...(typeof values.latitude === 'number' ? { latitude: values.latitude } : {}),
      ...(typeof values.longitude === 'number' ? { longitude: values.longitude } : {}),
      iccid: (values.iccid ?? '').trim(),
      ...(values.installedAt ? { installedAt: values.installedAt.startOf('day').valueOf() } : {}),
      remark: (values.remark ?? '').trim(),
    };
    if (device) {
      updateDevice.mutate({ id: device.id, data: input }, { onError: showError });
      return;
    }
    createDevice.mutate(input, {
      onError: showError,
      onSuccess: (answer) => {
        created.onSuccess();
        onCreated(answer);
      },
    });
  };

  const imeiRule = checkRule((v) => {
    const problem = imeiProblem(v.trim());
    if (problem === 'format') return t('device.imeiFormat');
    if (problem === 'check') return t('device.imeiCheck');
    return null;
  });

  return (
    <FormDialog
      open={open}
      title={creating ? t('device.createTitle') : t('device.editTitle')}
      form={form}
      busy={busy}
      onClose={onClose}
      banner={banner}
      width={720}
      name="deviceForm"
      initialValues={initialValues}
      onFinish={submit}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label={t('device.imei')}
            name="imei"
            rules={[rules.filled(t('device.imei')), imeiRule]}
            extra={creating ? undefined : t('device.imeiFixed')}
          >
            <Input placeholder={t('device.imeiPlaceholder')} maxLength={15} inputMode="numeric" disabled={!creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <TextField label={t('device.name')} name="name" required max={50} placeholder={t('device.namePlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={t('device.type')}
            name="typeId"
            rules={[rules.chosen(t('device.type'))]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('device.typePlaceholder')}
              loading={types.isPending}
              options={(types.data ?? []).map((type) => ({ value: type.id, label: `${type.name} ${type.model}` }))}
            />
          </Form.Item>
        </Col>
        {isPlatform && (
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('device.company')}
              name="companyId"
              rules={[rules.chosen(t('device.company'))]}
            >
              <CompanySelect
                companies={companies}
                placeholder={t('device.companyPlaceholder')}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <RegionField label={t('device.region')} />
        </Col>
        <Col xs={24} sm={12}>
          <TextField label={t('device.address')} name="address" max={200} placeholder={t('device.addressPlaceholder')} />
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label={t('device.latitude')} name="latitude" rules={[rangeRule(-90, 90, t('device.latitudeRange'))]}>
            <InputNumber style={{ width: '100%' }} precision={6} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label={t('device.longitude')} name="longitude" rules={[rangeRule(-180, 180, t('device.longitudeRange'))]}>
            <InputNumber style={{ width: '100%' }} precision={6} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={t('device.iccid')}
            name="iccid"
            normalize={(v: string) => v.toUpperCase()}
            rules={[checkRule((v) => (isValidIccid(v.trim()) ? null : t('device.iccidInvalid')))]}
          >
            <Input placeholder={t('device.iccidPlaceholder')} maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('device.installedAt')} name="installedAt">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('device.remark')} name="remark" rules={[rules.max(500)]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
