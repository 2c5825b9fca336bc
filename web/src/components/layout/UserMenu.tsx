import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '../feedback.ts';
import { LOGIN_PATH } from '../guards.tsx';
import { useSession } from '../session.tsx';

/** The logged-in user's name with a menu: personal settings and log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, logout } = useSession();
  if (!user) return null;
  const name = user.display_name || user.username;

  const onClick = async ({ key }: { key: string }) => {
    if (key === 'personal') {
      navigate('/personal');
      return;
    }
    try {
      await logout();
      showSuccess(t('nav.logoutSuccess'));
    } catch (error) {
      showError(error);
    }
    navigate(LOGIN_PATH);
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        onClick: (info) => void onClick(info),
        items: [
          {
            key: 'personal',
            icon: <UserOutlined />,
            label: <span data-testid="user-menu-personal">{t('nav.personal')}</span>,
          },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            danger: true,
            label: <span data-testid="logout">{t('nav.logout')}</span>,
          },
        ],
      }}
    >
      <Button type="text" data-testid="user-menu" aria-label={t('nav.userMenu', { name })}>
        <Avatar size="small" style={{ background: '#1677ff' }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="top-bar-user-name">{name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
