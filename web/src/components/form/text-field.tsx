import { Form, Input } from 'antd';

import { useFormRules } from '@/lib/form-rules';

type NamePath = string | (string | number)[];

interface TextFieldProps {
  label: string;
  name: NamePath;
  /** The longest text the server takes: the input stops there and the rule says so. */
  max: number;
  /** A text must be typed (not only spaces); the message names the field. */
  required?: boolean;
  placeholder?: string;
}

/** A form's one-line text field: its label, an optional "required" rule and its length limit. */
export function TextField({ label, name, max, required = false, placeholder }: TextFieldProps) {
  const rules = useFormRules();
  return (
    <Form.Item label={label} name={name} rules={required ? [rules.filled(label), rules.max(max)] : [rules.max(max)]}>
      <Input placeholder={placeholder} maxLength={max} />
    </Form.Item>
  );
}
