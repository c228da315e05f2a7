import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { LanguageSwitch } from '@/components/ui/language-switch';
import { AlarmBell } from '@/features/live/components/alarm-bell';
import { SoundToggle } from '@/features/live/components/sound-toggle';
import { useAppStore } from '@/lib/app-store';

import { AccountMenu } from './account-menu';
import { AppBreadcrumb } from './app-breadcrumb';

/** The top bar: hamburger, breadcrumb, the alarm bell and sound switch, language, account. */
export function Navbar() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  return (
    <header className="navbar">
      <Button
        type="text"
        className="hamburger"
        aria-label={t('layout.toggleSidebar')}
        aria-expanded={opened}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <AppBreadcrumb />
      <div className="navbar-right">
        <AlarmBell />
        <SoundToggle />
        <LanguageSwitch />
        <AccountMenu />
      </div>
    </header>
  );
}
