import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { PermissionNode } from '@/types/api';

/** The sign-in and sign-out calls are recorded under this module. */
export const AUTH_MODULE = 'Auth';

function getMenuTree(): Promise<PermissionNode[]> {
  return request<PermissionNode[]>({ url: '/permission', method: 'GET', silent: true });
}

function menuTreeQueryOptions() {
  return queryOptions({ queryKey: queryKeys.permission.options(), queryFn: getMenuTree, staleTime: 5 * 60_000 });
}

export interface ModuleOption {
  value: string;
  label: string;
}

/**
 * Modules of operation records (the server matches them exactly): Auth and every menu code of
 * GET /api/permission, labelled in the current language.
 */
export function useModuleOptions(): ModuleOption[] {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(menuTreeQueryOptions());
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const menus = (data ?? []).filter((node) => node.type === 'menu');
  return [
    { value: AUTH_MODULE, label: t('operationLogs.moduleAuth') },
    ...menus.map((node) => ({ value: node.code, label: node.names?.[lang] ?? node.name })),
  ];
}

/** The label of a recorded action in the current language (the raw name when unknown). */
export function useActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action: string) => {
    const key = `operationLogs.actionNames.${action}`;
    return action && i18n.exists(key) ? t(key) : action;
  };
}

/** The label of a module in the current language (the raw name when unknown). */
export function useModuleLabel(): (module: string) => string {
  const options = useModuleOptions();
  return (module: string) => options.find((o) => o.value === module)?.label ?? module;
}
