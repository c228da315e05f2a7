import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

import { logout } from '@/features/auth/api/logout';
import { useAuthStore } from '@/lib/auth-store';
import { displayName } from '@/lib/display-name';

/**
 * The account name with its dropdown. Log out asks first (操作提示 / 确定注销并退出系统吗？);
 * confirming calls DELETE /api/user/loginout, then clears the session and reloads. A failed call
 * is ignored: nothing changes and nothing is shown.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const user = useAuthStore((s) => s.userInfo);

  const confirmLogout = () => {
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutContent'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await logout();
        } catch {
          return;
        }
        useAuthStore.getState().clearSession();
        window.location.reload();
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        // Who is signed in, by name (the default super administrator's translated), above the one action.
        items: [
          { key: 'name', label: displayName(user, t), disabled: true, className: 'account-menu-name' },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') confirmLogout();
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} aria-haspopup="menu">
        <span className="account-name">{user?.account ?? ''}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
