import { requestBlob, type BlobDownload, type DownloadProgress } from '@/lib/request';

import type { ReadingsQuery } from './get-readings';

/** GET /api/deviceDataLog/export (DeviceManagement:export): the list's filters as .xlsx. */
export function exportReadings(query: Omit<ReadingsQuery, 'page' | 'pageSize'>, onProgress?: DownloadProgress): Promise<BlobDownload> {
  return requestBlob(
    { url: '/deviceDataLog/export', method: 'GET', params: { deviceId: query.deviceId, ts: query.ts, sort: '-ts' } },
    onProgress,
  );
}
