import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { readString, STORAGE_KEYS, writeString } from './storage';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Picks zh-CN for any Chinese browser language, English otherwise; a stored choice wins. */
export function detectLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): Language {
  if (stored === 'zh-CN' || stored === 'en') return stored;
  for (const lang of browserLanguages) {
    const lower = lang.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return browserLanguages.length > 0 ? 'en' : 'zh-CN';
}

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

function applyDocumentLanguage(lang: Language) {
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

const initial = detectLanguage(readString(STORAGE_KEYS.language), browserLanguages());

// The strings themselves are registered by src/app/locales.ts (registerTranslations), the one module that
// knows every feature's catalogue: shared code imports no feature.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initial,
  fallbackLng: 'zh-CN',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});
applyDocumentLanguage(initial);

i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng === 'en' ? 'en' : 'zh-CN'));

/** Adds a language's whole catalogue (src/app/locales.ts calls it once per language, before anything renders). */
export function registerTranslations(lang: Language, catalogue: object): void {
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
}

/** The current language, always one of LANGUAGES. */
export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

/** Switches the language and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  writeString(STORAGE_KEYS.language, lang);
  await i18n.changeLanguage(lang);
}

export { i18n };
