import { useTranslation } from 'react-i18next';

import { vocabularyLabel } from '@/shared/vocabulary/vocabulary';
import type { OperationLog } from '@/types/api';

/** The sign-in and sign-out calls are recorded under this module. */
export const AUTH_MODULE = 'Auth';

/**
 * Every module an operation record can carry (oplog.module of the server's document), in the order of
 * the menu; the filter offers them all, whatever menus the user may open.
 */
export const OPLOG_MODULES: readonly Exclude<OperationLog['module'], ''>[] = [
  AUTH_MODULE,
  'CompanyManagement',
  'UserManagement',
  'RoleManagement',
  'DeviceTypeManagement',
  'DeviceManagement',
  'AlarmManagement',
  'SmsUserManagement',
  'Files',
];

export interface ModuleOption {
  value: string;
  label: string;
}

/** The label of a module in the current language (the raw name when unknown, "—" for none). */
export function useModuleLabel(): (module: string) => string {
  const { t, i18n } = useTranslation();
  return (module: string) => vocabularyLabel({ t, exists: (key) => i18n.exists(key) }, 'oplog.module', module);
}

/** Modules of operation records (the server matches them exactly), labelled in the current language. */
export function useModuleOptions(): ModuleOption[] {
  const moduleLabel = useModuleLabel();
  return OPLOG_MODULES.map((value) => ({ value, label: moduleLabel(value) }));
}

/** The label of a recorded action in the current language (the raw name when unknown, "—" for none). */
export function useActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action: string) => vocabularyLabel({ t, exists: (key) => i18n.exists(key) }, 'oplog.action', action);
}
