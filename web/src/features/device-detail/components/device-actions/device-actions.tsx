import { EditOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Permission } from '@/lib/authorization';
import { DeviceCommandDialog } from '@/shared/devices/components/device-command-dialog';
import { DeviceFormDialog } from '@/shared/devices/components/device-form-dialog';
import { DeviceParamsDialog } from '@/shared/devices/components/device-params-dialog';
import type { Device } from '@/types/api';

type Open = 'edit' | 'command' | 'params' | null;

/**
 * Edit, Send command and Parameters for the device shown, behind the codes the device list uses. The
 * dialogs' calls refresh every query of the device (invalidateEntity 'device'), so the page follows.
 */
export function DeviceActions({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <>
      <Space wrap size={8}>
        <Permission code="DeviceManagement:update">
          <Button icon={<EditOutlined />} onClick={() => setOpen('edit')}>
            {t('common.edit')}
          </Button>
        </Permission>
        <Permission code="DeviceManagement:command">
          <Button icon={<SendOutlined />} onClick={() => setOpen('command')}>
            {t('deviceDetail.actions.command')}
          </Button>
        </Permission>
        <Permission code="DeviceManagement:param">
          <Button icon={<SettingOutlined />} onClick={() => setOpen('params')}>
            {t('deviceDetail.actions.params')}
          </Button>
        </Permission>
      </Space>
      {/* an edit never creates: no secret to show */}
      <DeviceFormDialog open={open === 'edit'} device={device} onClose={close} onCreated={() => undefined} />
      <DeviceCommandDialog device={open === 'command' ? device : null} onClose={close} />
      <DeviceParamsDialog devices={open === 'params' ? [device] : []} onClose={close} />
    </>
  );
}
