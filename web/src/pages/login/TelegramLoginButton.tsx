import { loginWithTelegram } from '../../api/auth.ts';
import { showError } from '../../components/feedback.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { TelegramWidget } from './TelegramWidget.tsx';
import { useFinishLogin } from './use-finish-login.ts';

/** Telegram's login widget for the configured bot; a successful check logs the user in. */
export function TelegramLoginButton({ botName }: { botName: string }) {
  const finishLogin = useFinishLogin();
  return (
    <TelegramWidget
      botName={botName}
      testId="telegram-login"
      onAuth={(user) => {
        loginWithTelegram(user, currentLanguage())
          .then((reply) => finishLogin(reply, '/'))
          .catch(showError);
      }}
    />
  );
}
