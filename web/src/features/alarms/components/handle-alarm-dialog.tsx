import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useSuccessThen } from '@/lib/use-success-then';

import { useHandleAlarm } from '../api/handle-alarm';
import type { Alarm } from '../types';

interface HandleAlarmDialogProps {
  /** The alarm being handled; null keeps the dialog closed. */
  alarm: Alarm | null;
  onClose: () => void;
}

/** Handle an acknowledged alarm with a note (required, at most 1000 characters). */
export function HandleAlarmDialog({ alarm, onClose }: HandleAlarmDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const handle = useHandleAlarm(useSuccessThen('alarm.handleDone', onClose));
  const open = alarm !== null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={t('alarm.handleTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={handle.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {alarm && (
        <Typography.Paragraph type="secondary">
          {t('alarm.handleFor', { device: alarm.deviceName || `#${alarm.deviceId}`, imei: alarm.imei })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        name="alarmCenterHandle"
        layout="vertical"
        onFinish={(values) => {
          if (!alarm) return;
          handle.mutate({ alarm, note: values.note.trim() });
        }}
      >
        <Form.Item
          name="note"
          label={t('alarm.noteLabel')}
          rules={[
            { required: true, whitespace: true, message: t('alarm.noteRequired') },
            { max: 1000, message: t('alarm.noteTooLong') },
          ]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('alarm.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
