import { requestBlob, type BlobDownload, type DownloadProgress } from '@/lib/request';

import type { SmsRecordListQuery } from '../types';

/** GET /api/smsSendLog/export (SmsSendRecordManagement:export): the list's filters and sort, as .xlsx. */
export function exportSmsRecords(query: SmsRecordListQuery, onProgress?: DownloadProgress): Promise<BlobDownload> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return requestBlob({ url: '/smsSendLog/export', method: 'GET', params: filters }, onProgress);
}
