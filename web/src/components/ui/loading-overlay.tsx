import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

import { useLoadingStore } from '@/lib/loading';

/** The shared full-screen overlay of calls made with `loading: true` (拼命加载中...). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const open = useLoadingStore((s) => s.count > 0);
  return <Spin fullscreen spinning={open} description={t('common.loading')} />;
}
