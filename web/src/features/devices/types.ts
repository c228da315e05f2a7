import type { Answer, ApiFieldError, Body, Item, ListItem, Query } from '@/types/api';

/**
 * Payloads only the device list uses (docs/api.md "Devices" and "Imports"); the device, its parameters and
 * its queued commands are in src/types/api.ts, shared with the device detail view.
 */

export type DeviceListQuery = Query<'/api/device', 'get'>;

/** POST /api/device, PUT /api/device/{id}. */
export type DeviceInput = Body<'/api/device', 'post'>;

/** A device type as the device forms and filters choose it (GET /api/deviceClassify). */
export type DeviceTypeOption = Pick<
  ListItem<'/api/deviceClassify'>,
  'id' | 'name' | 'model' | 'unit' | 'lowThreshold' | 'highThreshold' | 'reportInterval' | 'heartbeatInterval'
>;

export type DeviceCommandName = Body<'/api/device/sendCommand/{id}', 'post'>['command'];

/** The answer of an import that was written (the created devices' secrets, shown once). */
export type ImportResult = Answer<'/api/device/import', 'post'>;
export type ImportedSecret = Item<ImportResult['secrets']>;

/** A bad row of a refused import (422): every row is listed, nothing was written. */
export type ImportRowError = ApiFieldError;
