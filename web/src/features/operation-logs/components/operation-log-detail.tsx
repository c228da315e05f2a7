import { Descriptions, Drawer, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';

import { useOperationLog } from '../api/get-operation-log';
import { useActionLabel, useModuleLabel } from '../api/use-module-options';

import { prettyBody, statusColor } from './format-body';

interface OperationLogDetailProps {
  id: number | null;
  onClose: () => void;
}

/** One operation record, its (redacted) request body pretty-printed. */
export function OperationLogDetail({ id, onClose }: OperationLogDetailProps) {
  const { t } = useTranslation();
  const record = useOperationLog(id);
  const log = record.data;
  const body = log ? prettyBody(log.body) : '';
  const dash = t('common.empty');
  const moduleLabel = useModuleLabel();
  const actionLabel = useActionLabel();

  return (
    <Drawer open={id !== null} onClose={onClose} title={t('operationLogs.detailTitle')} size={640} destroyOnHidden>
      {record.isFetching && !log ? (
        <Spin />
      ) : log ? (
        <>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }}>
            <Descriptions.Item label={t('operationLogs.id')}>{log.id}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.createdAt')}>{formatDateTime(log.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.account')}>{log.account || dash}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.module')}>{moduleLabel(log.module) || dash}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.action')}>{actionLabel(log.action) || dash}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.method')}>{log.method}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.path')}>
              <Typography.Text code>{log.path}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.status')}>
              <Tag color={statusColor(log.status)}>{log.status}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.targetId')}>{log.targetId || dash}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.duration')}>
              {t('operationLogs.durationValue', { ms: log.durationMs })}
            </Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.ip')}>{log.ip || dash}</Descriptions.Item>
            <Descriptions.Item label={t('operationLogs.userAgent')}>{log.userAgent || dash}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('operationLogs.body')}
          </Typography.Title>
          {body ? (
            <pre className="json-body" aria-label={t('operationLogs.body')}>
              {body}
            </pre>
          ) : (
            <Typography.Text type="secondary">{t('operationLogs.noBody')}</Typography.Text>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
