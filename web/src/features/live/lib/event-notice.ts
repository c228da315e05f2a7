import { formatMethane, formatVoltage } from '@/lib/format';

import type { LiveEvent } from '../types';

/** Event names that announce something the user must see (a new alarm, a device gone offline). */
export const NOTIFIED_EVENTS: ReadonlySet<string> = new Set(['alarm.started', 'alarm.raised', 'device.offline']);

export function shouldNotify(eventName: string): boolean {
  return NOTIFIED_EVENTS.has(eventName);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface Notice {
  title: string;
  /** Device name and IMEI. */
  device: string;
  /** The measured value ("62.0 %LEL", "3.35 V"), '' when the kind has none. */
  value: string;
  /** 'error' for gas alarms, 'warning' for the others. */
  severity: 'error' | 'warning';
  /** One notification per device and kind: a newer one replaces the older. */
  key: string;
}

function titleKey(eventName: string, e: LiveEvent): string {
  if (eventName === 'device.offline' || e.alarmKind === 'offline') return 'offline';
  if (e.alarmKind === 'gas') {
    if (eventName === 'alarm.raised') return 'raised';
    return e.level === 'high' ? 'gasHigh' : 'gasLow';
  }
  if (e.alarmKind === 'fault' || e.alarmKind === 'lowBattery') return e.alarmKind;
  return 'other';
}

/** The value as the alarm's kind measures it: methane in %LEL (1 decimal), the battery in volts. */
export function eventValue(e: Pick<LiveEvent, 'alarmKind' | 'value'>): string {
  const v = e.value;
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  if (e.alarmKind === 'gas') return `${formatMethane(v)} %LEL`;
  if (e.alarmKind === 'lowBattery') return `${formatVoltage(v)} V`;
  return '';
}

/** What the notification of an event says. */
export function eventNotice(eventName: string, e: LiveEvent, t: Translate): Notice {
  const kind = titleKey(eventName, e);
  return {
    title: t(`live.title.${kind}`),
    device: t('live.device', { name: e.deviceName || t('live.unnamed'), imei: e.imei }),
    value: eventValue(e),
    severity: e.alarmKind === 'gas' ? 'error' : 'warning',
    key: `live-${e.deviceId}-${e.alarmKind || kind}`,
  };
}

/** The data of one event, or null when it is not an event of the feed (malformed JSON, no id, device or alarm kind). */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const e = parsed as Partial<LiveEvent>;
    if (typeof e.id !== 'number' || typeof e.deviceId !== 'number' || e.alarmKind === undefined) return null;
    return {
      id: e.id,
      companyId: e.companyId ?? 0,
      deviceId: e.deviceId,
      deviceName: e.deviceName ?? '',
      imei: e.imei ?? '',
      alarmId: e.alarmId ?? 0,
      alarmKind: e.alarmKind,
      level: e.level ?? '',
      value: typeof e.value === 'number' ? e.value : null,
      ts: e.ts ?? 0,
      createdAt: e.createdAt ?? 0,
    };
  } catch {
    return null;
  }
}
