import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../status.tsx';
import { StatusStorageKey, writeSideBarCollapsed } from '../status-storage.ts';
import { SideBarMenu } from './SideBarMenu.tsx';

export const SIDE_BAR_WIDTH = 200;
export const SIDE_BAR_COLLAPSED_WIDTH = 60;
export const HEADER_HEIGHT = 56;

/** The collapsible side bar; the choice is remembered in localStorage `default_collapse_sidebar`. */
export function SideBar() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const status = useStatus();
  const [choice, setChoice] = useState<boolean | null>(null);
  const stored = localStorage.getItem(StatusStorageKey.defaultCollapseSidebar);
  const collapsed = choice ?? (stored === null ? status.default_collapse_sidebar : stored === 'true');

  const toggle = () => {
    writeSideBarCollapsed(!collapsed);
    setChoice(!collapsed);
  };

  return (
    <Layout.Sider
      width={SIDE_BAR_WIDTH}
      collapsedWidth={SIDE_BAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      data-testid="sidebar"
      style={{
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        overflow: 'auto',
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
        <div style={{ flex: 1 }}>
          <SideBarMenu collapsed={collapsed} />
        </div>
        <Button
          type="text"
          block
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggle}
          aria-label={collapsed ? t('nav.expandSideBar') : t('nav.collapseSideBar')}
          aria-expanded={!collapsed}
          data-testid="sidebar-collapse"
          style={{ height: 40, borderRadius: 0 }}
        />
      </div>
    </Layout.Sider>
  );
}
