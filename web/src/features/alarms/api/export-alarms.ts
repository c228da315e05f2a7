import { requestBlob, type BlobDownload, type DownloadProgress } from '@/lib/request';

import type { AlarmListQuery } from '../types';

/** GET /api/alarmLog/export (AlarmManagement:export): the list's filters and sort, as .xlsx. */
export function exportAlarms(query: AlarmListQuery, onProgress?: DownloadProgress): Promise<BlobDownload> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return requestBlob({ url: '/alarmLog/export', method: 'GET', params: filters }, onProgress);
}
