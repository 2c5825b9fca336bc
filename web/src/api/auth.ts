import type {
  LoginPayload,
  RegisterPayload,
  SessionUser,
  TelegramAuthData,
} from '../../../common/api/users.ts';
import { http } from './client.ts';

export type { RegisterPayload, TelegramAuthData };

export const login = (username: string, password: string, turnstile = '') =>
  http.post<SessionUser>('/api/user/login', { username, password } satisfies LoginPayload, { turnstile });

export const register = (payload: RegisterPayload, turnstile = '') =>
  http.post<unknown>('/api/user/register', payload, { turnstile });

export const logout = () => http.get<unknown>('/api/user/logout');

/** Sends an email verification code (docs/reference/console-api.md GET /api/verification). */
export const sendVerificationCode = (email: string, turnstile = '') =>
  http.get<unknown>('/api/verification', { email, turnstile });

/** A one-use OAuth state bound to this browser session; `aff` carries an invite code into the sign-up. */
export const getOAuthState = (aff?: string) =>
  http.get<string>('/api/oauth/state', aff ? { aff } : undefined);

export const loginWithWeChat = (code: string) => http.get<SessionUser>('/api/oauth/wechat', { code });

export const loginWithTelegram = (data: TelegramAuthData, language: string) =>
  http.get<SessionUser>('/api/oauth/telegram/login', { ...data, lang: language });

/** Emails a one-use reset link; the reply is the same whether or not the address is known. */
export const requestPasswordReset = (email: string, turnstile = '') =>
  http.get<unknown>('/api/reset_password', { email, turnstile });

/** Spends the emailed reset token; data is the new 12-character password. */
export const confirmPasswordReset = (email: string, token: string) =>
  http.post<string>('/api/user/reset', { email, token });

export type OAuthCodeProvider = 'github' | 'oidc' | 'linuxdo';

/** The provider's redirect back: message 'bind' means the account was bound, else data is the logged-in user. */
export const finishOAuth = (provider: OAuthCodeProvider, code: string, state: string) =>
  http.get<SessionUser>(`/api/oauth/${provider}`, { code, state });

/** Binds a verified address to the logged-in user. */
export const bindEmail = (email: string, code: string) =>
  http.get<unknown>('/api/oauth/email/bind', { email, code });

export const bindWeChat = (code: string) => http.get<unknown>('/api/oauth/wechat/bind', { code });

export const bindTelegram = (data: TelegramAuthData) =>
  http.get<unknown>('/api/oauth/telegram/bind', { ...data });
