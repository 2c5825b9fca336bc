import { GithubOutlined, LoginOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Divider, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicStatus } from '../../../../common/api-types.ts';
import type { OAuthCodeProvider } from '../../api/auth.ts';
import { useStatus } from '../../components/status.tsx';
import { AFF_STORAGE_KEY } from '../register/aff-code.ts';
import { TelegramLoginButton } from './TelegramLoginButton.tsx';
import { useOAuthRedirect } from './use-oauth-redirect.ts';
import { WeChatLoginDialog } from './WeChatLoginDialog.tsx';

export function hasThirdPartyLogin(status: PublicStatus): boolean {
  return (
    status.github_oauth ||
    status.oidc_enabled ||
    status.linuxdo_oauth ||
    status.wechat_login ||
    status.telegram_oauth
  );
}

/** Buttons for the login methods the site enables (GitHub, OIDC, Linux DO, WeChat, Telegram). */
export function ThirdPartyLogin() {
  const { t } = useTranslation();
  const status = useStatus();
  const [weChatOpen, setWeChatOpen] = useState(false);
  const oauth = useOAuthRedirect();

  if (!hasThirdPartyLogin(status)) return null;

  const redirect = (provider: OAuthCodeProvider) =>
    oauth.redirect(provider, localStorage.getItem(AFF_STORAGE_KEY) ?? undefined);

  return (
    <>
      <Divider plain>{t('login.thirdParty')}</Divider>
      <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
        {status.github_oauth && (
          <Button
            icon={<GithubOutlined />}
            loading={oauth.pending === 'github'}
            onClick={() => void redirect('github')}
            data-testid="login-github"
          >
            {t('login.withGithub')}
          </Button>
        )}
        {status.oidc_enabled && (
          <Button
            icon={<LoginOutlined />}
            loading={oauth.pending === 'oidc'}
            onClick={() => void redirect('oidc')}
            data-testid="login-oidc"
          >
            {t('login.withOidc')}
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button
            loading={oauth.pending === 'linuxdo'}
            onClick={() => void redirect('linuxdo')}
            data-testid="login-linuxdo"
          >
            {t('login.withLinuxDo')}
          </Button>
        )}
        {status.wechat_login && (
          <Button icon={<WechatOutlined />} onClick={() => setWeChatOpen(true)} data-testid="login-wechat">
            {t('login.withWechat')}
          </Button>
        )}
      </Space>
      {status.telegram_oauth && status.telegram_bot_name && (
        <div style={{ display: 'flex', justifyContent: 'center', marginTop: 12 }}>
          <TelegramLoginButton botName={status.telegram_bot_name} />
        </div>
      )}
      <WeChatLoginDialog open={weChatOpen} onClose={() => setWeChatOpen(false)} />
    </>
  );
}
