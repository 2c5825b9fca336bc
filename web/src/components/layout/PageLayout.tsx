import { Drawer, Layout, Spin, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isSideBarShown } from '../../nav.ts';
import { SetupGate } from '../guards.tsx';
import { useSession } from '../session.tsx';
import { useIsMobile } from '../use-is-mobile.ts';
import { Footer } from './Footer.tsx';
import { HEADER_HEIGHT, SideBar } from './SideBar.tsx';
import { SideBarMenu } from './SideBarMenu.tsx';
import { TopBar } from './TopBar.tsx';

/** Header, side bar (where it belongs), the page, and the footer. */
export function PageLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const isMobile = useIsMobile();
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loggedIn = user !== null;
  const showSideBar = isSideBarShown(location.pathname, { loggedIn }, isMobile);
  const offerDrawer = isMobile && loggedIn && location.pathname !== '/setup';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          padding: '0 16px',
          position: 'sticky',
          top: 0,
          zIndex: 100,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <TopBar onOpenMenu={offerDrawer ? () => setDrawerOpen(true) : undefined} />
      </Layout.Header>
      <Layout hasSider={showSideBar}>
        {showSideBar && <SideBar />}
        <Layout>
          <Layout.Content className="page-content">
            <SetupGate>
              <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
                <Outlet />
              </Suspense>
            </SetupGate>
          </Layout.Content>
          <Footer />
        </Layout>
      </Layout>
      {offerDrawer && (
        <Drawer
          placement="left"
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('nav.menu')}
          styles={{ body: { padding: 0 } }}
        >
          <SideBarMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </Layout>
  );
}
