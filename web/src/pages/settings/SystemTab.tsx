import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { OidcDiscoveryButton } from './OidcDiscoveryButton.tsx';
import { OptionSections } from './OptionSection.tsx';
import { adminTwoFactorFields, passkeyFields, passkeyProblem } from './security-passkey.tsx';
import {
  emailDomainFields,
  githubFields,
  linuxDoFields,
  loadGuardFields,
  loginFields,
  oidcFields,
  paymentFields,
  serverFields,
  smtpFields,
  telegramFields,
  turnstileFields,
  wechatFields,
  workerFields,
} from './system-fields.ts';

/** The system tab, root only (docs/reference/console-screens.md "Settings"). */
export function SystemTab({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation();
  const callbackBase = options.ServerAddress || window.location.origin;
  const callbackNote = (path: string) => (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('settings.system.callbackNote', { url: `${callbackBase}${path}` })}
    />
  );
  const serverAddressMissing = (options.ServerAddress ?? '').trim() === '';
  return (
    <OptionSections
      options={options}
      sections={[
        { name: 'server', title: 'settings.section.server', fields: serverFields },
        { name: 'worker', title: 'settings.section.worker', fields: workerFields },
        { name: 'load-guard', title: 'loadGuard.title', fields: loadGuardFields },
        {
          name: 'payment',
          title: 'settings.section.payment',
          fields: paymentFields,
          beforeSave: () => (serverAddressMissing ? 'settings.payment.serverAddressFirst' : null),
          intro: serverAddressMissing ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('settings.payment.serverAddressFirst')}
            />
          ) : null,
        },
        { name: 'login', title: 'settings.section.login', fields: loginFields },
        { name: 'email-domain', title: 'settings.section.emailDomain', fields: emailDomainFields },
        { name: 'smtp', title: 'settings.section.smtp', fields: smtpFields },
        {
          name: 'oidc',
          title: 'settings.section.oidc',
          fields: oidcFields,
          intro: callbackNote('/oauth/oidc'),
          extra: (form) => <OidcDiscoveryButton form={form} />,
        },
        {
          name: 'github',
          title: 'settings.section.github',
          fields: githubFields,
          intro: callbackNote('/oauth/github'),
        },
        {
          name: 'linuxdo',
          title: 'settings.section.linuxdo',
          fields: linuxDoFields,
          intro: callbackNote('/oauth/linuxdo'),
        },
        { name: 'wechat', title: 'settings.section.wechat', fields: wechatFields },
        { name: 'telegram', title: 'settings.section.telegram', fields: telegramFields },
        { name: 'turnstile', title: 'settings.section.turnstile', fields: turnstileFields },
        {
          name: 'passkey',
          title: 'security.settings.passkeyTitle',
          fields: passkeyFields,
          beforeSave: passkeyProblem,
        },
        { name: 'admin-2fa', title: 'security.settings.adminTitle', fields: adminTwoFactorFields },
      ]}
    />
  );
}
