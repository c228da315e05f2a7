import { Button, Card, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageSpinner } from '@/components/ui/page-spinner';
import { isApiError } from '@/lib/request';

import { useDevice } from '../../api/get-device';
import { useDeviceActivity } from '../../api/use-device-activity';
import { DeviceActions } from '../device-actions/device-actions';
import { LiveHeader } from '../live-header/live-header';
import { DeviceNotFound } from '../not-found/device-not-found';

import { DeviceDetailTabs } from './device-detail-tabs';

/** The path's id when it is a positive integer (anything else cannot name a device). */
export function parseDeviceId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The device does not exist or is another company's (404; 400 for an id the server cannot read). */
function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * One device: the live header (read again every DEVICE_POLL_MS while the page is visible), then its
 * chart, readings, alarms, parameters, calibrations and command queue. An unknown device, or one of
 * another company, is "not found".
 */
export function DeviceDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = parseDeviceId(params.id);
  const device = useDevice(id ?? 0, id !== null);
  useDeviceActivity(device.data);

  if (id === null || isGone(device.error)) return <DeviceNotFound />;
  if (device.isPending) return <PageSpinner />;
  if (!device.data) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('deviceDetail.loadFailed')}
          subTitle={device.error instanceof Error ? device.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void device.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LiveHeader device={device.data} stale={device.isError} actions={<DeviceActions device={device.data} />} />
      <DeviceDetailTabs device={device.data} />
    </Space>
  );
}
