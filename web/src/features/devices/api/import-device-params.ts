import type { ImportResult } from '../types';

import { postImport, type UploadProgress } from './import-devices';

/**
 * POST /api/device/param/import (DeviceManagement:param), multipart: each row changes the parameters
 * it fills, queued as commands; all rows or none (a 422 lists every bad row).
 */
export function importDeviceParams(file: File, onProgress?: UploadProgress): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return postImport('/device/param/import', form, onProgress);
}
