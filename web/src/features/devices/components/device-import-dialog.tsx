import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Progress, Radio, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { filenameFromContentDisposition, saveBlob, withTimestampSuffix } from '@/lib/format';
import { invalidateEntity } from '@/lib/query-keys';
import { isApiError } from '@/lib/request';
import type { ApiFieldError } from '@/types/api';

import { getImportTemplate, type ImportKind } from '../api/get-import-template';
import { importDeviceParams } from '../api/import-device-params';
import { importDevices, type ImportMode } from '../api/import-devices';
import type { ImportedSecret, ImportResult } from '../types';

import { secretsCsv } from './device-rules';
import { CopySecretButton } from './secret-dialog';

type Outcome =
  | { kind: 'done'; result: ImportResult }
  | { kind: 'refused'; errors: ApiFieldError[] };

interface DeviceImportDialogProps {
  /** Which import: devices (with the mode) or parameters; null closes the dialog. */
  kind: ImportKind | null;
  onClose: () => void;
}

const TEMPLATE_FALLBACK: Record<ImportKind, string> = {
  devices: 'device-import.xlsx',
  params: 'device-param-import.xlsx',
};

/** Whether a file looks like an .xlsx workbook (by name; the server reads the bytes). */
export function isXlsxName(name: string): boolean {
  return /\.xlsx$/i.test(name);
}

/** The bad rows of a refused import, by row then column. */
export function sortedRowErrors(errors: readonly ApiFieldError[]): ApiFieldError[] {
  return [...errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.field ?? '').localeCompare(b.field ?? ''));
}

function SecretsOfImport({ secrets }: { secrets: ImportedSecret[] }) {
  const { t } = useTranslation();
  const all = secrets.map((s) => `${s.imei},${s.secret}`).join('\n');
  return (
    <>
      <Alert type="warning" showIcon title={t('device.secretOnce')} style={{ margin: '12px 0' }} />
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>{t('device.secretsTitle')}</Typography.Text>
        <CopySecretButton text={all} label={t('device.copyAll')} />
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() =>
            saveBlob(new Blob([secretsCsv(secrets)], { type: 'text/csv;charset=utf-8' }), withTimestampSuffix('device-secrets.csv'))
          }
        >
          {t('device.downloadCsv')}
        </Button>
      </Space>
      <Table<ImportedSecret>
        rowKey="imei"
        size="small"
        pagination={secrets.length > 10 ? { pageSize: 10 } : false}
        dataSource={secrets}
        aria-label={t('device.secretsTitle')}
        columns={[
          { title: t('device.imei'), dataIndex: 'imei', key: 'imei', width: 160 },
          {
            title: t('device.secret'),
            dataIndex: 'secret',
            key: 'secret',
            render: (secret: string) => (
              <Space size={4} wrap>
                <Typography.Text code className="device-secret-value">
                  {secret}
                </Typography.Text>
                <CopySecretButton text={secret} />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/**
 * Import devices (mode create or upsert) or parameters from an .xlsx: the template link, a file
 * picker, the upload's progress, then the result: counts and the created devices' secrets (shown
 * once, copyable, downloadable as CSV), or every bad row of a refused file (nothing was written).
 */
export function DeviceImportDialog({ kind, onClose }: DeviceImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<ImportMode>('create');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const open = kind !== null;
  const uploading = percent !== null && outcome === null && failure === null;

  const restart = () => {
    setFiles([]);
    setFileError(null);
    setFailure(null);
    setPercent(null);
    setOutcome(null);
  };

  useEffect(() => {
    if (open) {
      restart();
      setMode('create');
    }
  }, [open]);

  const downloadTemplate = async () => {
    if (!kind) return;
    setTemplateBusy(true);
    try {
      const file = await getImportTemplate(kind);
      saveBlob(file.blob, filenameFromContentDisposition(file.contentDisposition) ?? TEMPLATE_FALLBACK[kind]);
    } catch {
      // the request layer showed it
    } finally {
      setTemplateBusy(false);
    }
  };

  const upload = async () => {
    const file = files[0]?.originFileObj;
    if (!kind) return;
    if (!file) {
      setFileError(t('device.fileRequired'));
      return;
    }
    setFailure(null);
    setPercent(0);
    try {
      const result = kind === 'devices' ? await importDevices(file, mode, setPercent) : await importDeviceParams(file, setPercent);
      setPercent(100);
      setOutcome({ kind: 'done', result });
      void message.success(
        kind === 'devices'
          ? t('device.importDone', { created: result.created, updated: result.updated })
          : t('device.paramImportDone', { updated: result.updated }),
      );
      await invalidateEntity(queryClient, 'device');
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors.some((e) => typeof e.row === 'number')) {
        setOutcome({ kind: 'refused', errors: sortedRowErrors(error.errors) });
      } else if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        onClose(); // the session ended: the request layer said so
      } else {
        setPercent(null);
        setFailure(t('device.importError', { msg: error instanceof Error ? error.message : String(error) }));
      }
    }
  };

  const title = kind === 'params' ? t('device.paramImportTitle') : t('device.importTitle');
  const columnName = (field: string | undefined) =>
    field ? t(`device.columns.${field}`, { defaultValue: field }) : t('common.empty');

  let body;
  if (outcome?.kind === 'done') {
    const { result } = outcome;
    body = (
      <>
        <Alert
          type="success"
          showIcon
          role="status"
          title={
            kind === 'devices'
              ? t('device.importDone', { created: result.created, updated: result.updated })
              : t('device.paramImportDone', { updated: result.updated })
          }
        />
        {result.secrets && result.secrets.length > 0 && <SecretsOfImport secrets={result.secrets} />}
      </>
    );
  } else if (outcome?.kind === 'refused') {
    body = (
      <>
        <Alert type="error" showIcon role="alert" title={t('device.importFailed', { count: outcome.errors.length })} style={{ marginBottom: 12 }} />
        <Table<ApiFieldError>
          rowKey={(e) => `${e.row}-${e.field}-${e.msg}`}
          size="small"
          aria-label={t('device.resultTitle')}
          pagination={outcome.errors.length > 10 ? { pageSize: 10 } : false}
          dataSource={outcome.errors}
          columns={[
            { title: t('device.row'), dataIndex: 'row', key: 'row', width: 80 },
            { title: t('device.field'), dataIndex: 'field', key: 'field', width: 140, render: (f: string | undefined) => columnName(f) },
            { title: t('device.message'), dataIndex: 'msg', key: 'msg' },
          ]}
        />
      </>
    );
  } else {
    body = (
      <Form layout="vertical" disabled={uploading}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={kind === 'params' ? t('device.paramTemplateHint') : t('device.templateHint')}
          action={
            <Button type="link" size="small" icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void downloadTemplate()}>
              {t('device.template')}
            </Button>
          }
        />
        {kind === 'devices' && (
          <Form.Item label={t('device.mode')}>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value as ImportMode)}
              options={[
                { value: 'create', label: t('device.modeCreate') },
                { value: 'upsert', label: t('device.modeUpsert') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            fileList={files}
            beforeUpload={(file) => {
              if (!isXlsxName(file.name)) {
                setFileError(t('device.fileType'));
                return Upload.LIST_IGNORE;
              }
              setFileError(null);
              setFailure(null);
              setFiles([{ uid: file.uid, name: file.name, size: file.size, originFileObj: file, status: 'done' }]);
              return false;
            }}
            onRemove={() => setFiles([])}
          >
            <Button icon={<UploadOutlined />}>{t('device.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        {percent !== null && (
          <Progress percent={percent} status={uploading ? 'active' : undefined} aria-label={t('device.uploading')} />
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Form>
    );
  }

  const footer = outcome ? (
    <Space>
      <Button onClick={restart}>{t('device.importAgain')}</Button>
      <Button type="primary" onClick={onClose}>
        {t('common.close')}
      </Button>
    </Space>
  ) : (
    <Space>
      <Button onClick={onClose} disabled={uploading}>
        {t('common.cancel')}
      </Button>
      <Button type="primary" icon={<UploadOutlined />} loading={uploading} onClick={() => void upload()}>
        {uploading ? t('device.uploading') : t('device.upload')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open={open}
      title={outcome ? `${title} · ${t('device.resultTitle')}` : title}
      onCancel={uploading ? undefined : onClose}
      closable={!uploading}
      footer={footer}
      mask={{ closable: false }}
      destroyOnHidden
      width={680}
    >
      {body}
    </Modal>
  );
}
