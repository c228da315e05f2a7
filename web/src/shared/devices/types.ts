import type { Body, ListItem } from '@/types/api';

/** Payloads of the device dialogs (docs/api.md "Devices"), used by the device list and the device detail page. */

/** POST /api/device, PUT /api/device/{id}. */
export type DeviceInput = Body<'/api/device', 'post'>;

/** A device type as the device forms and filters choose it (GET /api/deviceClassify). */
export type DeviceTypeOption = Pick<
  ListItem<'/api/deviceClassify'>,
  'id' | 'name' | 'model' | 'unit' | 'lowThreshold' | 'highThreshold' | 'reportInterval' | 'heartbeatInterval'
>;

/** The commands POST /api/device/sendCommand/{id} queues. */
export type DeviceCommandName = Body<'/api/device/sendCommand/{id}', 'post'>['command'];
