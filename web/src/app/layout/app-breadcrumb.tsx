import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useAppStore } from '@/lib/app-store';
import { buildBreadcrumb } from '@/lib/route-utils';

import { useMatchedHandles } from './use-current-route';

/** The breadcrumb of the matched routes (docs/product.md §2). */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const crumbs = buildBreadcrumb(useMatchedHandles());
  // Phones have room for the current page only (the menu leads elsewhere).
  const mobile = useAppStore((s) => s.device) === 'mobile';
  const shown = mobile ? crumbs.slice(-1) : crumbs;
  return (
    <nav aria-label={t('layout.breadcrumb')} className="app-breadcrumb">
      <Breadcrumb
        items={shown.map((crumb, index) => ({
          key: `${crumb.title}-${index}`,
          title: crumb.to ? (
            <Link to={crumb.to}>{t(crumb.title)}</Link>
          ) : (
            <span aria-current={index === shown.length - 1 ? 'page' : undefined}>{t(crumb.title)}</span>
          ),
        }))}
      />
    </nav>
  );
}
