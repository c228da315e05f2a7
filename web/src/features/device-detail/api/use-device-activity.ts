import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import type { Device } from '@/types/api';

import { invalidateDeviceActivity } from './keys';

/**
 * What changes when the device reports, answers a command (its confirmed parameters), a parameter is
 * changed (its wanted ones), or an alarm starts or ends.
 */
export function activitySignature(device: Device | undefined): string | null {
  if (!device) return null;
  return JSON.stringify([device.lastSeenAt, device.alarmState, device.online, device.updatedAt, device.wanted, device.confirmed]);
}

/**
 * When a poll of the device shows new activity, its readings, chart, alarms, calibrations and
 * commands are read again (one poll drives the whole page; an event stream could invalidate the same keys).
 */
export function useDeviceActivity(device: Device | undefined): void {
  const queryClient = useQueryClient();
  const signature = activitySignature(device);
  const previous = useRef<string | null>(null);
  const id = device?.id;
  useEffect(() => {
    if (signature === null || id === undefined) return;
    if (previous.current !== null && previous.current !== signature) {
      void invalidateDeviceActivity(queryClient, id);
    }
    previous.current = signature;
  }, [signature, id, queryClient]);
}
