import type { RegionNode } from '@/types/api';

import {
  ALARM_KINDS,
  type AlarmKind,
  type GasMinLevel,
  type SmsLanguage,
  type SmsScope,
  type SmsUser,
  type SmsUserInput,
} from '../types';

/** The dialog's values; quiet hours as "HH:mm" strings ('' for none). */
export interface SmsUserFormValues {
  name: string;
  phone: string;
  companyId?: number;
  alarmKinds: AlarmKind[];
  gasMinLevel: GasMinLevel;
  scope: SmsScope;
  deviceIds: number[];
  regionCodes: string[];
  quietStart: string;
  quietEnd: string;
  notifyOnEnd: boolean;
  escalationLevel: number;
  language: SmsLanguage;
  remark: string;
}

/** The kinds a user receives: an empty list means every kind (the server's rule). */
export function receivedKinds(kinds: readonly string[] | null | undefined): AlarmKind[] {
  if (!kinds || kinds.length === 0) return [...ALARM_KINDS];
  return ALARM_KINDS.filter((k) => kinds.includes(k));
}

/** The form of a user to edit, or the defaults of a new one (every kind, all devices, zh-CN). */
export function toFormValues(user: SmsUser | null, language: SmsLanguage = 'zh-CN'): SmsUserFormValues {
  if (!user) {
    return {
      name: '',
      phone: '',
      companyId: undefined,
      alarmKinds: [...ALARM_KINDS],
      gasMinLevel: 'low',
      scope: 'all',
      deviceIds: [],
      regionCodes: [],
      quietStart: '',
      quietEnd: '',
      notifyOnEnd: false,
      escalationLevel: 0,
      language,
      remark: '',
    };
  }
  return {
    name: user.name,
    phone: user.phone,
    companyId: user.companyId,
    alarmKinds: receivedKinds(user.alarmKinds),
    gasMinLevel: user.gasMinLevel || 'low',
    scope: user.scope || 'all',
    deviceIds: user.deviceIds ?? (user.devices ?? []).map((d) => d.id),
    regionCodes: user.regionCodes ?? [],
    quietStart: user.quietStart ?? '',
    quietEnd: user.quietEnd ?? '',
    notifyOnEnd: user.notifyOnEnd,
    escalationLevel: user.escalationLevel,
    language: user.language || 'zh-CN',
    remark: user.remark ?? '',
  };
}

/**
 * The body of POST/PUT /api/smsUser: trimmed text, the company only for platform users, the device or
 * region list only with its scope.
 */
export function toInput(values: SmsUserFormValues, isPlatform: boolean): SmsUserInput {
  const input: SmsUserInput = {
    name: values.name.trim(),
    phone: values.phone.trim(),
    alarmKinds: ALARM_KINDS.filter((k) => values.alarmKinds.includes(k)),
    gasMinLevel: values.gasMinLevel,
    scope: values.scope,
    quietStart: values.quietStart ?? '',
    quietEnd: values.quietEnd ?? '',
    notifyOnEnd: values.notifyOnEnd,
    escalationLevel: values.escalationLevel,
    language: values.language,
    remark: (values.remark ?? '').trim(),
  };
  if (isPlatform && values.companyId) input.companyId = values.companyId;
  if (values.scope === 'devices') input.deviceIds = [...values.deviceIds];
  if (values.scope === 'regions') input.regionCodes = [...values.regionCodes];
  return input;
}

/** What is wrong with a pair of quiet-hour times ("HH:mm" or ''): both or neither, and different. */
export function quietProblem(start: string, end: string): 'pair' | 'same' | null {
  if (!start && !end) return null;
  if (!start || !end) return 'pair';
  return start === end ? 'same' : null;
}

/** Quiet hours for display: null for none; nextDay when the window crosses midnight (22:00–07:00). */
export function quietHours(start: string, end: string): { start: string; end: string; nextDay: boolean } | null {
  if (!start || !end) return null;
  return { start, end, nextDay: end < start };
}

/** Where a region code sits in the tree: its codes and names from the province down. */
export interface RegionEntry {
  path: string[];
  names: string[];
}

/** Every code of the region tree (province, city, county) with its path. */
export function indexRegions(tree: readonly RegionNode[]): Map<string, RegionEntry> {
  const index = new Map<string, RegionEntry>();
  const walk = (nodes: readonly RegionNode[], path: string[], names: string[]) => {
    for (const node of nodes) {
      const entry = { path: [...path, node.code], names: [...names, node.name] };
      index.set(node.code, entry);
      if (node.children) walk(node.children, entry.path, entry.names);
    }
  };
  walk(tree, [], []);
  return index;
}

/** A region's name with its parents ("浙江省 杭州市"); the code itself when the tree does not know it. */
export function regionName(index: ReadonlyMap<string, RegionEntry>, code: string): string {
  return index.get(code)?.names.join(' ') ?? code;
}

export interface ScopeSummary {
  scope: SmsScope;
  /** How many devices or regions were chosen (0 for all). */
  count: number;
  /** The first names to show. */
  names: string[];
  /** How many more there are. */
  more: number;
}

/** A short description of what a user is notified about: all devices, or the first chosen devices/regions. */
export function scopeSummary(
  user: Pick<SmsUser, 'scope' | 'devices' | 'regionCodes'>,
  regionLabel: (code: string) => string,
  max = 2,
): ScopeSummary {
  if (user.scope === 'devices') {
    const names = (user.devices ?? []).map((d) => d.name || d.imei);
    return { scope: 'devices', count: names.length, names: names.slice(0, max), more: Math.max(0, names.length - max) };
  }
  if (user.scope === 'regions') {
    const codes = user.regionCodes ?? [];
    return {
      scope: 'regions',
      count: codes.length,
      names: codes.slice(0, max).map(regionLabel),
      more: Math.max(0, codes.length - max),
    };
  }
  return { scope: 'all', count: 0, names: [], more: 0 };
}
