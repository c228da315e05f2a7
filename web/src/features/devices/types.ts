import type { AlarmState, ApiFieldError, ListQuery } from '@/types/api';

/**
 * Payloads only the device list uses (docs/api.md "Devices" and "Imports"); the device, its parameters and
 * its queued commands are in src/types/api.ts, shared with the device detail view.
 */

export const ALARM_STATES: readonly AlarmState[] = ['normal', 'low', 'high', 'fault', 'offline', 'lowBattery'];

export interface DeviceListQuery extends ListQuery {
  imei?: string;
  name?: string;
  typeId?: number;
  companyId?: number;
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
  status?: number;
  online?: number;
  alarmState?: string[];
}

/** POST /api/device, PUT /api/device/{id}. */
export interface DeviceInput {
  imei: string;
  name: string;
  typeId: number;
  companyId?: number;
  address?: string;
  provinceCode: string;
  cityCode?: string;
  countyCode?: string;
  latitude?: number;
  longitude?: number;
  iccid?: string;
  installedAt?: number;
  remark?: string;
}

/** A device type as the device forms and filters choose it (GET /api/deviceClassify). */
export interface DeviceTypeOption {
  id: number;
  name: string;
  model: string;
  unit: string;
  lowThreshold: number;
  highThreshold: number;
  reportInterval: number;
  heartbeatInterval: number;
}

export type DeviceCommandName = 'restart' | 'selfTest' | 'zeroCalibration' | 'muteAlarm';

export interface ImportedSecret {
  imei: string;
  secret: string;
}

/** The answer of an import that was written. */
export interface ImportResult {
  created: number;
  updated: number;
  failed: number;
  secrets?: ImportedSecret[] | null;
}

/** A bad row of a refused import (422): every row is listed, nothing was written. */
export type ImportRowError = ApiFieldError;
