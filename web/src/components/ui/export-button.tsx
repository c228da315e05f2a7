import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { downloadExport, formatFileSize } from '@/lib/format';
import type { BlobDownload, DownloadProgress } from '@/lib/request';

interface ExportButtonProps {
  /** Runs the export call with the list's current filters, reporting the bytes received. */
  onExport: (onProgress: DownloadProgress) => Promise<BlobDownload>;
  /** The file name when the server sends none. */
  fallbackName: string;
}

/** The label of a running export: a percentage when the size is known, else the bytes so far. */
export function progressText(loaded: number, total: number | undefined): string {
  if (total && total > 0) return `${Math.min(100, Math.floor((loaded / total) * 100))}%`;
  return loaded > 0 ? formatFileSize(loaded) : '';
}

/**
 * The export button of a list page: busy (with the download's progress) while the file is made
 * and received, then saved as <name>_YYYYMMDDHHmmss.xlsx.
 */
export function ExportButton({ onExport, fallbackName }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<{ loaded: number; total?: number } | null>(null);

  const run = async () => {
    setProgress({ loaded: 0 });
    try {
      const file = await onExport((loaded, total) => setProgress({ loaded, total }));
      const name = downloadExport(file.blob, file.contentDisposition, fallbackName);
      void message.success(t('common.exported', { name }));
    } catch {
      // the request layer showed it
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const detail = busy ? progressText(progress.loaded, progress.total) : '';
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} aria-busy={busy}>
      {busy ? (detail ? t('common.exportingProgress', { progress: detail }) : t('common.exporting')) : t('common.export')}
    </Button>
  );
}
