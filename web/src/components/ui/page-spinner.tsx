import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centered spinner while a page or the user info loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spin description={t('common.loading')} size="large">
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </div>
  );
}
