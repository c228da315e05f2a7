import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import type { AlarmRecord } from '@/types/api';

/** The longest handling note the server takes. */
const NOTE_MAX = 1000;

interface AlarmHandleDialogProps {
  /** The alarm being handled; null keeps the dialog closed. */
  alarm: Pick<AlarmRecord, 'deviceId' | 'deviceName' | 'imei'> | null;
  pending: boolean;
  /** Called with the trimmed note once the form is valid. */
  onHandle: (note: string) => void;
  onClose: () => void;
}

/**
 * Handle an acknowledged alarm with a note (required, at most 1000 characters): THE dialog of the device
 * page and the Alarm Center, each of which sends the call with shared/alarms/api/handle-alarm (which
 * refreshes every view of alarms).
 */
export function AlarmHandleDialog({ alarm, pending, onHandle, onClose }: AlarmHandleDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const open = alarm !== null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={t('alarmHandle.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {alarm && (
        <Typography.Paragraph type="secondary">
          {t('alarmHandle.device', { device: alarm.deviceName || `#${alarm.deviceId}`, imei: alarm.imei })}
        </Typography.Paragraph>
      )}
      <Form form={form} name="handleAlarm" layout="vertical" onFinish={(values) => onHandle(values.note.trim())}>
        <Form.Item
          name="note"
          label={t('alarmHandle.noteLabel')}
          rules={[
            { required: true, whitespace: true, message: t('alarmHandle.noteRequired') },
            { max: NOTE_MAX, message: t('alarmHandle.noteTooLong') },
          ]}
        >
          <Input.TextArea rows={4} maxLength={NOTE_MAX} showCount placeholder={t('alarmHandle.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
