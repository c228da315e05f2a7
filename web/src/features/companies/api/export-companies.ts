import { requestBlob, type BlobDownload, type DownloadProgress } from '@/lib/request';
import type { CompanyListQuery } from '@/types/api';

/** GET /api/company/export (CompanyManagement:export): the list's filters and sort, as .xlsx. */
export function exportCompanies(query: CompanyListQuery, onProgress?: DownloadProgress): Promise<BlobDownload> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return requestBlob({ url: '/company/export', method: 'GET', params: filters }, onProgress);
}
