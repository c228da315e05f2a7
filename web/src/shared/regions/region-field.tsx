import { Form } from 'antd';
import { useTranslation } from 'react-i18next';

import { RegionCascader } from './region-cascader';

/** A form's required region (field `region`, its codes from the province down), chosen in the cascader. */
export function RegionField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} name="region" rules={[{ required: true, type: 'array', min: 1, message: t('validation.select', { field: label }) }]}>
      <RegionCascader />
    </Form.Item>
  );
}
