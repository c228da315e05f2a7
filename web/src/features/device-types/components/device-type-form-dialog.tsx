import { Col, Divider, Form, InputNumber, Row, Select, type FormRule } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/form/text-field';
import { FormDialog, useDialogBanner } from '@/components/ui/form-dialog';
import { applyApiErrors } from '@/lib/form-errors';
import { useFormRules } from '@/lib/form-rules';
import { isApiError } from '@/lib/request';
import { useSuccessThen } from '@/lib/use-success-then';

import { useCreateDeviceType } from '../api/create-device-type';
import { useUpdateDeviceType } from '../api/update-device-type';
import { uploadImage } from '../api/upload-image';
import { DEVICE_TYPE_LINKS, DEVICE_TYPE_UNITS, type DeviceType } from '../types';

import {
  DESCRIPTION_MAX,
  FIELD_CHECKS,
  FIELD_DEPENDENCIES,
  INTERVAL_MAX,
  INTERVAL_MIN,
  NEW_TYPE_VALUES,
  toDeviceTypeInput,
  toFormValues,
  type DeviceTypeFormValues,
  type NumericValues,
} from './device-type-rules';
import { RichTextEditor } from './rich-text-editor';

const FORM_FIELDS = [
  'name',
  'model',
  'manufacturer',
  'gas',
  'unit',
  'communication',
  'rangeMin',
  'rangeMax',
  'lowThreshold',
  'highThreshold',
  'reportInterval',
  'heartbeatInterval',
  'description',
];

type NumericField = keyof NumericValues;

interface DeviceTypeFormDialogProps {
  open: boolean;
  /** The type being edited; null creates one. */
  deviceType: DeviceType | null;
  onClose: () => void;
}

async function uploadForEditor(file: File): Promise<string> {
  return (await uploadImage(file)).url;
}

/**
 * Create or edit a device type: every field with the server's rules checked per field (range,
 * thresholds inside it with one decimal, intervals), the description in the rich-text editor.
 * A 422 puts the server's messages under their fields; a 409 (model taken) under the model.
 */
export function DeviceTypeFormDialog({ open, deviceType, onClose }: DeviceTypeFormDialogProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<DeviceTypeFormValues>();
  const [banner, setBanner] = useDialogBanner(open);
  const descriptionLabelId = `${useId()}-description-label`;
  const creating = deviceType === null;
  const unit = Form.useWatch('unit', form);

  const createType = useCreateDeviceType(useSuccessThen('deviceType.created', onClose));
  const updateType = useUpdateDeviceType(useSuccessThen('deviceType.updated', onClose));
  const busy = createType.isPending || updateType.isPending;

  const showError = (error: unknown) => {
    if (isApiError(error) && error.status === 409) {
      form.setFields([{ name: 'model', errors: [error.message] }]);
      form.scrollToField('model');
      setBanner([]);
      return;
    }
    setBanner(applyApiErrors(form, error, FORM_FIELDS));
  };

  const submit = (values: DeviceTypeFormValues) => {
    setBanner([]);
    const data = toDeviceTypeInput(values);
    if (deviceType) {
      updateType.mutate({ id: deviceType.id, data }, { onError: showError });
    } else {
      createType.mutate(data, { onError: showError });
    }
  };

  const label = {
    name: t('deviceType.name'),
    model: t('deviceType.model'),
    unit: t('deviceType.unit'),
    communication: t('deviceType.communication'),
    rangeMin: t('deviceType.rangeMin'),
    rangeMax: t('deviceType.rangeMax'),
    lowThreshold: t('deviceType.lowThreshold'),
    highThreshold: t('deviceType.highThreshold'),
    reportInterval: t('deviceType.reportInterval'),
    heartbeatInterval: t('deviceType.heartbeatInterval'),
  };

  /** The rules of a numeric field: required, then its check against the other fields. */
  const numberRules = (field: NumericField): FormRule[] => [
    { required: true, message: t('validation.required', { field: label[field] }) },
    ({ getFieldsValue }) => ({
      validator: async () => {
        const problem = FIELD_CHECKS[field](getFieldsValue(Object.keys(FIELD_CHECKS)) as NumericValues);
        if (problem) throw new Error(t(`deviceType.rules.${problem}`));
      },
    }),
  ];

  const numberField = (field: NumericField, extra: { step: number; suffix?: string; precision?: number; min?: number; max?: number }) => (
    <Form.Item label={label[field]} name={field} rules={numberRules(field)} dependencies={FIELD_DEPENDENCIES[field]}>
      <InputNumber<number>
        style={{ width: '100%' }}
        step={extra.step}
        precision={extra.precision}
        min={extra.min}
        max={extra.max}
        suffix={extra.suffix}
        inputMode="decimal"
      />
    </Form.Item>
  );

  return (
    <FormDialog
      open={open}
      title={creating ? t('deviceType.createTitle') : t('deviceType.editTitle')}
      form={form}
      busy={busy}
      onClose={onClose}
      banner={banner}
      width={860}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
      name="deviceTypeForm"
      initialValues={deviceType ? toFormValues(deviceType) : NEW_TYPE_VALUES}
      onFinish={submit}
    >
      <Divider titlePlacement="start" style={{ marginTop: 0 }}>
        {t('deviceType.sectionBasic')}
      </Divider>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <TextField label={label.name} name="name" required max={50} placeholder={t('deviceType.namePlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <TextField label={label.model} name="model" required max={50} placeholder={t('deviceType.modelPlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <TextField label={t('deviceType.manufacturer')} name="manufacturer" max={100} placeholder={t('deviceType.manufacturerPlaceholder')} />
        </Col>
        <Col xs={24} sm={12}>
          <TextField label={t('deviceType.gas')} name="gas" max={20} placeholder="CH4" />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={label.unit} name="unit" rules={[rules.chosen(label.unit)]}>
            <Select placeholder={t('deviceType.unitPlaceholder')} options={DEVICE_TYPE_UNITS.map((u) => ({ value: u, label: u }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={label.communication}
            name="communication"
            rules={[rules.chosen(label.communication)]}
          >
            <Select
              placeholder={t('deviceType.communicationPlaceholder')}
              options={DEVICE_TYPE_LINKS.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('deviceType.sectionMeasure')}</Divider>
      <Row gutter={16}>
        <Col xs={12} sm={6}>
          {numberField('rangeMin', { step: 1, suffix: unit })}
        </Col>
        <Col xs={12} sm={6}>
          {numberField('rangeMax', { step: 1, suffix: unit })}
        </Col>
        <Col xs={12} sm={6}>
          {numberField('lowThreshold', { step: 0.1, suffix: unit })}
        </Col>
        <Col xs={12} sm={6}>
          {numberField('highThreshold', { step: 0.1, suffix: unit })}
        </Col>
        <Col xs={24}>
          <div className="secondary-text" style={{ marginTop: -12, marginBottom: 12 }}>
            {t('deviceType.thresholdHint')}
          </div>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('deviceType.sectionIntervals')}</Divider>
      <Row gutter={16}>
        <Col xs={12} sm={6}>
          {numberField('reportInterval', { step: 1, precision: 0, min: INTERVAL_MIN, max: INTERVAL_MAX, suffix: t('deviceType.minutesUnit') })}
        </Col>
        <Col xs={12} sm={6}>
          {numberField('heartbeatInterval', {
            step: 1,
            precision: 0,
            min: INTERVAL_MIN,
            max: INTERVAL_MAX,
            suffix: t('deviceType.minutesUnit'),
          })}
        </Col>
        <Col xs={24} sm={12}>
          <div className="secondary-text" style={{ paddingTop: 8 }}>
            {t('deviceType.intervalHint')}
          </div>
        </Col>
      </Row>
      <Form.Item
        label={<span id={descriptionLabelId}>{t('deviceType.description')}</span>}
        name="description"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value === 'string' && value.length > DESCRIPTION_MAX) throw new Error(t('deviceType.rules.descriptionTooLong'));
            },
          },
        ]}
      >
        <DescriptionEditor labelId={descriptionLabelId} disabled={busy} />
      </Form.Item>
    </FormDialog>
  );
}

/** The editor as a form control, red-framed when the field has an error. */
function DescriptionEditor(props: { value?: string; onChange?: (html: string) => void; id?: string; labelId: string; disabled: boolean }) {
  const { errors } = Form.Item.useStatus();
  return <RichTextEditor {...props} invalid={errors.length > 0} onUploadImage={uploadForEditor} />;
}
