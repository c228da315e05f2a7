import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the device detail view. Everything about one device sits under
 * ['device-detail', id], so a server-sent event about the device only has to invalidate
 * `deviceDetailKeys.all(id)` (or one part of it).
 */
export const deviceDetailKeys = {
  /** Every query of one device. */
  all: (id: number) => ['device-detail', id] as const,
  /** GET /api/device/{id}: the live state and the parameters. */
  device: (id: number) => ['device-detail', id, 'device'] as const,
  commands: (id: number) => ['device-detail', id, 'commands'] as const,
  readings: (id: number, query?: object) =>
    (query ? ['device-detail', id, 'readings', query] : ['device-detail', id, 'readings']) as readonly unknown[],
  statistic: (id: number, range?: string) =>
    (range ? ['device-detail', id, 'statistic', range] : ['device-detail', id, 'statistic']) as readonly unknown[],
  alarms: (id: number, query?: object) =>
    (query ? ['device-detail', id, 'alarms', query] : ['device-detail', id, 'alarms']) as readonly unknown[],
  calibrations: (id: number, query?: object) =>
    (query ? ['device-detail', id, 'calibrations', query] : ['device-detail', id, 'calibrations']) as readonly unknown[],
};

/** How often the device's live state is read while the page is visible. */
export const DEVICE_POLL_MS = 10_000;

/**
 * What new data from the device makes stale: its readings, chart, alarms, calibrations and
 * command queue (the device itself is what told us).
 */
export async function invalidateDeviceActivity(queryClient: QueryClient, id: number): Promise<void> {
  await Promise.all(
    [
      deviceDetailKeys.readings(id),
      deviceDetailKeys.statistic(id),
      deviceDetailKeys.alarms(id),
      deviceDetailKeys.calibrations(id),
      deviceDetailKeys.commands(id),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
