import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { MenuIcon } from '@/components/ui/menu-icon';
import { asyncRoutes } from '@/config/routes';
import { useAppStore } from '@/lib/app-store';
import { useAuthStore } from '@/lib/auth-store';
import { buildMenu, filterRoutes, type MenuEntry } from '@/lib/route-utils';

import { useProductTitle } from './use-product-title';

type MenuItem = Required<MenuProps>['items'][number];

function toItems(entries: MenuEntry[], t: (key: string) => string): MenuItem[] {
  return entries.map((entry) => {
    const label = entry.title ? t(entry.title) : entry.key;
    if (entry.kind === 'group') {
      return { key: entry.key, icon: <MenuIcon name={entry.icon} />, label, children: toItems(entry.children, t) };
    }
    return {
      key: entry.key,
      icon: <MenuIcon name={entry.icon} />,
      label: entry.external ? (
        <a href={entry.path} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ) : (
        <Link to={entry.path}>{label}</Link>
      ),
    };
  });
}

/** The sidebar: logo and the menu of the routes the user's roles permit. */
export function Sidebar() {
  const { t } = useTranslation();
  const roles = useAuthStore((s) => s.roles);
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const { pathname } = useLocation();
  const title = useProductTitle();
  const collapsed = !opened && device === 'desktop';

  const items = useMemo(() => toItems(buildMenu(filterRoutes(asyncRoutes, roles)), t), [roles, t]);

  return (
    <aside className="sidebar-container">
      <Link to="/" className="sidebar-logo" title={title}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!collapsed && <span className="sidebar-title">{title}</span>}
      </Link>
      <nav aria-label={t('layout.mainMenu')} className="sidebar-menu">
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={[pathname]}
          items={items}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
    </aside>
  );
}
