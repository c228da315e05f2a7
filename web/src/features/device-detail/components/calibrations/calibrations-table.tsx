import { Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateTime, formatMethane } from '@/lib/format';

import { useCalibrations } from '../../api/get-calibrations';
import type { Calibration } from '../../types';

/** The device's calibration reports, newest first. */
export function CalibrationsTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const empty = t('common.empty');
  const [pageState, setPageState] = useState({ page: 1, pageSize: 20 });
  const calibrations = useCalibrations({ deviceId, ...pageState });
  const lel = (v: number | null) => (v === null ? empty : `${formatMethane(v)} %LEL`);

  const columns: TableColumnsType<Calibration> = [
    { title: t('deviceDetail.calibrations.ts'), dataIndex: 'ts', key: 'ts', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: t('deviceDetail.calibrations.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 110,
      render: (v: string) => t(`deviceDetail.calibrations.kinds.${v}`, { defaultValue: v }),
    },
    { title: t('deviceDetail.calibrations.gas'), dataIndex: 'gas', key: 'gas', width: 110, render: lel },
    { title: t('deviceDetail.calibrations.before'), dataIndex: 'before', key: 'before', width: 110, render: lel },
    { title: t('deviceDetail.calibrations.after'), dataIndex: 'after', key: 'after', width: 110, render: lel },
    {
      title: t('deviceDetail.calibrations.result'),
      dataIndex: 'result',
      key: 'result',
      width: 90,
      render: (v: string) => (
        <Tag color={v === 'ok' ? 'success' : v === 'fail' ? 'error' : 'default'}>
          {t(`deviceDetail.calibrations.results.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('deviceDetail.calibrations.receivedAt'),
      dataIndex: 'receivedAt',
      key: 'receivedAt',
      width: 170,
      render: (v: number) => formatDateTime(v),
    },
  ];

  return (
    <Table<Calibration>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={calibrations.data?.list ?? []}
      loading={calibrations.isFetching && !calibrations.data}
      scroll={{ x: 870 }}
      pagination={{
        current: pageState.page,
        pageSize: pageState.pageSize,
        total: calibrations.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: ['10', '20', '50', '100'],
        showTotal: (count) => t('common.total', { total: count }),
        onChange: (page, pageSize) => setPageState((s) => ({ page: pageSize !== s.pageSize ? 1 : page, pageSize })),
      }}
    />
  );
}
