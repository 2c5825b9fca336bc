import { KeyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessFailure, unwrapReply } from '../../api/client.ts';
import { beginPasskeyLogin, finishPasskeyLogin } from '../../api/security.ts';
import { showError } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { AFTER_LOGIN_PATH } from '../../nav.ts';
import { useFinishLogin } from './use-finish-login.ts';

/** "Sign in with a passkey", offered when the site turned passkeys on and the browser has WebAuthn. */
export function PasskeyLoginButton() {
  const { t } = useTranslation();
  const status = useStatus() as { passkey_login?: boolean };
  const finishLogin = useFinishLogin();
  const mutation = useMutation({
    mutationFn: async () => {
      const { options } = unwrapReply(await beginPasskeyLogin());
      let response: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        response = await startAuthentication({ optionsJSON: options });
      } catch {
        throw new BusinessFailure(t('security.passkey.cancelled'));
      }
      return finishPasskeyLogin(response);
    },
    onSuccess: (reply) => finishLogin(reply, AFTER_LOGIN_PATH),
    onError: (error) => showError(error),
  });
  if (status.passkey_login !== true || !browserSupportsWebAuthn()) return null;
  return (
    <Button
      block
      icon={<KeyOutlined />}
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
      style={{ marginTop: 12 }}
      data-testid="login-passkey"
    >
      {t('security.login.passkey')}
    </Button>
  );
}
