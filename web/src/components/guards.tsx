import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { EXPIRED_LOGIN_PATH } from '../api/client.ts';
import { lastSessionEndReason } from '../api/stored-user.ts';
import { useSession } from './session.tsx';
import { useStatusState } from './status.tsx';

export const SETUP_PATH = '/setup';
export const LOGIN_PATH = '/login';
/** Where an administrator kept to enrolment by AdminTwoFactorRequired may be (docs/security.md). */
export const ENROLMENT_PATH = '/personal';

/**
 * Sends visitors who are not logged in to /login (to /login?expired=true when the server ended the session),
 * and an administrator who must first set up two-factor or a passkey to the personal page.
 */
export function RequireLogin() {
  const { user } = useSession();
  const location = useLocation();
  if (!user)
    return <Navigate to={lastSessionEndReason() === 'expired' ? EXPIRED_LOGIN_PATH : LOGIN_PATH} replace />;
  if (user.require_2fa_setup && location.pathname !== ENROLMENT_PATH)
    return <Navigate to={ENROLMENT_PATH} replace />;
  return <Outlet />;
}

/** Admin-only pages (role ≥ 10); anybody else sees `fallback`. Put it inside `RequireLogin`. */
export function RequireAdmin({ fallback }: { fallback: ReactNode }) {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : fallback;
}

/** Every page except /setup goes to /setup while the server says the first-run setup is not done. */
export function SetupGate({ children }: { children: ReactNode }) {
  const { status, isFresh } = useStatusState();
  const location = useLocation();
  if (isFresh && !status.setup && location.pathname !== SETUP_PATH)
    return <Navigate to={SETUP_PATH} replace />;
  return children;
}
