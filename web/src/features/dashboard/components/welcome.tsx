import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { isPlatformUser, useAuthStore } from '@/lib/auth-store';
import { displayName } from '@/lib/display-name';

/** The home page's greeting: the user's name (the default super administrator's translated), account and whether it is a platform or company user. */
export function Welcome() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.userInfo);
  if (!user) return null;
  const platform = isPlatformUser(user);
  return (
    <div className="home-welcome">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('dashboard.welcome', { name: displayName(user, t) })}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('dashboard.account', { account: user.account })}{' '}
        <Tag color={platform ? 'blue' : 'green'}>{platform ? t('dashboard.platformUser') : t('dashboard.companyUser')}</Tag>
      </Typography.Text>
    </div>
  );
}
