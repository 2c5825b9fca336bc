/** Pure rules of the password reset pages (docs/reference/console-screens.md "Password reset request/confirm", docs/reference/console-validation.md). */

export interface ResetLinkParams {
  email: string;
  token: string;
}

/** The email and token of an emailed reset link (`/user/reset?email&token`), or null when either is missing. */
export function readResetLink(search: URLSearchParams): ResetLinkParams | null {
  const email = search.get('email')?.trim() ?? '';
  const token = search.get('token')?.trim() ?? '';
  return email !== '' && token !== '' ? { email, token } : null;
}

export type ResetRequestCheck = 'empty' | 'turnstile' | 'ok';

/**
 * An empty email does nothing ('empty'); with the bot check on and no token yet the user is asked to
 * wait ('turnstile'); otherwise the request may go out.
 */
export function checkResetRequest(
  email: string,
  turnstileRequired: boolean,
  turnstileToken: string,
): ResetRequestCheck {
  if (email.trim() === '') return 'empty';
  if (turnstileRequired && turnstileToken === '') return 'turnstile';
  return 'ok';
}
