import type { Answer, ApiFieldError, Item, Query } from '@/types/api';

/**
 * Payloads only the device list uses (docs/api.md "Devices" and "Imports"); the device, its parameters and
 * its queued commands are in src/types/api.ts, shared with the device detail view.
 */

export type DeviceListQuery = Query<'/api/device', 'get'>;

/** The answer of an import that was written (the created devices' secrets, shown once). */
export type ImportResult = Answer<'/api/device/import', 'post'>;
export type ImportedSecret = Item<ImportResult['secrets']>;

/** A bad row of a refused import (422): every row is listed, nothing was written. */
export type ImportRowError = ApiFieldError;
