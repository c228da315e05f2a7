import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useSuccessThen } from '@/lib/use-success-then';

import { useHandleAlarm } from '../../api/handle-alarm';
import type { AlarmRecord } from '../../types';

interface HandleAlarmDialogProps {
  deviceId: number;
  /** The alarm being handled; null keeps the dialog closed. */
  alarm: AlarmRecord | null;
  onClose: () => void;
}

/** Handle an acknowledged alarm with a note (required, at most 1000 characters). */
export function HandleAlarmDialog({ deviceId, alarm, onClose }: HandleAlarmDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const handle = useHandleAlarm(deviceId, useSuccessThen('deviceDetail.alarms.handleDone', onClose));
  const open = alarm !== null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  return (
    <Modal
      open={open}
      title={t('deviceDetail.alarms.handleTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={handle.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        name="handleAlarm"
        layout="vertical"
        onFinish={(values) => {
          if (!alarm) return;
          handle.mutate({ id: alarm.id, note: values.note.trim() });
        }}
      >
        <Form.Item
          name="note"
          label={t('deviceDetail.alarms.noteLabel')}
          rules={[
            { required: true, whitespace: true, message: t('deviceDetail.alarms.noteRequired') },
            { max: 1000, message: t('deviceDetail.alarms.noteTooLong') },
          ]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('deviceDetail.alarms.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
