import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { OidcDiscoveryButton } from './OidcDiscoveryButton.tsx';
import { OptionSection } from './OptionSection.tsx';
import {
  emailDomainFields,
  githubFields,
  linuxDoFields,
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
  return (
    <>
      <OptionSection name="server" title="settings.section.server" fields={serverFields} options={options} />
      <OptionSection name="worker" title="settings.section.worker" fields={workerFields} options={options} />
      <OptionSection
        name="payment"
        title="settings.section.payment"
        fields={paymentFields}
        options={options}
        beforeSave={() =>
          (options.ServerAddress ?? '').trim() === '' ? 'settings.payment.serverAddressFirst' : null
        }
        intro={
          (options.ServerAddress ?? '').trim() === '' ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('settings.payment.serverAddressFirst')}
            />
          ) : null
        }
      />
      <OptionSection name="login" title="settings.section.login" fields={loginFields} options={options} />
      <OptionSection
        name="email-domain"
        title="settings.section.emailDomain"
        fields={emailDomainFields}
        options={options}
      />
      <OptionSection name="smtp" title="settings.section.smtp" fields={smtpFields} options={options} />
      <OptionSection
        name="oidc"
        title="settings.section.oidc"
        fields={oidcFields}
        options={options}
        intro={callbackNote('/oauth/oidc')}
        extra={(form) => <OidcDiscoveryButton form={form} />}
      />
      <OptionSection
        name="github"
        title="settings.section.github"
        fields={githubFields}
        options={options}
        intro={callbackNote('/oauth/github')}
      />
      <OptionSection
        name="linuxdo"
        title="settings.section.linuxdo"
        fields={linuxDoFields}
        options={options}
        intro={callbackNote('/oauth/linuxdo')}
      />
      <OptionSection name="wechat" title="settings.section.wechat" fields={wechatFields} options={options} />
      <OptionSection
        name="telegram"
        title="settings.section.telegram"
        fields={telegramFields}
        options={options}
      />
      <OptionSection
        name="turnstile"
        title="settings.section.turnstile"
        fields={turnstileFields}
        options={options}
      />
    </>
  );
}
