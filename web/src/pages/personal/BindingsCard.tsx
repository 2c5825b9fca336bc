import {
  GithubOutlined,
  LinkOutlined,
  LoginOutlined,
  MailOutlined,
  SendOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { Button, Card, List, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { bindTelegram, type OAuthCodeProvider, type TelegramAuthData } from '../../api/auth.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { TelegramWidget } from '../login/TelegramWidget.tsx';
import { useOAuthRedirect } from '../login/use-oauth-redirect.ts';
import { BindEmailDialog } from './BindEmailDialog.tsx';
import { BindWeChatDialog } from './BindWeChatDialog.tsx';
import { type BindingMethod, type BindingRow, bindingRows } from './binding-rules.ts';
import { useRefreshSelf } from './use-personal.ts';

const ICONS: Record<BindingMethod, ReactNode> = {
  email: <MailOutlined />,
  wechat: <WechatOutlined />,
  github: <GithubOutlined />,
  oidc: <LoginOutlined />,
  telegram: <SendOutlined />,
  linuxdo: <LinkOutlined />,
};

function isRedirectMethod(method: BindingMethod): method is OAuthCodeProvider {
  return method === 'github' || method === 'oidc' || method === 'linuxdo';
}

/** Binds the account to email, WeChat, GitHub, OIDC, Telegram and Linux DO (docs/reference/console-screens.md "Personal settings"). */
export function BindingsCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const status = useStatus();
  const refreshSelf = useRefreshSelf();
  const [emailOpen, setEmailOpen] = useState(false);
  const [weChatOpen, setWeChatOpen] = useState(false);
  // The provider returns to /oauth/<provider>, which binds the identity to this logged-in account.
  const oauth = useOAuthRedirect();

  const onTelegramAuth = (data: TelegramAuthData) => {
    bindTelegram(data)
      .then((reply) => {
        if (!reply.success) {
          showError(reply.message);
          return;
        }
        showSuccess(t('personal.bind.success'));
        void refreshSelf();
      })
      .catch(showError);
  };

  const action = (row: BindingRow): ReactNode => {
    if (row.method === 'telegram' && row.actionable && status.telegram_bot_name) {
      return (
        <TelegramWidget botName={status.telegram_bot_name} onAuth={onTelegramAuth} testId="bind-telegram" />
      );
    }
    const label = row.method === 'email' && row.boundTo ? t('personal.bind.change') : t('personal.bind.bind');
    const onClick = () => {
      if (row.method === 'email') setEmailOpen(true);
      else if (row.method === 'wechat') setWeChatOpen(true);
      else if (isRedirectMethod(row.method)) void oauth.redirect(row.method);
    };
    return (
      <Button
        disabled={!row.actionable || (row.method === 'telegram' && !status.telegram_bot_name)}
        loading={isRedirectMethod(row.method) && oauth.pending === row.method}
        onClick={onClick}
        data-testid={`bind-${row.method}`}
      >
        {row.boundTo && row.method !== 'email' ? t('personal.bind.bound') : label}
      </Button>
    );
  };

  const description = (row: BindingRow): ReactNode => {
    if (row.boundTo)
      return <Typography.Text data-testid={`binding-${row.method}-value`}>{row.boundTo}</Typography.Text>;
    return (
      <Typography.Text type="secondary">
        {row.enabled ? t('personal.bind.notBound') : t('personal.bind.notEnabled')}
      </Typography.Text>
    );
  };

  return (
    <Card title={t('personal.bind.title')}>
      <List
        itemLayout="horizontal"
        dataSource={bindingRows(user, status)}
        data-testid="personal-bindings"
        renderItem={(row) => (
          <List.Item extra={action(row)}>
            <List.Item.Meta
              avatar={ICONS[row.method]}
              title={
                <span>
                  {t(`personal.bind.method.${row.method}`)}{' '}
                  {row.boundTo && <Tag color="green">{t('personal.bind.bound')}</Tag>}
                </span>
              }
              description={description(row)}
            />
          </List.Item>
        )}
      />
      <BindEmailDialog
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        onBound={() => void refreshSelf()}
      />
      <BindWeChatDialog
        open={weChatOpen}
        onClose={() => setWeChatOpen(false)}
        onBound={() => void refreshSelf()}
      />
    </Card>
  );
}
