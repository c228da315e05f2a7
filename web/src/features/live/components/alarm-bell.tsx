import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, List, Popover, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { usePermission } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';
import { AckAlarmButton, OpenDeviceLink, useCanAckAlarm } from '@/shared/alarms/alarm-actions';
import { alarmStateOf, formatAlarmValue } from '@/shared/alarms/alarm-format';
import { AlarmStateTag } from '@/shared/alarms/alarm-state-tag';

import { useNewAlarms } from '../api/get-new-alarms';
import { useBell } from '../lib/bell-store';

/**
 * The top bar's bell, for holders of AlarmManagement: a badge with the number of alarms not yet
 * acknowledged (read again on every live alarm event and every acknowledgement) and, on a click, the most
 * severe of them, each with Acknowledge (AlarmManagement:handle) and Open (DeviceManagement), and a link
 * to the Alarm Center. On a phone the list opens as a full-screen panel (a popover would not fit).
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const allowed = usePermission('AlarmManagement');
  const canAck = useCanAckAlarm();
  const canOpenDevice = usePermission('DeviceManagement');
  const open = useBell((s) => s.open);
  const setOpen = useBell((s) => s.setOpen);
  const alarms = useNewAlarms(allowed);
  const narrow = useAppStore((s) => s.device === 'mobile');
  if (!allowed) return null;
  const list = alarms.data?.list ?? [];
  const total = alarms.data?.total ?? 0;
  const close = () => setOpen(false);

  const content = (
    <section className="alarm-bell-list" aria-label={t('live.bell.title')} style={narrow ? undefined : { width: 360 }}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.bell.empty')} />
      ) : (
        <List
          size="small"
          dataSource={list}
          rowKey="id"
          style={narrow ? undefined : { maxHeight: 'min(420px, 60vh)', overflowY: 'auto' }}
          renderItem={(a) => {
            const name = a.deviceName || a.imei || `#${a.deviceId}`;
            const value = formatAlarmValue(a.kind, a.value);
            return (
              <List.Item className="alarm-bell-item" data-alarm-id={a.id} style={{ paddingInline: 0 }}>
                <div style={{ minWidth: 0, width: '100%' }}>
                  <Space size={[6, 2]} wrap>
                    <AlarmStateTag state={alarmStateOf(a)} />
                    <Typography.Text strong>{name}</Typography.Text>
                  </Space>
                  <div className="secondary-text">
                    {[a.imei, value, formatDateTime(a.startedAt)].filter(Boolean).join(' · ')}
                  </div>
                  <Space size={0} wrap style={{ marginInlineStart: -7 }}>
                    {canAck && <AckAlarmButton alarm={a} />}
                    {canOpenDevice && <OpenDeviceLink deviceId={a.deviceId} name={name} onOpen={close} />}
                  </Space>
                </div>
              </List.Item>
            );
          }}
        />
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'center', marginTop: 8 }}>
        <Typography.Text type="secondary">
          {total > list.length ? t('live.bell.shown', { shown: list.length, total }) : null}
        </Typography.Text>
        <Link to={paths.alarms} onClick={close}>
          {t('live.bell.all')}
        </Link>
      </div>
    </section>
  );

  const label = total > 0 ? t('live.bell.labelCount', { count: total }) : t('live.bell.label');
  const icon = (
    <Badge count={total} overflowCount={99} size="small" data-testid="alarm-bell-count">
      <BellOutlined style={{ fontSize: 16 }} />
    </Badge>
  );

  if (narrow) {
    return (
      <>
        <Button
          type="text"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="alarm-bell"
          icon={icon}
          onClick={() => setOpen(!open)}
        />
        <Drawer open={open} onClose={close} placement="right" size="100%" title={t('live.bell.title')} destroyOnHidden>
          {content}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('live.bell.title')}
      content={content}
      destroyOnHidden
    >
      <Button type="text" aria-label={label} aria-haspopup="dialog" aria-expanded={open} data-testid="alarm-bell" icon={icon} />
    </Popover>
  );
}
