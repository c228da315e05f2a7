import { MessageOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { smsRecordsPath } from '@/config/paths';
import { Permission, usePermission } from '@/lib/authorization';
import { formatDateTime } from '@/lib/format';
import { useAckAlarm } from '@/shared/alarms/api/ack-alarm';
import { StepBy } from '@/shared/alarms/step-by';
import type { PermissionCode } from '@/types/api';

import { useAlarms } from '../../api/get-alarms';
import { alarmDuration, formatDuration } from '../../lib/duration';
import { useNow } from '../../lib/use-now';
import type { AlarmRecord } from '../../types';

import { formatAlarmValue } from './alarm-format';
import { HandleAlarmDialog } from './handle-alarm-dialog';

const KIND_COLORS: Record<string, string> = { gas: 'red', fault: 'magenta', lowBattery: 'gold', offline: 'default' };

function AckButton({ alarm }: { alarm: AlarmRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ack = useAckAlarm({ onSuccess: () => void message.success(t('deviceDetail.alarms.ackDone')) });
  return (
    <Popconfirm
      title={t('deviceDetail.alarms.ackTitle')}
      description={t('deviceDetail.alarms.ackConfirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={() => ack.mutateAsync(alarm).catch(() => undefined)}
    >
      <Button type="link" size="small" loading={ack.isPending} aria-label={`${t('deviceDetail.alarms.acknowledge')} #${alarm.id}`}>
        {t('deviceDetail.alarms.acknowledge')}
      </Button>
    </Popconfirm>
  );
}

/** The code of the SMS Notification Records page (its menu's role in config/routes.ts). */
const SMS_RECORDS_CODE: PermissionCode = 'SmsSendRecordManagement';

interface AlarmsTableProps {
  deviceId: number;
  /** The device's name, in the accessible name of the link to its SMS records. */
  deviceName: string;
}

/**
 * The device's alarms, newest first; acknowledge and handle for holders of DeviceManagement:handleAlarm;
 * links to the SMS records of the device and of each alarm for holders of SmsSendRecordManagement.
 */
export function AlarmsTable({ deviceId, deviceName }: AlarmsTableProps) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const now = useNow(10_000);
  const canHandle = usePermission('DeviceManagement:handleAlarm');
  const canSeeSms = usePermission(SMS_RECORDS_CODE);
  const [pageState, setPageState] = useState({ page: 1, pageSize: 20 });
  const [handling, setHandling] = useState<AlarmRecord | null>(null);
  const alarms = useAlarms({ deviceId, ...pageState });
  const units = {
    day: t('deviceDetail.units.day'),
    hour: t('deviceDetail.units.hour'),
    minute: t('deviceDetail.units.minute'),
    second: t('deviceDetail.units.second'),
  };

  const actionsWidth = canHandle && canSeeSms ? 190 : canHandle ? 110 : 100;
  const columns: TableColumnsType<AlarmRecord> = [
    {
      title: t('deviceDetail.alarms.kind'),
      key: 'kind',
      width: 130,
      render: (_, a) => (
        <Space size={4} wrap>
          <Tag color={KIND_COLORS[a.kind] ?? 'default'}>{t(`deviceDetail.alarms.kinds.${a.kind}`, { defaultValue: a.kind })}</Tag>
          {a.kind === 'gas' && a.level && (
            <Tag color={a.level === 'high' ? 'red' : 'orange'}>{t(`deviceDetail.alarms.levels.${a.level}`, { defaultValue: a.level })}</Tag>
          )}
        </Space>
      ),
    },
    { title: t('deviceDetail.alarms.value'), key: 'value', width: 110, render: (_, a) => formatAlarmValue(a.kind, a.value) || empty },
    { title: t('deviceDetail.alarms.peak'), key: 'peak', width: 110, render: (_, a) => formatAlarmValue(a.kind, a.peak) || empty },
    { title: t('deviceDetail.alarms.startedAt'), key: 'startedAt', width: 170, render: (_, a) => formatDateTime(a.startedAt) },
    {
      title: t('deviceDetail.alarms.endedAt'),
      key: 'endedAt',
      width: 170,
      render: (_, a) => (a.endedAt === null ? t('deviceDetail.alarms.ongoing') : formatDateTime(a.endedAt)),
    },
    {
      title: t('deviceDetail.alarms.duration'),
      key: 'duration',
      width: 120,
      render: (_, a) => formatDuration(alarmDuration(a, Math.max(now, Date.now())), units) || empty,
    },
    {
      title: t('deviceDetail.alarms.status'),
      key: 'status',
      width: 90,
      render: (_, a) => (
        <Tag color={a.status === 'active' ? 'red' : 'default'}>{t(`deviceDetail.alarms.statuses.${a.status}`, { defaultValue: a.status })}</Tag>
      ),
    },
    {
      title: t('deviceDetail.alarms.acknowledged'),
      key: 'ack',
      width: 170,
      render: (_, a) => <StepBy account={a.ackAccount} at={a.ackAt} />,
    },
    {
      title: t('deviceDetail.alarms.handled'),
      key: 'handled',
      width: 170,
      render: (_, a) => <StepBy account={a.handledAccount} at={a.handledAt} />,
    },
    {
      title: t('deviceDetail.alarms.note'),
      key: 'note',
      width: 200,
      ellipsis: { showTitle: false },
      render: (_, a) =>
        a.handleNote ? (
          <Tooltip title={a.handleNote} placement="topLeft">
            <span>{a.handleNote}</span>
          </Tooltip>
        ) : (
          empty
        ),
    },
    ...(canHandle || canSeeSms
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: actionsWidth,
            fixed: 'right' as const,
            render: (_: unknown, a: AlarmRecord) => {
              const handleAction = !canHandle ? null : a.ackAt === null ? (
                <AckButton alarm={a} />
              ) : a.handledAt === null ? (
                <Button type="link" size="small" onClick={() => setHandling(a)} aria-label={`${t('deviceDetail.alarms.handle')} #${a.id}`}>
                  {t('deviceDetail.alarms.handle')}
                </Button>
              ) : null;
              if (!handleAction && !canSeeSms) return empty;
              return (
                <Space size={0} wrap>
                  {handleAction}
                  {canSeeSms && (
                    <Link
                      to={smsRecordsPath({ alarmId: a.id })}
                      aria-label={t('deviceDetail.alarms.alarmSmsRecords', { id: a.id })}
                      style={{ padding: '0 7px' }}
                    >
                      {t('deviceDetail.alarms.smsRecords')}
                    </Link>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <>
      <Permission code={SMS_RECORDS_CODE}>
        <div className="table-page-toolbar">
          <Link to={smsRecordsPath({ deviceId })} aria-label={t('deviceDetail.alarms.deviceSmsRecords', { name: deviceName })}>
            <MessageOutlined /> {t('deviceDetail.alarms.allSmsRecords')}
          </Link>
        </div>
      </Permission>
      <Table<AlarmRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={alarms.data?.list ?? []}
        loading={alarms.isFetching && !alarms.data}
        scroll={{ x: 1450 + (canHandle || canSeeSms ? actionsWidth : 0) }}
        pagination={{
          current: pageState.page,
          pageSize: pageState.pageSize,
          total: alarms.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '50', '100'],
          showTotal: (count) => t('common.total', { total: count }),
          onChange: (page, pageSize) => setPageState((s) => ({ page: pageSize !== s.pageSize ? 1 : page, pageSize })),
        }}
      />
      <HandleAlarmDialog alarm={handling} onClose={() => setHandling(null)} />
    </>
  );
}
