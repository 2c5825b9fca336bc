import { MenuOutlined } from '@ant-design/icons';
import { Button, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { selectedTopBarKey, type TopBarItem, topBarItems } from '../../nav.ts';
import { showSuccess } from '../feedback.ts';
import { useSession } from '../session.tsx';
import { useStatus } from '../status.tsx';
import { AuthLinks } from './AuthLinks.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ModeBadges } from './ModeBadges.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useNavContext } from './use-nav-context.ts';

function Brand() {
  const status = useStatus();
  return (
    <Link to="/" className="top-bar-brand" data-testid="brand">
      {status.logo && <img src={status.logo} alt="" height={28} />}
      <span>{status.system_name}</span>
    </Link>
  );
}

/** The 56 px header: site name, main links, mode badges, theme and language switches, user menu. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user } = useSession();
  const context = useNavContext();

  const label = (item: TopBarItem) => {
    const text = t(item.labelKey);
    if (item.href) {
      return (
        <a href={item.href} target="_blank" rel="noreferrer" data-testid={`top-${item.key}`}>
          {text}
        </a>
      );
    }
    if (item.path) {
      return (
        <Link to={item.path} data-testid={`top-${item.key}`}>
          {text}
        </Link>
      );
    }
    return <span data-testid={`top-${item.key}`}>{text}</span>;
  };
  const items: MenuProps['items'] = topBarItems(context).map((item) => ({
    key: item.key,
    label: label(item),
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'new-year') showSuccess(t('nav.newYearGreeting'));
  };

  return (
    <div className="top-bar">
      {onOpenMenu && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          onClick={onOpenMenu}
          aria-label={t('nav.openMenu')}
          data-testid="mobile-menu"
        />
      )}
      <Brand />
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={[selectedTopBarKey(location.pathname)]}
        onClick={onClick}
        className="top-bar-menu"
        aria-label={t('nav.topBar')}
      />
      <div className="top-bar-actions">
        <ModeBadges />
        <ThemeToggle />
        <LanguageMenu />
        {user ? <UserMenu /> : <AuthLinks />}
      </div>
    </div>
  );
}
