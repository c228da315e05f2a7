import { App, Form, InputNumber, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/ui/form-dialog';
import { applyApiErrors } from '@/lib/form-errors';
import { useSuccessThen } from '@/lib/use-success-then';
import type { Device } from '@/types/api';

import { useSendDeviceCommand } from '../api/send-device-command';
import type { DeviceCommandName } from '../types';

const COMMANDS: readonly DeviceCommandName[] = ['restart', 'selfTest', 'zeroCalibration', 'muteAlarm'];
/** Commands that change what the detector does (it goes offline, beeps, or measures differently afterwards): asked again before sending. */
export const CONFIRMED_COMMANDS = ['restart', 'selfTest', 'zeroCalibration'] as const satisfies readonly DeviceCommandName[];
type ConfirmedCommand = (typeof CONFIRMED_COMMANDS)[number];

function needsConfirmation(command: DeviceCommandName): command is ConfirmedCommand {
  return (CONFIRMED_COMMANDS as readonly string[]).includes(command);
}

export const MUTE_MIN = 1;
export const MUTE_MAX = 120;

interface CommandFormValues {
  command: DeviceCommandName;
  minutes?: number;
}

/**
 * Send one command to a device: restart, self-test, zero calibration, or mute its alarm for 1–120 minutes.
 * Each command says in one line what it does; the ones that change the detector are confirmed first.
 */
export function DeviceCommandDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<CommandFormValues>();
  const [banner, setBanner] = useState<string[]>([]);
  const command = Form.useWatch('command', form);
  const send = useSendDeviceCommand(useSuccessThen('device.commandSent', onClose));

  useEffect(() => {
    if (device) setBanner([]);
  }, [device]);

  const sendNow = (values: CommandFormValues) => {
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

  const submit = (values: CommandFormValues) => {
    if (!device) return;
    if (!needsConfirmation(values.command)) {
      sendNow(values);
      return;
    }
    modal.confirm({
      title: t('device.commandConfirmTitle', { command: t(`device.commands.${values.command}`), name: device.name }),
      content: t(`device.commandConfirm.${values.command}`),
      okText: t('device.send'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: values.command !== 'selfTest' },
      onOk: () => sendNow(values),
    });
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
      {command && (
        <Typography.Paragraph type="secondary" data-testid="command-help">
          {t(`device.commandHelp.${command}`)}
        </Typography.Paragraph>
      )}
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
