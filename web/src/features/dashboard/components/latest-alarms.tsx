import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { deviceDetailPath } from '@/config/paths';
import { usePermission } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';
import { AckAlarmButton, OpenDeviceLink, useCanAckAlarm } from '@/shared/alarms/alarm-actions';
import type { HomeAlarm } from '@/types/api';

import { alarmLabelKey, alarmValueText } from '../lib/figures';

const KIND_TAG: Record<string, string> = {
  gasHigh: 'red',
  gasLow: 'orange',
  offline: 'default',
  fault: 'magenta',
  lowBattery: 'gold',
  unknown: 'default',
};

/**
 * The newest alarms, each naming its device with a link to the device's detail page, with Acknowledge
 * (while not acknowledged, for those who may) and Open.
 */
export function LatestAlarms({ alarms }: { alarms: HomeAlarm[] }) {
  const { t } = useTranslation();
  const canAck = useCanAckAlarm();
  const canOpenDevice = usePermission('DeviceManagement');
  return (
    <Card size="small" title={t('home.latest.title')}>
      <section aria-label={t('home.latest.title')}>
        {alarms.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.latest.empty')} />
        ) : (
          <List
            size="small"
            dataSource={alarms}
            rowKey="id"
            renderItem={(alarm) => {
              const label = alarmLabelKey(alarm.kind, alarm.level);
              const value = alarmValueText(alarm);
              const active = alarm.status === 'active';
              const handled = alarm.handledAt !== null && alarm.handledAt !== undefined;
              return (
                <List.Item className="home-alarm" data-alarm-id={alarm.id}>
                  <div style={{ minWidth: 0, width: '100%' }}>
                    <Space wrap size={[8, 4]}>
                      <Link to={deviceDetailPath(alarm.deviceId)}>{alarm.deviceName || alarm.imei}</Link>
                      <Typography.Text type="secondary" className="home-alarm-imei">
                        {alarm.imei}
                      </Typography.Text>
                    </Space>
                    <Space wrap size={[8, 4]} style={{ marginTop: 4 }}>
                      <Tag color={KIND_TAG[label]}>{t(`home.kind.${label}`)}</Tag>
                      {value && <span>{value}</span>}
                      <Tag color={active ? 'error' : 'default'}>{active ? t('home.latest.active') : t('home.latest.ended')}</Tag>
                      <Tag color={handled ? 'success' : alarm.ackAt ? 'processing' : 'warning'}>
                        {handled ? t('home.latest.handled') : alarm.ackAt ? t('home.latest.acknowledged') : t('home.latest.unhandled')}
                      </Tag>
                      <Typography.Text type="secondary">{formatDateTime(alarm.startedAt)}</Typography.Text>
                    </Space>
                    {((canAck && !alarm.ackAt) || canOpenDevice) && (
                      <Space size={0} wrap className="home-alarm-actions" style={{ display: 'flex', marginTop: 4, marginInlineStart: -7 }}>
                        {canAck && !alarm.ackAt && <AckAlarmButton alarm={alarm} />}
                        {canOpenDevice && <OpenDeviceLink deviceId={alarm.deviceId} name={alarm.deviceName || alarm.imei} />}
                      </Space>
                    )}
                  </div>
                </List.Item>
              );
            }}
          />
        )}
      </section>
    </Card>
  );
}
