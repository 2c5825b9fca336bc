import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CommentOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  GiftOutlined,
  KeyOutlined,
  PictureOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type NavIcon, type SideBarItem, selectedSideBarKey, visibleSideBarSections } from '../../nav.ts';
import { useNavContext } from './use-nav-context.ts';

const icons: Record<NavIcon, ReactNode> = {
  playground: <AppstoreOutlined />,
  chat: <CommentOutlined />,
  dashboard: <DashboardOutlined />,
  token: <KeyOutlined />,
  log: <BarChartOutlined />,
  drawing: <PictureOutlined />,
  task: <CalendarOutlined />,
  channel: <ToolOutlined />,
  redemption: <GiftOutlined />,
  user: <TeamOutlined />,
  setting: <SettingOutlined />,
  wallet: <CreditCardOutlined />,
  models: <DatabaseOutlined />,
  subscriptions: <CrownOutlined />,
  audit: <AuditOutlined />,
  personal: <UserOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

/** The side-bar navigation (also shown in the mobile drawer). */
export function SideBarMenu({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const context = useNavContext();

  const toMenuItem = (item: SideBarItem): MenuItem => {
    const text = item.label ?? t(item.labelKey ?? '');
    if (item.children) {
      return {
        key: item.key,
        icon: icons[item.icon],
        label: <span data-testid={`nav-${item.key}`}>{text}</span>,
        children: item.children.map(toMenuItem),
      };
    }
    return {
      key: item.key,
      icon: icons[item.icon],
      label: (
        <Link to={item.path} data-testid={`nav-${item.key}`}>
          {text}
        </Link>
      ),
    };
  };

  const items: MenuItem[] = visibleSideBarSections(context).map((section) => ({
    key: `section-${section.key}`,
    type: 'group',
    label: collapsed ? null : t(section.labelKey),
    children: section.items.map(toMenuItem),
  }));

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={[selectedSideBarKey(location.pathname)]}
      onClick={onNavigate}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      aria-label={t('nav.sideBar')}
    />
  );
}
