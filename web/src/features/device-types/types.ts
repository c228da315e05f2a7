import type { Answer, Body, ListItem, Query } from '@/types/api';

/**
 * Payloads of the device type calls (docs/api.md "Device types" and "Images for the rich-text editor"),
 * from the server's contract (src/types/api.ts). The units and links are the request's enums; an answer
 * types them as plain strings.
 */

export type DeviceTypeUnit = DeviceTypeInput['unit'];
export const DEVICE_TYPE_UNITS = ['%LEL', '%VOL', 'ppm'] as const satisfies readonly DeviceTypeUnit[];

export type DeviceTypeLink = DeviceTypeInput['communication'];
export const DEVICE_TYPE_LINKS = ['NB-IoT', '4G', 'LoRa', 'Ethernet'] as const satisfies readonly DeviceTypeLink[];

/**
 * A device type: thresholds in the type's unit (one decimal), intervals in minutes, `description` HTML
 * sanitized by the server (shown only inside the editor or as plain text).
 */
export type DeviceType = ListItem<'/api/deviceClassify'>;

/** The body of POST / PUT /api/deviceClassify. */
export type DeviceTypeInput = Body<'/api/deviceClassify', 'post'>;

export type DeviceTypeListQuery = Query<'/api/deviceClassify', 'get'>;

/** The answer of POST /api/upload/image. */
export type UploadedImage = Answer<'/api/upload/image', 'post'>;
