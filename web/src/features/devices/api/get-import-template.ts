import { requestBlob, type BlobDownload } from '@/lib/request';

export type ImportKind = 'devices' | 'params';

const TEMPLATE_URL: Record<ImportKind, string> = {
  devices: '/device/import-template',
  params: '/device/param/import-template',
};

/** GET /api/device/import-template or /api/device/param/import-template: the .xlsx template, headers in the caller's language. */
export function getImportTemplate(kind: ImportKind): Promise<BlobDownload> {
  return requestBlob({ url: TEMPLATE_URL[kind], method: 'GET' });
}
