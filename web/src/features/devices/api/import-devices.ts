import { request } from '@/lib/request';

import type { ImportResult } from '../types';

export type ImportMode = 'create' | 'upsert';

/** Percent of the upload sent so far (0–100). */
export type UploadProgress = (percent: number) => void;

/** The upload's progress in percent, from axios' progress event. */
export function uploadPercent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/**
 * POST /api/device/import (DeviceManagement:import), multipart: the whole file is checked first; a 422
 * lists every bad row (ApiError.errors: {row, field, msg}) and nothing is written. Silent: the dialog
 * shows the answer itself.
 */
export function importDevices(file: File, mode: ImportMode, onProgress?: UploadProgress): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  form.append('mode', mode);
  return postImport('/device/import', form, onProgress);
}

/** POSTs an import's multipart form, silently (the dialog shows the answer), reporting the upload's progress. */
export function postImport(url: string, form: FormData, onProgress?: UploadProgress): Promise<ImportResult> {
  return request<ImportResult>({
    url,
    method: 'POST',
    data: form,
    silent: true,
    onUploadProgress: onProgress ? (event) => onProgress(uploadPercent(event.loaded, event.total)) : undefined,
  });
}
