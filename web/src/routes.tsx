import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAdmin, RequireLogin } from './components/guards.tsx';
import { PageLayout } from './components/layout/PageLayout.tsx';
import { RouteError } from './components/RouteError.tsx';
import { AboutPage } from './pages/about/AboutPage.tsx';
import { HomePage } from './pages/home/HomePage.tsx';
import { LoginPage } from './pages/login/LoginPage.tsx';
import { NotFoundPage } from './pages/not-found/NotFoundPage.tsx';
import { RegisterPage } from './pages/register/RegisterPage.tsx';
import { SetupPage } from './pages/setup/SetupPage.tsx';

export { AFTER_LOGIN_PATH } from './nav.ts';

const UsersPage = lazy(() =>
  import('./pages/users/UsersPage.tsx').then((module) => ({ default: module.UsersPage })),
);
const UserEditPage = lazy(() =>
  import('./pages/users/UserEditPage.tsx').then((module) => ({ default: module.UserEditPage })),
);
const TokensPage = lazy(() =>
  import('./pages/tokens/TokensPage.tsx').then((module) => ({ default: module.TokensPage })),
);
const ChatPage = lazy(() =>
  import('./pages/chat/ChatPage.tsx').then((module) => ({ default: module.ChatPage })),
);
const ChatToLinkPage = lazy(() =>
  import('./pages/chat/ChatToLinkPage.tsx').then((module) => ({ default: module.ChatToLinkPage })),
);
const ChannelsPage = lazy(() =>
  import('./pages/channels/ChannelsPage.tsx').then((module) => ({ default: module.ChannelsPage })),
);
const ChannelEditPage = lazy(() =>
  import('./pages/channels/ChannelEditPage.tsx').then((module) => ({ default: module.ChannelEditPage })),
);
const OrdersPage = lazy(() =>
  import('./pages/orders/OrdersPage.tsx').then((module) => ({ default: module.OrdersPage })),
);
const ModelsPage = lazy(() =>
  import('./pages/models/ModelsPage.tsx').then((module) => ({ default: module.ModelsPage })),
);
const SubscriptionsPage = lazy(() =>
  import('./pages/subscriptions/SubscriptionsPage.tsx').then((module) => ({
    default: module.SubscriptionsPage,
  })),
);
const AuditPage = lazy(() =>
  import('./pages/audit/AuditPage.tsx').then((module) => ({ default: module.AuditPage })),
);
const RedemptionsPage = lazy(() =>
  import('./pages/redemptions/RedemptionsPage.tsx').then((module) => ({ default: module.RedemptionsPage })),
);
const LogsPage = lazy(() =>
  import('./pages/logs/LogsPage.tsx').then((module) => ({ default: module.LogsPage })),
);
const MidjourneyPage = lazy(() =>
  import('./pages/midjourney/MidjourneyPage.tsx').then((module) => ({ default: module.MidjourneyPage })),
);
const TasksPage = lazy(() =>
  import('./pages/tasks/TasksPage.tsx').then((module) => ({ default: module.TasksPage })),
);
const DashboardPage = lazy(() =>
  import('./pages/dashboard/DashboardPage.tsx').then((module) => ({ default: module.DashboardPage })),
);
const PricingPage = lazy(() =>
  import('./pages/pricing/PricingPage.tsx').then((module) => ({ default: module.PricingPage })),
);
const PlaygroundPage = lazy(() =>
  import('./pages/playground/PlaygroundPage.tsx').then((module) => ({ default: module.PlaygroundPage })),
);
const WalletPage = lazy(() =>
  import('./pages/wallet/WalletPage.tsx').then((module) => ({ default: module.WalletPage })),
);
const SettingsPage = lazy(() =>
  import('./pages/settings/SettingsPage.tsx').then((module) => ({ default: module.SettingsPage })),
);
const ResetRequestPage = lazy(() =>
  import('./pages/reset/ResetRequestPage.tsx').then((module) => ({ default: module.ResetRequestPage })),
);
const ResetConfirmPage = lazy(() =>
  import('./pages/reset/ResetConfirmPage.tsx').then((module) => ({ default: module.ResetConfirmPage })),
);
const OAuthCallbackPage = lazy(() =>
  import('./pages/oauth/OAuthCallbackPage.tsx').then((module) => ({ default: module.OAuthCallbackPage })),
);
const PersonalPage = lazy(() =>
  import('./pages/personal/PersonalPage.tsx').then((module) => ({ default: module.PersonalPage })),
);

/**
 * The console's routes (docs/reference/console-screens.md route table). Pages not built yet are not registered and fall to the
 * not-found page. Every page renders inside `PageLayout`, which also sends everything to /setup while the
 * first-run setup is not done.
 */
export const routes: RouteObject[] = [
  {
    element: <PageLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'setup', element: <SetupPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'chat/:id?', element: <ChatPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'reset', element: <ResetRequestPage /> },
      { path: 'user/reset', element: <ResetConfirmPage /> },
      { path: 'oauth/:provider', element: <OAuthCallbackPage /> },
      {
        element: <RequireLogin />,
        children: [
          { path: 'token', element: <TokensPage /> },
          { path: 'chat2link', element: <ChatToLinkPage /> },
          { path: 'log', element: <LogsPage /> },
          { path: 'midjourney', element: <MidjourneyPage /> },
          { path: 'task', element: <TasksPage /> },
          { path: 'detail', element: <DashboardPage /> },
          { path: 'playground', element: <PlaygroundPage /> },
          { path: 'topup', element: <WalletPage /> },
          { path: 'setting', element: <SettingsPage /> },
          { path: 'personal', element: <PersonalPage /> },
          { path: 'user/edit', element: <Navigate to="/personal" replace /> },
          {
            element: <RequireAdmin fallback={<NotFoundPage />} />,
            children: [
              { path: 'user', element: <UsersPage /> },
              { path: 'user/edit/:id', element: <UserEditPage /> },
              { path: 'channel', element: <ChannelsPage /> },
              { path: 'channel/add', element: <ChannelEditPage /> },
              { path: 'channel/edit/:id', element: <ChannelEditPage /> },
              { path: 'redemption', element: <RedemptionsPage /> },
              { path: 'models', element: <ModelsPage /> },
              { path: 'topup-orders', element: <OrdersPage /> },
              { path: 'subscriptions', element: <SubscriptionsPage /> },
              { path: 'audit', element: <AuditPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
