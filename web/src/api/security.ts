/** Two-factor sign-in and passkeys (docs/security.md): new-api's routes. */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { SessionUser } from '../../../common/api/users.ts';
import { http } from './client.ts';

export interface TwoFactorStatus {
  enabled: boolean;
  locked: boolean;
  backup_codes_remaining?: number;
}

export interface TwoFactorSetup {
  secret: string;
  /** The otpauth:// address the QR code shows. */
  qr_code_data: string;
  backup_codes: string[];
}

export interface PasskeyItem {
  id: number;
  credential_id: string;
  attachment: string;
  backup_eligible: boolean;
  created_at: string | null;
  last_used_at: string | null;
}

export interface PasskeyList {
  enabled: boolean;
  last_used_at: string | null;
  passkeys: PasskeyItem[];
}

/** The password step's reply when a code is needed next. */
export interface CodeRequired {
  require_2fa: true;
}

export const isCodeRequired = (data: unknown): data is CodeRequired =>
  typeof data === 'object' && data !== null && (data as CodeRequired).require_2fa === true;

export const twoFactorStatus = () => http.get<TwoFactorStatus>('/api/user/2fa/status');
export const setUpTwoFactor = () => http.post<TwoFactorSetup>('/api/user/2fa/setup');
export const enableTwoFactor = (code: string) => http.post<unknown>('/api/user/2fa/enable', { code });
export const disableTwoFactor = (code: string) => http.post<unknown>('/api/user/2fa/disable', { code });
export const regenerateBackupCodes = (code: string) =>
  http.post<{ backup_codes: string[] }>('/api/user/2fa/backup_codes', { code });
/** The code step of a sign-in (TOTP or backup code). */
export const loginWithCode = (code: string) => http.post<SessionUser>('/api/user/login/2fa', { code });

export const listPasskeys = () => http.get<PasskeyList>('/api/user/passkey');
export const beginPasskeyRegistration = () =>
  http.post<{ options: PublicKeyCredentialCreationOptionsJSON }>('/api/user/passkey/register/begin');
export const finishPasskeyRegistration = (response: RegistrationResponseJSON) =>
  http.post<unknown>('/api/user/passkey/register/finish', response);
export const deletePasskey = (id: number) => http.del<unknown>(`/api/user/passkey/${id}`);
export const beginPasskeyLogin = () =>
  http.post<{ options: PublicKeyCredentialRequestOptionsJSON }>('/api/user/passkey/login/begin');
export const finishPasskeyLogin = (response: AuthenticationResponseJSON) =>
  http.post<SessionUser>('/api/user/passkey/login/finish', response);
