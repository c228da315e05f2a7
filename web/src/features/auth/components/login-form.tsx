import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/request';

import { useCaptcha } from '../api/get-captcha';
import { useLogin, type LoginInput } from '../api/login';

interface LoginValues {
  account: string;
  password: string;
  captchaCode?: string;
}

function needsCaptcha(error: unknown): boolean {
  return isApiError(error) && (error.data?.captchaRequired === true || error.code === 40012);
}

/**
 * The sign-in form. The password travels encrypted with a fresh login key; a captcha appears
 * once the server asks for one (click the image for a new one); every failure shows the
 * server's msg (wrong password, captcha, locked 429, disabled) above the button.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptcha(captchaRequired);

  const login = useLogin({
    onError: (err) => {
      setError(isApiError(err) && err.status !== null ? err.message : t('request.networkError'));
      if (needsCaptcha(err)) {
        form.setFieldValue('captchaCode', '');
        if (captchaRequired) void captcha.refetch();
        setCaptchaRequired(true);
      } else if (captchaRequired) {
        form.setFieldValue('captchaCode', '');
        void captcha.refetch();
      }
    },
  });

  const onFinish = (values: LoginValues) => {
    setError(null);
    const input: LoginInput = { account: values.account, password: values.password };
    if (captchaRequired && captcha.data) {
      input.captchaId = captcha.data.captchaId;
      input.captchaCode = values.captchaCode;
    }
    login.mutate(input);
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      disabled={login.isPending}
      size="large"
    >
      <Form.Item
        label={t('login.account')}
        name="account"
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        label={t('login.password')}
        name="password"
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      {captchaRequired && (
        <Form.Item label={t('login.captcha')} required extra={t('login.captchaNeeded')}>
          <div className="captcha-row">
            <Form.Item
              name="captchaCode"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
            >
              <Input prefix={<SafetyOutlined />} autoComplete="off" aria-label={t('login.captcha')} />
            </Form.Item>
            <button
              type="button"
              className="captcha-image"
              title={t('login.refreshCaptcha')}
              aria-label={t('login.refreshCaptcha')}
              onClick={() => void captcha.refetch()}
              disabled={captcha.isFetching}
            >
              {captcha.data ? <img src={captcha.data.image} alt={t('login.captcha')} /> : <span style={{ padding: 8 }}>…</span>}
            </button>
          </div>
        </Form.Item>
      )}
      {error && (
        <Form.Item>
          <Alert type="error" showIcon title={error} role="alert" />
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
