/**
 * Payloads of the device type calls (docs/api.md "Device types" and "Images for the rich-text
 * editor"). They belong in src/types/api.ts; kept here until that shared file takes them.
 */

export const DEVICE_TYPE_UNITS = ['%LEL', '%VOL', 'ppm'] as const;
export type DeviceTypeUnit = (typeof DEVICE_TYPE_UNITS)[number];

export const DEVICE_TYPE_LINKS = ['NB-IoT', '4G', 'LoRa', 'Ethernet'] as const;
export type DeviceTypeLink = (typeof DEVICE_TYPE_LINKS)[number];

export interface DeviceType {
  id: number;
  name: string;
  model: string;
  manufacturer: string;
  gas: string;
  unit: DeviceTypeUnit;
  rangeMin: number;
  rangeMax: number;
  /** The default low alarm threshold in the type's unit, at most one decimal (12.5). */
  lowThreshold: number;
  highThreshold: number;
  /** Minutes, 1 to 1440. */
  reportInterval: number;
  heartbeatInterval: number;
  communication: DeviceTypeLink;
  /** HTML sanitized by the server; shown only inside the editor or as plain text. */
  description: string;
  deviceCount?: number;
  createdAt: number;
  updatedAt: number;
}

/** The body of POST / PUT /api/deviceClassify. */
export interface DeviceTypeInput {
  name: string;
  model: string;
  manufacturer: string;
  gas: string;
  unit: DeviceTypeUnit;
  rangeMin: number;
  rangeMax: number;
  lowThreshold: number;
  highThreshold: number;
  reportInterval: number;
  heartbeatInterval: number;
  communication: DeviceTypeLink;
  description: string;
}

export interface DeviceTypeListQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  name?: string;
  model?: string;
  manufacturer?: string;
  unit?: string[];
  communication?: string[];
  createdAt?: [string, string];
}

/** The answer of POST /api/upload/image. */
export interface UploadedImage {
  id: string;
  url: string;
}
