import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { copyText } from '@/lib/clipboard';

export interface ShownSecret {
  imei: string;
  name: string;
  secret: string;
}

/** A copy button for a secret (or several, joined). */
export function CopySecretButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(text)) void message.success(t('common.copied'));
    else void message.error(t('common.copyFailed'));
  };
  return (
    <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
      {label ?? t('device.copy')}
    </Button>
  );
}

/**
 * A device's secret, shown once (after creation or rotation) with a copy button; closing the dialog
 * forgets it: the server keeps only its hash.
 */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shown !== null}
      title={t('device.secretTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      mask={{ closable: false }}
      destroyOnHidden
      width={520}
    >
      {shown && (
        <>
          <Alert type="warning" showIcon title={t('device.secretOnce')} style={{ marginBottom: 16 }} />
          <dl className="password-result">
            <dt>{t('device.name')}</dt>
            <dd>{shown.name}</dd>
            <dt>{t('device.imei')}</dt>
            <dd>{shown.imei}</dd>
            <dt>{t('device.secret')}</dt>
            <dd>
              <Typography.Text code className="password-result-value device-secret-value" aria-label={t('device.secret')}>
                {shown.secret}
              </Typography.Text>
              <CopySecretButton text={shown.secret} />
            </dd>
          </dl>
        </>
      )}
    </Modal>
  );
}
