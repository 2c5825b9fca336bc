import { Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { finishOAuth } from '../../api/auth.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { showError, showSuccess, showWarning } from '../../components/feedback.ts';
import { useSession } from '../../components/session.tsx';
import { TwoFactorStep } from '../login/TwoFactorStep.tsx';
import {
  BIND_SUCCESS_PATH,
  callOnce,
  FAILURE_PATH,
  LOGIN_SUCCESS_PATH,
  type OAuthOutcome,
  oauthOutcome,
  parseOAuthProvider,
} from './oauth-callback.ts';

/** How long the failure notice stays before the move to the login page. */
const FAILURE_REDIRECT_DELAY_MS = 1500;

/**
 * Route /oauth/:provider (github, oidc, linuxdo): the provider sends the browser back with code and
 * state; the server either binds the identity to the logged-in account or logs the user in.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { provider: providerParam } = useParams();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') ?? '';
  const state = searchParams.get('state') ?? '';
  const [codeStep, setCodeStep] = useState(false);

  useEffect(() => {
    let active = true;
    let failureTimer: number | undefined;
    const provider = parseOAuthProvider(providerParam);
    const outcome: Promise<OAuthOutcome> = provider
      ? callOnce(`${provider}|${code}|${state}`, () => finishOAuth(provider, code, state)).then(oauthOutcome)
      : Promise.resolve({ kind: 'failed', message: t('oauth.unknownProvider') });
    outcome
      .catch((error: unknown): OAuthOutcome => {
        showError(error);
        return { kind: 'failed', message: '' };
      })
      .then((result) => {
        if (!active) return;
        if (result.kind === 'bound') {
          showSuccess(t('oauth.bindSuccess'));
          navigate(BIND_SUCCESS_PATH, { replace: true });
        } else if (result.kind === 'codeStep') {
          setCodeStep(true);
        } else if (result.kind === 'loggedIn') {
          setUser(result.user);
          showSuccess(t('oauth.loginSuccess'));
          navigate(LOGIN_SUCCESS_PATH, { replace: true });
        } else {
          if (result.message) showError(result.message);
          showWarning(t('oauth.redirectingToLogin'));
          failureTimer = window.setTimeout(
            () => navigate(FAILURE_PATH, { replace: true }),
            FAILURE_REDIRECT_DELAY_MS,
          );
        }
      });
    return () => {
      active = false;
      window.clearTimeout(failureTimer);
    };
  }, [providerParam, code, state, navigate, setUser, t]);

  if (codeStep)
    return (
      <AuthCard title={t('security.login.title')}>
        <TwoFactorStep onCancel={() => navigate(FAILURE_PATH, { replace: true })} />
      </AuthCard>
    );

  return (
    <div
      className="centered-page"
      style={{ flexDirection: 'column', alignItems: 'center' }}
      data-testid="oauth-callback"
    >
      <Spin size="large" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('oauth.processing')}
      </Typography.Paragraph>
    </div>
  );
}
