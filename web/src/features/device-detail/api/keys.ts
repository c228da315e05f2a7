import type { QueryClient } from '@tanstack/react-query';

import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/**
 * Query keys of the device detail view, in the console's one scheme (lib/query-keys.ts): everything about
 * one device sits under queryKeys.device.detail(id) = ['device', 'detail', id], so a change of any device
 * (invalidateEntity 'device') or a server-sent event about it (features/live) reaches every part at once.
 */
export const deviceDetailKeys = {
  /** Every query of one device. */
  all: (id: number) => queryKeys.device.detail(id),
  /** GET /api/device/{id}: the live state and the parameters. */
  device: (id: number) => queryKeys.device.detail(id, 'device'),
  commands: (id: number) => queryKeys.device.detail(id, 'commands'),
  readings: (id: number, query?: object) => queryKeys.device.detail(id, 'readings', ...(query ? [query] : [])),
  statistic: (id: number, range?: string) => queryKeys.device.detail(id, 'statistic', ...(range ? [range] : [])),
  alarms: (id: number, query?: object) => queryKeys.device.detail(id, 'alarms', ...(query ? [query] : [])),
  calibrations: (id: number, query?: object) => queryKeys.device.detail(id, 'calibrations', ...(query ? [query] : [])),
};

/** How often the device's live state is read while the page is visible. */
export const DEVICE_POLL_MS = 10_000;

/**
 * What new data from the device makes stale: its readings, chart, alarms, calibrations and
 * command queue (the device itself is what told us).
 */
export async function invalidateDeviceActivity(queryClient: QueryClient, id: number): Promise<void> {
  await invalidateKeys(
    queryClient,
    deviceDetailKeys.readings(id),
    deviceDetailKeys.statistic(id),
    deviceDetailKeys.alarms(id),
    deviceDetailKeys.calibrations(id),
    deviceDetailKeys.commands(id),
  );
}
