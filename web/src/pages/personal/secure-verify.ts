/**
 * Asking again before a sensitive action (docs/security.md "Asking again"): which second factors the user has,
 * a TOTP or backup code through POST /api/verify, or a passkey assertion through /api/user/passkey/verify/*.
 * The server then accepts the action from this browser for five minutes.
 */
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { BusinessFailure, ensureSuccess, http, unwrapReply } from '../../api/client.ts';
import { listPasskeys, twoFactorStatus } from '../../api/security.ts';

export interface SecondFactors {
  twoFactor: boolean;
  passkey: boolean;
}

/** What the user can verify with; neither means the action is refused until they set one up. */
export async function secondFactors(): Promise<SecondFactors> {
  const [twoFactor, passkeys] = await Promise.all([twoFactorStatus(), listPasskeys()]);
  return {
    twoFactor: twoFactor.success && twoFactor.data?.enabled === true,
    passkey: passkeys.success && (passkeys.data?.passkeys.length ?? 0) > 0,
  };
}

export async function verifyWithCode(code: string): Promise<void> {
  ensureSuccess(await http.post<unknown>('/api/verify', { method: '2fa', code }));
}

/** A passkey assertion of the signed-in user; `cancelledText` when the browser's prompt is dismissed. */
export async function verifyWithPasskey(cancelledText: string): Promise<void> {
  const { options } = unwrapReply(
    await http.post<{ options: PublicKeyCredentialRequestOptionsJSON }>('/api/user/passkey/verify/begin'),
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch {
    throw new BusinessFailure(cancelledText);
  }
  ensureSuccess(await http.post<unknown>('/api/user/passkey/verify/finish', response));
  ensureSuccess(await http.post<unknown>('/api/verify', { method: 'passkey' }));
}
