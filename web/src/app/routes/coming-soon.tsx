import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

import { useCurrentRoute } from '@/components/layout/use-current-route';

/** The page of a module that is not built yet: its route, title, roles and menu entry exist. */
export default function ComingSoonRoute() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const module = route?.meta?.title ? t(route.meta.title) : '';
  return (
    <Card>
      <Result
        status="info"
        title={<h1 style={{ margin: 0, fontSize: 22 }}>{t('comingSoon.title', { module })}</h1>}
        subTitle={t('comingSoon.description')}
      />
    </Card>
  );
}
