import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buildBreadcrumb } from '@/lib/route-utils';

import { useMatchedHandles } from './use-current-route';

/** The breadcrumb of the matched routes (docs/product.md §2). */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const crumbs = buildBreadcrumb(useMatchedHandles());
  return (
    <nav aria-label={t('layout.breadcrumb')} className="app-breadcrumb">
      <Breadcrumb
        items={crumbs.map((crumb, index) => ({
          key: `${crumb.title}-${index}`,
          title: crumb.to ? (
            <Link to={crumb.to}>{t(crumb.title)}</Link>
          ) : (
            <span aria-current={index === crumbs.length - 1 ? 'page' : undefined}>{t(crumb.title)}</span>
          ),
        }))}
      />
    </nav>
  );
}
