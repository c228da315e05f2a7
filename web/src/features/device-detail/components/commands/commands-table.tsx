import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';
import type { DeviceCommand } from '@/types/api';

import { useDeviceCommands } from '../../api/get-device-commands';

import { CommandStatusTag } from './command-status-tag';

/** "alertLow: 15, alertHigh: 35" from a command's params. */
export function formatCommandParams(params: DeviceCommand['params']): string {
  if (!params || typeof params !== 'object') return '';
  return Object.entries(params)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

function Times({ command }: { command: DeviceCommand }) {
  const { t } = useTranslation();
  const rows: [string, number | null][] = [
    ['createdAt', command.createdAt],
    ['sentAt', command.sentAt],
    ['ackedAt', command.ackedAt],
    ['finishedAt', command.finishedAt],
  ];
  if (command.status === 'pending' || command.status === 'sent') rows.push(['expiresAt', command.expiresAt]);
  return (
    <div>
      {rows
        .filter(([, at]) => at !== null)
        .map(([key, at]) => (
          <div key={key}>
            <span className="secondary-text">{t(`deviceDetail.commands.${key}`)}</span> {formatDateTime(at)}
          </div>
        ))}
    </div>
  );
}

/** The device's command queue, newest first, with each answer the device gave. */
export function CommandsTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const commands = useDeviceCommands(deviceId);

  const columns: TableColumnsType<DeviceCommand> = [
    {
      title: t('deviceDetail.commands.command'),
      key: 'command',
      width: 150,
      render: (_, c) => t(`deviceDetail.commands.names.${c.command}`, { defaultValue: c.command }),
    },
    {
      title: t('deviceDetail.commands.params'),
      key: 'params',
      width: 200,
      render: (_, c) => <code style={{ wordBreak: 'break-all' }}>{formatCommandParams(c.params) || empty}</code>,
    },
    { title: t('deviceDetail.commands.status'), key: 'status', width: 100, render: (_, c) => <CommandStatusTag status={c.status} /> },
    {
      title: t('deviceDetail.commands.requestedBy'),
      key: 'requestedBy',
      width: 110,
      render: (_, c) => c.requestedAccount || empty,
    },
    { title: t('deviceDetail.commands.attempts'), dataIndex: 'attempts', key: 'attempts', width: 90 },
    { title: t('deviceDetail.commands.times'), key: 'times', width: 220, render: (_, c) => <Times command={c} /> },
    {
      title: t('deviceDetail.commands.answer'),
      key: 'answer',
      width: 200,
      render: (_, c) =>
        c.resultCode === null && !c.resultMsg ? (
          empty
        ) : (
          <span>
            {c.resultCode !== null && <span className="secondary-text">{t('deviceDetail.commands.resultCode', { code: c.resultCode })} </span>}
            {c.resultMsg}
          </span>
        ),
    },
  ];

  return (
    <Table<DeviceCommand>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={commands.data ?? []}
      loading={commands.isFetching && !commands.data}
      scroll={{ x: 1070 }}
      locale={{ emptyText: t('deviceDetail.commands.empty') }}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (count) => t('common.total', { total: count }) }}
    />
  );
}
