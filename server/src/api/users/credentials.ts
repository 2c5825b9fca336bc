/** Username and password rules shared by registration, setup, self-service and admin forms. */
import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../../../../common/limits.ts';
import { businessFailure } from '../../lib/errors.ts';

/** bcrypt reads at most 72 bytes; longer passwords would be silently truncated. */
const PASSWORD_MAX_BYTES = 72;

/** Control and format characters (NUL, line breaks, bidi overrides …) and `@`, which marks an email. */
const FORBIDDEN_IN_USERNAME = /[@\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * A new username: trimmed, not empty, not too long, without `@` (so that it can never equal an email
 * address, which logs in too) and without control characters.
 */
export function validUsername(raw: string): string {
  const username = raw.trim();
  if (username === '') throw businessFailure('user.username_required');
  if (FORBIDDEN_IN_USERNAME.test(username)) throw businessFailure('user.username_invalid');
  if ([...username].length > USERNAME_MAX_LENGTH) {
    throw businessFailure('user.username_too_long', { max: USERNAME_MAX_LENGTH });
  }
  return username;
}

export function validDisplayName(raw: string | undefined, fallback: string): string {
  const name = (raw ?? '').trim() || fallback;
  if ([...name].length > DISPLAY_NAME_MAX_LENGTH) {
    throw businessFailure('user.display_name_too_long', { max: DISPLAY_NAME_MAX_LENGTH });
  }
  return name;
}

export function validPassword(password: string): string {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw businessFailure('user.password_too_short', { min: PASSWORD_MIN_LENGTH });
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) {
    throw businessFailure('user.password_too_long', { max: PASSWORD_MAX_BYTES });
  }
  return password;
}
