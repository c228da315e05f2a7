import { useCallback, useState } from 'react';

import { useAuthStore } from './auth-store';
import { readJSON, removeKey, writeJSON } from './storage';

/** Row height of a list's table: antd's sizes (large is antd's default, middle ours). */
export type TableDensity = 'large' | 'middle' | 'small';

export const DENSITIES: readonly TableDensity[] = ['large', 'middle', 'small'];

/** What a user chose for one list: the columns hidden (by column key) and the row density. */
export interface TablePreferences {
  hidden: string[];
  density: TableDensity;
}

const PREFIX = 'gas_admin_table';

/** The storage key of a user's choices for a list: each account on a shared computer keeps its own. */
export function preferencesKey(account: string, list: string): string {
  return `${PREFIX}:${account}:${list}`;
}

/** The stored choices, or the list's defaults for anything missing or unreadable. */
export function readPreferences(key: string, defaults: TablePreferences): TablePreferences {
  const stored = readJSON<Partial<TablePreferences>>(key);
  const hidden = Array.isArray(stored?.hidden) ? stored.hidden.filter((k): k is string => typeof k === 'string') : defaults.hidden;
  const density = DENSITIES.includes(stored?.density as TableDensity) ? (stored?.density as TableDensity) : defaults.density;
  return { hidden, density };
}

/**
 * A list's column and density choices, remembered per signed-in account and list in localStorage.
 * `defaultHidden` are the columns a fresh user does not see (they can show them in the column settings).
 */
export function useTablePreferences(list: string, defaultHidden: readonly string[] = [], defaultDensity: TableDensity = 'middle') {
  const account = useAuthStore((s) => s.userInfo?.account ?? '');
  const key = preferencesKey(account, list);
  const defaults: TablePreferences = { hidden: [...defaultHidden], density: defaultDensity };
  const [state, setState] = useState(() => ({ key, prefs: readPreferences(key, defaults) }));
  // Another account or list: read its own choices (during render, so no frame shows the old ones).
  const prefs = state.key === key ? state.prefs : readPreferences(key, defaults);
  if (state.key !== key) setState({ key, prefs });

  const save = useCallback(
    (next: TablePreferences) => {
      writeJSON(key, next);
      setState({ key, prefs: next });
    },
    [key],
  );

  return {
    ...prefs,
    setHidden: (hidden: string[]) => save({ ...prefs, hidden }),
    setDensity: (density: TableDensity) => save({ ...prefs, density }),
    /** Back to the list's defaults: the stored choices are forgotten. */
    reset: () => {
      removeKey(key);
      setState({ key, prefs: { hidden: [...defaultHidden], density: defaultDensity } });
    },
  };
}
