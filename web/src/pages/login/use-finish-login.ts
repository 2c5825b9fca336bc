import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiReply, SessionUser } from '../../../../common/api-types.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useSession } from '../../components/session.tsx';

/** Stores the user of a successful login reply, says so and moves to `target`; shows a failure. Returns success. */
export function useFinishLogin(): (reply: ApiReply<SessionUser>, target: string) => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setUser } = useSession();
  return useCallback(
    (reply, target) => {
      if (!reply.success || !reply.data) {
        showError(reply.message || t('login.failed'));
        return false;
      }
      setUser(reply.data);
      showSuccess(t('login.success'));
      navigate(target, { replace: true });
      return true;
    },
    [t, navigate, setUser],
  );
}
