import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getOAuthState, type OAuthCodeProvider } from '../../api/auth.ts';
import { showError } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { authorizeUrl } from './oauth-urls.ts';

/**
 * Leaves for a provider's authorization page with a fresh OAuth state; the provider returns to
 * /oauth/<provider>, which logs in (or, for a logged-in user, binds the identity). `pending` is the
 * provider whose state is being fetched.
 */
export function useOAuthRedirect() {
  const { t } = useTranslation();
  const status = useStatus();
  const [pending, setPending] = useState<OAuthCodeProvider | null>(null);

  /** `aff` carries an invite code into a sign-up. */
  const redirect = async (provider: OAuthCodeProvider, aff?: string) => {
    setPending(provider);
    try {
      const reply = await getOAuthState(aff);
      if (!reply.success || !reply.data) {
        showError(reply.message || t('login.oauthStateFailed'));
        return;
      }
      window.location.assign(authorizeUrl(provider, status, reply.data, window.location.origin));
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
    }
  };

  return { pending, redirect };
}
