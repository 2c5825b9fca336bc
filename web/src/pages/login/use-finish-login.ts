import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiReply, SessionUser } from '../../../../common/api-types.ts';
import { isCodeRequired } from '../../api/security.ts';
import { showError, showSuccess, showWarning } from '../../components/feedback.ts';
import { ENROLMENT_PATH } from '../../components/guards.tsx';
import { useSession } from '../../components/session.tsx';

/**
 * Opens the login page's code step: a WeChat or Telegram sign-in of a user with two-factor on answers
 * `{require_2fa: true}` like the password step (docs/security.md).
 */
export const CodeStepContext = createContext<(() => void) | null>(null);

/**
 * Stores the user of a successful login reply, says so and moves to `target`; shows a failure. Returns success.
 * An administrator kept to enrolment (AdminTwoFactorRequired, docs/security.md) is told why and sent to the
 * personal page instead.
 */
export function useFinishLogin(): (reply: ApiReply<SessionUser>, target: string) => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const openCodeStep = useContext(CodeStepContext);
  return useCallback(
    (reply, target) => {
      if (reply.success && isCodeRequired(reply.data) && openCodeStep) {
        openCodeStep();
        return true;
      }
      if (!reply.success || !reply.data) {
        showError(reply.message || t('login.failed'));
        return false;
      }
      setUser(reply.data);
      if (reply.data.require_2fa_setup) {
        showWarning(reply.message || t('security.login.enrolFirst'));
        navigate(ENROLMENT_PATH, { replace: true });
        return true;
      }
      showSuccess(t('login.success'));
      navigate(target, { replace: true });
      return true;
    },
    [t, navigate, setUser, openCodeStep],
  );
}
