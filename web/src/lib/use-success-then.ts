import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import type { TranslationKey } from './i18n-keys';

/**
 * Mutation options that toast a success message and then run `then` (usually: close the dialog). Every
 * save dialog answers a success the same way.
 */
export function useSuccessThen(key: TranslationKey, then: () => void) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return {
    onSuccess: () => {
      void message.success(t(key));
      then();
    },
  };
}
