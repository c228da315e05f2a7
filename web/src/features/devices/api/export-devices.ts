import { requestBlob, type BlobDownload, type DownloadProgress } from '@/lib/request';

import type { DeviceListQuery } from '../types';

/** GET /api/device/export (DeviceManagement:export): the list's filters and sort, as .xlsx (never the secret). */
export function exportDevices(query: DeviceListQuery, onProgress?: DownloadProgress): Promise<BlobDownload> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return requestBlob({ url: '/device/export', method: 'GET', params: filters }, onProgress);
}
