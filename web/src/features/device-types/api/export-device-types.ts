import { requestBlob, type BlobDownload, type DownloadProgress } from '@/lib/request';

import type { DeviceTypeListQuery } from '../types';

/** GET /api/deviceClassify/export (DeviceTypeManagement:export): the list's filters and sort, as .xlsx. */
export function exportDeviceTypes(query: DeviceTypeListQuery, onProgress?: DownloadProgress): Promise<BlobDownload> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return requestBlob({ url: '/deviceClassify/export', method: 'GET', params: filters }, onProgress);
}
