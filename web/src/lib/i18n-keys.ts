import type { Translation } from './locales/zh-CN';

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;

type Leaves<T> = {
  [K in keyof T]: T[K] extends string ? K : Join<K, Leaves<T[K]>>;
}[keyof T];

/** Every translation key, e.g. 'route.role'. */
export type TranslationKey = Leaves<Translation>;
