import { Alert, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

import type { Device } from '@/types/api';

import { compareParams, formatParamValue, pendingCount, type ParamRow } from '../../lib/params';

const UNITS: Record<string, 'lel' | 'minutes' | 'seconds' | 'volts' | 'switch'> = {
  alertLow: 'lel',
  alertHigh: 'lel',
  zeroOffset: 'lel',
  reportInterval: 'minutes',
  heartbeatInterval: 'minutes',
  alarmDelaySeconds: 'seconds',
  sampleSeconds: 'seconds',
  lowBatteryVoltage: 'volts',
  buzzer: 'switch',
  led: 'switch',
};

/** Wanted against confirmed values, side by side; a row the device has not confirmed yet is marked pending. */
export function ParametersPanel({ device }: { device: Device }) {
  const { t } = useTranslation();
  const rows = compareParams(device.wanted, device.confirmed);
  const pending = pendingCount(rows);

  const show = (key: string, value: number | null) => {
    if (value === null) return t('common.empty');
    const text = formatParamValue(key, value);
    switch (UNITS[key]) {
      case 'lel':
        return `${text} %LEL`;
      case 'minutes':
        return `${text} ${t('deviceDetail.params.minutes')}`;
      case 'seconds':
        return `${text} ${t('deviceDetail.params.seconds')}`;
      case 'volts':
        return `${text} V`;
      case 'switch':
        return value ? t('deviceDetail.params.on') : t('deviceDetail.params.off');
      default:
        return text;
    }
  };

  const columns: TableColumnsType<ParamRow> = [
    {
      title: t('deviceDetail.params.parameter'),
      key: 'name',
      render: (_, row) => {
        const known = t(`deviceDetail.params.names.${row.key}`, { defaultValue: '' });
        return known || row.key;
      },
    },
    { title: t('deviceDetail.params.wanted'), key: 'wanted', render: (_, row) => show(row.key, row.wanted) },
    { title: t('deviceDetail.params.confirmed'), key: 'confirmed', render: (_, row) => show(row.key, row.confirmed) },
    {
      title: t('deviceDetail.params.state'),
      key: 'state',
      width: 110,
      render: (_, row) =>
        row.pending ? <Tag color="processing">{t('deviceDetail.params.pending')}</Tag> : <Tag color="success">{t('deviceDetail.params.synced')}</Tag>,
    },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type={pending > 0 ? 'info' : 'success'}
        showIcon
        title={pending > 0 ? t('deviceDetail.params.pendingSummary', { count: pending }) : t('deviceDetail.params.allConfirmed')}
      />
      <Table<ParamRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 520 }}
        rowClassName={(row) => (row.pending ? 'param-pending' : '')}
      />
    </Space>
  );
}
