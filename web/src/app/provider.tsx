import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { MENU_COLORS } from '@/config/layout';
import { useAuthStore } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { notifierFrom, setNotifier } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';

const baseTheme: ThemeConfig = {
  algorithm: antTheme.defaultAlgorithm,
  token: { colorPrimary: MENU_COLORS.active, borderRadius: 4 },
  components: {
    Menu: {
      itemColor: MENU_COLORS.text,
      itemHoverColor: MENU_COLORS.text,
      itemHoverBg: MENU_COLORS.hover,
      itemSelectedColor: MENU_COLORS.active,
      itemSelectedBg: '#eaf2fe',
      itemActiveBg: MENU_COLORS.hover,
      itemBg: '#ffffff',
    },
  },
};

/** Routes antd's App-context message API to the request layer's toasts. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => setNotifier(notifierFrom(message)), [message]);
  return null;
}

/** Forgets every cached answer when the session ends, so no data outlives its user. */
function SessionCacheReset() {
  useEffect(
    () =>
      useAuthStore.subscribe((state, prev) => {
        if (prev.token && !state.token) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.settings.all()[0] });
      }),
    [],
  );
  return null;
}

function Localized({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  // antd's `motion` token switches off every component animation at once.
  const theme = useMemo<ThemeConfig>(
    () => (reducedMotion ? { ...baseTheme, token: { ...baseTheme.token, motion: false } } : baseTheme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={instance.language === 'en' ? enUS : zhCN} theme={theme}>
      <AntApp>
        <NotifierBridge />
        {children}
        <LoadingOverlay />
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionCacheReset />
        <Localized>{children}</Localized>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
