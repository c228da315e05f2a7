import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * THE cache-key scheme of the console. Every react-query key is `[entity, ...params]`, built here and
 * nowhere else, so that "everything cached about X" is the prefix `[X]` whichever feature cached it:
 * the device type page and the device form's type choices are both under 'deviceType', and a change of
 * a device type refreshes both at once (no waiting for a staleTime).
 *
 * After a create, update, delete (or status change, import, …) a mutation calls `invalidateEntity` with
 * the entity it changed; SHOWN_IN below says which other entities' views show it (a company's name in
 * the user list, a type's name in the device list), and those are refreshed too. Queries on screen are
 * read again at once; the others are marked stale and read when next shown.
 */
export const ENTITIES = [
  /** The signed-in user (GET /api/user) and the sign-in captcha. */
  'session',
  /** Public settings (title, footer). Kept across sign-outs. */
  'settings',
  'company',
  'industry',
  'region',
  'user',
  'role',
  'permission',
  'operationLog',
  'deviceType',
  /** Devices, and under detail(id, …) everything of one device: readings, chart, alarms, calibrations, commands. */
  'device',
  'smsUser',
  'smsRecord',
  /**
   * Alarms across devices (the Alarm Center's list and tab counts, the top bar's bell); one device's alarms are
   * under device.detail(id, 'alarms').
   */
  'alarm',
  /** The home page's figures (GET /api/home/statistic). */
  'home',
] as const;

export type Entity = (typeof ENTITIES)[number];

/** The keys of one entity. Each is a prefix of the ones after it in this list, and all start with the entity. */
export interface EntityKeys<E extends Entity> {
  /** Everything cached about the entity: what `invalidateEntity` marks stale. */
  all: () => readonly [E];
  /** Every page of the entity's lists (list(query) for one of them). */
  lists: () => readonly [E, 'list'];
  list: (query: object) => readonly [E, 'list', object];
  /** Choices for selects and filters (params: whatever narrows them, e.g. a company or a search). */
  options: (...params: unknown[]) => readonly [E, 'options', ...unknown[]];
  /** One record (detail(id)) or a part of it (detail(id, 'alarms', query)). */
  detail: (id: number | string, ...parts: unknown[]) => readonly [E, 'detail', number | string, ...unknown[]];
  /** A single value of the entity that is neither a list, a choice nor a record (the home figures, the captcha). */
  one: (name: string, ...params: unknown[]) => readonly [E, string, ...unknown[]];
}

function entityKeys<E extends Entity>(entity: E): EntityKeys<E> {
  return {
    all: () => [entity] as const,
    lists: () => [entity, 'list'] as const,
    list: (query) => [entity, 'list', query] as const,
    options: (...params) => [entity, 'options', ...params] as const,
    detail: (id, ...parts) => [entity, 'detail', id, ...parts] as const,
    one: (name, ...params) => [entity, name, ...params] as const,
  };
}

/** `queryKeys.deviceType.options()`, `queryKeys.device.list(query)`, `queryKeys.device.detail(7, 'alarms')`, … */
export const queryKeys = Object.fromEntries(ENTITIES.map((entity) => [entity, entityKeys(entity)])) as {
  readonly [E in Entity]: EntityKeys<E>;
};

/**
 * Which other entities' views show an entity, so that a change of it must refresh them too. Every change is
 * also an operation record, so the record list is refreshed after any of them.
 */
export const SHOWN_IN: Readonly<Record<Entity, readonly Entity[]>> = {
  session: [],
  settings: [],
  // company names in the user, device and notification user lists; roles are per company; the home counts them
  company: ['user', 'role', 'device', 'smsUser', 'home'],
  // reference data the console only reads (no mutation invalidates them today)
  industry: ['company'],
  region: ['company', 'device', 'smsUser'],
  // the roles' user counts
  user: ['role'],
  // the role names in the user list (and the role choices of its forms)
  role: ['user'],
  permission: ['role', 'user'], // read only, like industry and region
  operationLog: [],
  // the type names in the device list and detail, the home's devices by type
  deviceType: ['device', 'home'],
  // the notification users' devices, the home figures
  device: ['smsUser', 'home'],
  smsUser: [],
  smsRecord: [],
  // the home's unhandled alarms and latest alarms
  alarm: ['home'],
  home: [],
};

/** Every entity a change of these entities makes stale: themselves, where they are shown, the operation records. */
export function staleAfterChange(...changed: Entity[]): Entity[] {
  const stale = new Set<Entity>();
  for (const entity of changed) {
    stale.add(entity);
    for (const shown of SHOWN_IN[entity]) stale.add(shown);
  }
  if (stale.size > 0) stale.add('operationLog');
  return [...stale];
}

/**
 * Call after a create, update or delete of `changed` (one call per mutation, in its onSuccess): refreshes
 * every cached view of it, in every feature. Resolves when the queries on screen have been read again.
 */
export async function invalidateEntity(queryClient: QueryClient, ...changed: Entity[]): Promise<void> {
  await invalidateKeys(queryClient, ...staleAfterChange(...changed).map((entity) => queryKeys[entity].all()));
}

/** Refreshes exactly these keys (prefixes), for a change narrower than a whole entity (one device's alarms). */
export async function invalidateKeys(queryClient: QueryClient, ...keys: QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
