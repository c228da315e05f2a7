import { Form, InputNumber, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/ui/form-dialog';
import { applyApiErrors } from '@/lib/form-errors';
import { useSuccessThen } from '@/lib/use-success-then';
import type { Device } from '@/types/api';

import { useSendDeviceCommand } from '../api/send-device-command';
import type { DeviceCommandName } from '../types';

const COMMANDS: readonly DeviceCommandName[] = ['restart', 'selfTest', 'zeroCalibration', 'muteAlarm'];
export const MUTE_MIN = 1;
export const MUTE_MAX = 120;

interface CommandFormValues {
  command: DeviceCommandName;
  minutes?: number;
}

/** Send one command to a device: restart, self-test, zero calibration, or mute its alarm for 1–120 minutes. */
export function DeviceCommandDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CommandFormValues>();
  const [banner, setBanner] = useState<string[]>([]);
  const command = Form.useWatch('command', form);
  const send = useSendDeviceCommand(useSuccessThen('device.commandSent', onClose));

  useEffect(() => {
    if (device) setBanner([]);
  }, [device]);

  const submit = (values: CommandFormValues) => {
    if (!device) return;
    setBanner([]);
    send.mutate(
      {
        id: device.id,
        command: values.command,
        ...(values.command === 'muteAlarm' ? { params: { minutes: values.minutes! } } : {}),
      },
      { onError: (error) => setBanner(applyApiErrors(form, error, ['command', 'minutes'], { 'params.minutes': 'minutes' })) },
    );
  };

  return (
    <FormDialog
      open={device !== null}
      title={t('device.commandTitle')}
      form={form}
      busy={send.isPending}
      onClose={onClose}
      okText={t('device.send')}
      width={480}
      banner={banner}
      name="deviceCommandForm"
      initialValues={{ command: 'restart', minutes: 30 }}
      onFinish={submit}
    >
      {device && (
        <Typography.Paragraph type="secondary">{t('device.commandFor', { name: device.name, imei: device.imei })}</Typography.Paragraph>
      )}
      <Form.Item label={t('device.commandName')} name="command" rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={COMMANDS.map((name) => ({ value: name, label: t(`device.commands.${name}`) }))}
        />
      </Form.Item>
      {command === 'muteAlarm' && (
        <Form.Item
          label={t('device.muteMinutes')}
          name="minutes"
          rules={[
            { required: true, message: t('device.muteRange') },
            {
              validator: async (_rule, value: unknown) => {
                const n = Number(value);
                if (value === null || value === undefined) return;
                if (!Number.isInteger(n) || n < MUTE_MIN || n > MUTE_MAX) throw new Error(t('device.muteRange'));
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={0} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
