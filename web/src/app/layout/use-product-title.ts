import { useTranslation } from 'react-i18next';

import { useSettings } from '@/features/settings/api/get-settings';

/** The product title: the deployment's (settings) in the current language, else the built-in one. */
export function useProductTitle(): string {
  const { t, i18n } = useTranslation();
  const { data } = useSettings();
  const fromSettings = i18n.language === 'en' ? data?.titleEn : data?.title;
  return fromSettings?.trim() || t('app.title');
}
