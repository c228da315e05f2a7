import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { deviceDetailPath } from '@/config/paths';
import { usePermission } from '@/lib/authorization';
import type { HomeStatistic } from '@/types/api';

/** One device of the answer's topDevices. */
export type TopDevice = NonNullable<HomeStatistic['topDevices']>[number];

/**
 * The devices with the most alarms in the last 30 days (the server picks the five, most first): name,
 * IMEI and count. A name links to the device's detail page when the user may open it (DeviceManagement,
 * the detail route's permission); an empty or missing list shows an empty state.
 */
export function TopDevicesCard({ devices }: { devices: readonly TopDevice[] | null | undefined }) {
  const { t } = useTranslation();
  const canOpen = usePermission('DeviceManagement');
  const list = devices ?? [];
  const title = t('home.topDevices.title');
  return (
    <Card
      size="small"
      title={title}
      extra={<Typography.Text type="secondary">{t('home.topDevices.span')}</Typography.Text>}
    >
      <section aria-label={title}>
        {list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.topDevices.empty')} />
        ) : (
          <List
            size="small"
            dataSource={[...list]}
            rowKey="deviceId"
            renderItem={(device) => {
              const name = device.deviceName || device.imei;
              return (
                <List.Item className="home-top-device" data-device-id={device.deviceId}>
                  <div style={{ display: 'flex', width: '100%', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
                    <div style={{ minWidth: 0 }}>
                      <div>{canOpen ? <Link to={deviceDetailPath(device.deviceId)}>{name}</Link> : <span>{name}</span>}</div>
                      <Typography.Text type="secondary" className="home-top-device-imei">
                        {device.imei}
                      </Typography.Text>
                    </div>
                    <Typography.Text strong aria-label={`${t('home.topDevices.count')}: ${device.count}`} data-testid={`top-device-count-${device.deviceId}`}>
                      {device.count}
                    </Typography.Text>
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
