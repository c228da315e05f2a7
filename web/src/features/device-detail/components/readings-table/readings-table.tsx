import { Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ExportButton } from '@/components/ui/export-button';
import { Permission } from '@/lib/authorization';
import { formatDateTime, formatMethane, formatVoltage, signalLabelKey } from '@/lib/format';

import { exportReadings } from '../../api/export-readings';
import { useReadings } from '../../api/get-readings';
import { rangeFilter, resolveRange, type RangeChoice } from '../../lib/time-range';
import type { Reading } from '../../types';
import { TimeRangePicker } from '../time-range-picker/time-range-picker';

/** The words a device sends as a reading's status that the console knows, and their tag colours. */
const KNOWN_STATUSES = { ok: 'success', fault: 'error' } as const;

/**
 * A reading's status: the known words translated in a coloured tag, any other word as the device sent
 * it (up to 32 characters), nothing as "—".
 */
export function ReadingStatus({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const word = status ?? '';
  if (!word.trim()) return <>{t('common.empty')}</>;
  if (Object.hasOwn(KNOWN_STATUSES, word)) {
    const known = word as keyof typeof KNOWN_STATUSES;
    return <Tag color={KNOWN_STATUSES[known]}>{t(`deviceDetail.readings.statuses.${known}`)}</Tag>;
  }
  return <span>{word}</span>;
}

/** The device's readings, newest first, paged, over an optional time range; export of the same filters. */
export function ReadingsTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const [range, setRange] = useState<RangeChoice>({ kind: 'all' });
  // A quick range is fixed when picked here: paging through a list that moves would skip rows.
  const [pageState, setPageState] = useState({ page: 1, pageSize: 20 });
  const ts = rangeFilter(resolveRange(range, Date.now()));
  const query = { deviceId, ...pageState, ts };
  const readings = useReadings(query);

  const columns: TableColumnsType<Reading> = [
    { title: t('deviceDetail.readings.ts'), dataIndex: 'ts', key: 'ts', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: t('deviceDetail.readings.ch4'),
      dataIndex: 'ch4',
      key: 'ch4',
      width: 120,
      render: (v: number) => `${formatMethane(v)} %LEL`,
    },
    {
      title: t('deviceDetail.readings.voltage'),
      dataIndex: 'voltage',
      key: 'voltage',
      width: 100,
      render: (v: number | null) => (v === null ? empty : `${formatVoltage(v)} V`),
    },
    {
      title: t('deviceDetail.readings.signal'),
      dataIndex: 'signal',
      key: 'signal',
      width: 200,
      render: (v: number | null) => (v === null ? empty : t('deviceDetail.header.valueWithLabel', { value: v, label: t(signalLabelKey(v)) })),
    },
    {
      title: t('deviceDetail.readings.temperature'),
      dataIndex: 'temperature',
      key: 'temperature',
      width: 100,
      render: (v: number | null) => (v === null ? empty : `${v.toFixed(1)} °C`),
    },
    {
      title: t('deviceDetail.readings.status'),
      dataIndex: 'status',
      key: 'status',
      width: 140,
      render: (v: string | null | undefined) => <ReadingStatus status={v} />,
    },
    {
      title: t('deviceDetail.readings.receivedAt'),
      dataIndex: 'receivedAt',
      key: 'receivedAt',
      width: 170,
      render: (v: number) => formatDateTime(v),
    },
  ];

  const total = readings.data?.total ?? 0;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div className="table-page-toolbar" style={{ justifyContent: 'space-between', marginBottom: 0 }}>
        <TimeRangePicker
          value={range}
          allowClear
          label={t('deviceDetail.readings.range')}
          onChange={(choice) => {
            // Pin a quick range to the moment it was picked.
            const bounds = resolveRange(choice, Date.now());
            setRange(
              choice.kind === 'preset' && bounds.from !== null && bounds.to !== null
                ? { kind: 'custom', from: bounds.from, to: bounds.to }
                : choice,
            );
            setPageState((s) => ({ ...s, page: 1 }));
          }}
        />
        <Permission code="DeviceManagement:export">
          <ExportButton
            fallbackName={t('deviceDetail.readings.fileName')}
            onExport={(onProgress) => exportReadings({ deviceId, ts }, onProgress)}
          />
        </Permission>
      </div>
      <Table<Reading>
        rowKey={(r) => `${r.deviceId}-${r.ts}`}
        size="small"
        columns={columns}
        dataSource={readings.data?.list ?? []}
        loading={readings.isFetching && !readings.data}
        scroll={{ x: 980 }}
        pagination={{
          current: pageState.page,
          pageSize: pageState.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '50', '100'],
          showTotal: (count) =>
            readings.data?.totalCapped ? t('deviceDetail.readings.totalCapped', { total: count }) : t('common.total', { total: count }),
          onChange: (page, pageSize) =>
            setPageState((s) => ({ page: pageSize !== s.pageSize ? 1 : page, pageSize })),
        }}
      />
    </Space>
  );
}
