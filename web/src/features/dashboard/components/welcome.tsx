import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { useAuthStore } from '@/lib/auth-store';

/** The dashboard's greeting; the statistics come with a later issue. */
export function Welcome() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.userInfo);
  if (!user) return null;
  const platform = user.companyId === null || user.companyId === undefined;
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dashboard.welcome', { name: user.name || user.account })}
      </Typography.Title>
      <Typography.Paragraph>
        {t('dashboard.account', { account: user.account })}{' '}
        <Tag color={platform ? 'blue' : 'green'}>{platform ? t('dashboard.platformUser') : t('dashboard.companyUser')}</Tag>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('dashboard.statsComing')}
      </Typography.Paragraph>
    </Card>
  );
}
