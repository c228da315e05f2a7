import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** An unknown device, or one of another company (the server answers both with 404). */
export function DeviceNotFound() {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 22 }}>{t('deviceDetail.notFoundTitle')}</h1>}
        subTitle={t('deviceDetail.notFoundDescription')}
        extra={
          <Link to={paths.device}>
            <Button type="primary">{t('deviceDetail.backToList')}</Button>
          </Link>
        }
      />
    </Card>
  );
}
