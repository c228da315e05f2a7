import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" style={{ minHeight: '100vh' }}>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 32 }}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.description')}
        extra={
          <Link to={paths.root}>
            <Button type="primary">{t('notFound.backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
