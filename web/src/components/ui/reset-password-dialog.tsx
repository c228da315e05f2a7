import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { copyText } from '@/lib/clipboard';
import { useFormRules } from '@/lib/form-rules';
import type { PasswordResetResult } from '@/types/api';

interface ResetPasswordDialogProps {
  open: boolean;
  title: string;
  /** What the reset does, e.g. whose password and that their sessions end. */
  description: ReactNode;
  /** Runs the reset: a given password, or none to let the server generate one. */
  onReset: (password: string | undefined) => Promise<PasswordResetResult>;
  onClose: () => void;
}

interface FormValues {
  password?: string;
}

/**
 * Reset a password, with confirmation: an optional new password (empty lets the server generate
 * one). A generated password is shown once, with a copy button; closing the dialog forgets it.
 */
export function ResetPasswordDialog({ open, title, description, onReset, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFormRules();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PasswordResetResult | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setResult(null);
  }, [open, form]);

  const submit = async ({ password }: FormValues) => {
    setBusy(true);
    try {
      const answer = await onReset(password ? password : undefined);
      if (answer.password) {
        setResult(answer);
      } else {
        void message.success(t('password.done'));
        onClose();
      }
    } catch {
      // the request layer showed it; the dialog stays open
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setResult(null);
    onClose();
  };

  if (result?.password) {
    return (
      <Modal
        open={open}
        title={t('password.resultTitle')}
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            {t('common.close')}
          </Button>
        }
        mask={{ closable: false }}
        width={440}
      >
        <Alert type="warning" showIcon title={t('password.resultOnce')} style={{ marginBottom: 16 }} />
        <PasswordResult account={result.account} password={result.password} />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: !busy }}
      forceRender
      width={440}
    >
      <div style={{ marginBottom: 16 }}>{description}</div>
      <Form<FormValues> form={form} name="resetPasswordForm" layout="vertical" onFinish={(v) => void submit(v)} disabled={busy}>
        <Form.Item label={t('password.newPassword')} name="password" rules={[rules.password]} extra={t('password.newPasswordHint')}>
          <Input.Password placeholder={t('password.newPasswordPlaceholder')} autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** An account and its new password, with a copy button. */
export function PasswordResult({ account, password }: { account: string; password: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(password)) void message.success(t('common.copied'));
    else void message.error(t('common.copyFailed'));
  };
  return (
    <dl className="password-result">
      <dt>{t('password.account')}</dt>
      <dd>{account}</dd>
      <dt>{t('password.newPassword')}</dt>
      <dd>
        <Typography.Text code className="password-result-value" aria-label={t('password.newPassword')}>
          {password}
        </Typography.Text>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('password.copy')}
        </Button>
      </dd>
    </dl>
  );
}
