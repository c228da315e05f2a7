import { Card, Descriptions, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMethane, formatVoltage, signalLabelKey } from '@/lib/format';
import { AlarmStateTag } from '@/shared/alarms/alarm-state-tag';
import type { Device } from '@/types/api';

import { DEVICE_POLL_MS } from '../../api/keys';

import { LastSeen } from './last-seen';
import { OnlineBadge } from './online-badge';

interface LiveHeaderProps {
  device: Device;
  /** The last poll failed: what is shown is the data of an earlier one. */
  stale?: boolean;
  /** Buttons acting on the device (edit, command, parameters), beside the live hint. */
  actions?: ReactNode;
}

/** The device's identity and its live state; the page reads it again every DEVICE_POLL_MS. */
export function LiveHeader({ device, stale = false, actions }: LiveHeaderProps) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const place = [device.regionName, device.address].filter(Boolean).join(' ');

  const items: DescriptionsProps['items'] = [
    { key: 'imei', label: t('deviceDetail.header.imei'), children: <Typography.Text copyable>{device.imei}</Typography.Text> },
    {
      key: 'type',
      label: t('deviceDetail.header.type'),
      children: device.typeModel
          ? t('deviceDetail.header.typeWithModel', { name: device.typeName, model: device.typeModel })
          : device.typeName || empty,
    },
    { key: 'company', label: t('deviceDetail.header.company'), children: device.companyName || empty },
    { key: 'address', label: t('deviceDetail.header.address'), children: place || empty },
    {
      key: 'methane',
      label: t('deviceDetail.header.methane'),
      children: (
        <span data-testid="device-methane">{device.ch4 === null ? empty : `${formatMethane(device.ch4)} %LEL`}</span>
      ),
    },
    {
      key: 'voltage',
      label: t('deviceDetail.header.voltage'),
      children: device.voltage === null ? empty : `${formatVoltage(device.voltage)} V`,
    },
    {
      key: 'signal',
      label: t('deviceDetail.header.signal'),
      children: device.signal === null
          ? empty
          : t('deviceDetail.header.valueWithLabel', { value: device.signal, label: t(signalLabelKey(device.signal)) }),
    },
    {
      key: 'temperature',
      label: t('deviceDetail.header.temperature'),
      children: device.temperature === null ? empty : `${device.temperature.toFixed(1)} °C`,
    },
    { key: 'lastSeen', label: t('deviceDetail.header.lastSeen'), children: <LastSeen ts={device.lastSeenAt} /> },
    { key: 'firmware', label: t('deviceDetail.header.firmware'), children: device.firmware || empty },
  ];

  return (
    <Card size="small" aria-label={t('deviceDetail.title')} role="region">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 12 }}>
        <Space wrap size={[8, 4]}>
          <Typography.Title level={4} style={{ margin: 0, wordBreak: 'break-all' }}>
            {device.name}
          </Typography.Title>
          <OnlineBadge online={device.online} />
          <AlarmStateTag state={device.alarmState} />
          {device.status === 0 && <Tag>{t('deviceDetail.header.disabled')}</Tag>}
        </Space>
        <Space wrap size={[12, 8]}>
          {stale ? (
            <Typography.Text type="warning" role="status">
              {t('deviceDetail.header.refreshFailed')}
            </Typography.Text>
          ) : (
            <span className="secondary-text">{t('deviceDetail.header.liveHint', { seconds: DEVICE_POLL_MS / 1000 })}</span>
          )}
          {actions}
        </Space>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={items} />
    </Card>
  );
}
