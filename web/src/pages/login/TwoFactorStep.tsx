import { SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginWithCode } from '../../api/security.ts';
import { AuthCardNote, SubmitButton } from '../../components/AuthCard.tsx';
import { FormInput } from '../../components/FormInput.tsx';
import { showError } from '../../components/feedback.ts';
import { AFTER_LOGIN_PATH } from '../../nav.ts';
import { useFinishLogin } from './use-finish-login.ts';

/** The login's second step (docs/security.md): a code of the authenticator app, or a backup code. */
export function TwoFactorStep({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const finishLogin = useFinishLogin();
  const mutation = useMutation({
    mutationFn: (code: string) => loginWithCode(code),
    onSuccess: (reply) => finishLogin(reply, AFTER_LOGIN_PATH),
    onError: (error) => showError(error),
  });
  return (
    <>
      <AuthCardNote>{t('security.login.codePrompt')}</AuthCardNote>
      <Form<{ code?: string }>
        name="login-2fa"
        layout="vertical"
        requiredMark={false}
        onFinish={({ code = '' }) => {
          if (code.trim() === '') showError(t('security.login.codeMissing'));
          else mutation.mutate(code.trim());
        }}
      >
        <FormInput
          name="code"
          label={t('security.login.code')}
          prefix={<SafetyOutlined />}
          autoComplete="one-time-code"
          placeholder={t('security.login.codePlaceholder')}
          maxLength={32}
          testId="login-2fa-code"
        />
        <SubmitButton loading={mutation.isPending} testId="login-2fa-submit">
          {t('security.login.verify')}
        </SubmitButton>
      </Form>
      <Button type="link" block onClick={onCancel} data-testid="login-2fa-back">
        {t('security.login.back')}
      </Button>
    </>
  );
}
