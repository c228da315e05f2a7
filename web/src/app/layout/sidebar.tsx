import { Menu, type MenuProps } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { MenuIcon } from '@/components/ui/menu-icon';
import { asyncRoutes } from '@/config/routes';
import { useAppStore } from '@/lib/app-store';
import { useAuthStore } from '@/lib/auth-store';
import { buildMenu, filterRoutes, type MenuEntry } from '@/lib/route-utils';

import { useProductTitle } from './use-product-title';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * A menu name: cut with an ellipsis when the sidebar is too narrow for it (long English names), the whole
 * name then in the browser's tooltip (title). The collapsed menu has antd's own tooltips.
 */
function MenuLabel({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setCut(!el.closest('.ant-menu-inline-collapsed') && el.scrollWidth > el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // the sidebar opens or closes: measure again
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text]);
  return (
    <span ref={ref} className="sidebar-label" title={cut ? text : undefined}>
      {text}
    </span>
  );
}

function toItems(entries: MenuEntry[], t: (key: string) => string): MenuItem[] {
  return entries.map((entry) => {
    const label = entry.title ? t(entry.title) : entry.key;
    if (entry.kind === 'group') {
      return { key: entry.key, icon: <MenuIcon name={entry.icon} />, label: <MenuLabel text={label} />, children: toItems(entry.children, t) };
    }
    return {
      key: entry.key,
      icon: <MenuIcon name={entry.icon} />,
      label: entry.external ? (
        <a href={entry.path} target="_blank" rel="noopener noreferrer">
          <MenuLabel text={label} />
        </a>
      ) : (
        <Link to={entry.path}>
          <MenuLabel text={label} />
        </Link>
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
