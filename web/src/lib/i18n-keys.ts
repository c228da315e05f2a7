type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;

type Leaves<T> = {
  [K in keyof T]: T[K] extends string ? K : Join<K, Leaves<T[K]>>;
}[keyof T];

/**
 * The whole catalogue's type, filled in by src/app/locales.ts through declaration merging
 * (`declare module '@/lib/i18n-keys'`): only the app knows every feature's strings, and shared code
 * imports no feature.
 */
export interface TranslationCatalogue {}

/** Every translation key, e.g. 'route.role'. */
export type TranslationKey = TranslationCatalogue extends { catalogue: infer T } ? Leaves<T> : never;
