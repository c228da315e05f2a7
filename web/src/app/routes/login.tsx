import { Card } from 'antd';
import { useTranslation } from 'react-i18next';

import { useProductTitle } from '@/app/layout/use-product-title';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { LoginForm } from '@/features/auth/components/login-form';

/** /login: after signing in, the route guard goes to the redirect query (or /). */
export default function LoginRoute() {
  const { t } = useTranslation();
  const title = useProductTitle();
  return (
    <div className="login-page">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      <Card className="login-card">
        <h1 className="login-heading">{title}</h1>
        <h2 className="sr-only">
          {t('login.title')}
        </h2>
        <LoginForm />
      </Card>
    </div>
  );
}
