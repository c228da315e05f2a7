import { request } from '@/lib/request';

import type { UploadedImage } from '../types';

/** The largest image the server takes (5 MiB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The types the server accepts (it sniffs the bytes; the browser's type is only a first check). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/**
 * POST /api/upload/image (DeviceTypeManagement:create or :update): multipart field `file` → `{id, url}`;
 * `url` (/api/files/{id}) is served without a token, so an <img> shows it. Silent: the editor shows a
 * refusal (413 too large, 422 not an image) next to its toolbar.
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  const data = new FormData();
  data.append('file', file);
  return request<UploadedImage>({ url: '/upload/image', method: 'POST', data, silent: true });
}
