/**
 * TOTP and backup codes as new-api makes them (its common/totp.go): RFC 6238 with SHA-1, 6 digits, 30-second
 * steps, a base32 secret; backup codes like `AB12-CD34` (two groups of four of A–Z and 0–9), stored as bcrypt hashes of that form.
 * Pure functions; ./store.ts keeps the rows.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift). */
export const TOTP_WINDOW = 1;
export const BACKUP_CODE_COUNT = 8;
const BACKUP_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, as authenticator apps expect), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

/** The code of `secret` at `timestampMs` (for tests and the enrolment check). */
export function totpCodeAt(secret: string, timestampMs: number): string {
  return totpOf(secret).generate({ timestamp: timestampMs });
}

/** The step a time falls in. */
export const stepOf = (timestampMs: number) => Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);

/** Six digits, spaces allowed (as new-api's ValidateNumericCode), or null. */
export function cleanTotpCode(code: string): string | null {
  const clean = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(clean) ? clean : null;
}

/** The step whose code `code` is, within the window around `timestampMs`, or null. */
export function matchTotpStep(secret: string, code: string, timestampMs: number): number | null {
  const clean = cleanTotpCode(code);
  if (clean === null) return null;
  let delta: number | null;
  try {
    delta = totpOf(secret).validate({ token: clean, timestamp: timestampMs, window: TOTP_WINDOW });
  } catch {
    return null; // a stored secret that is not base32
  }
  return delta === null ? null : stepOf(timestampMs) + delta;
}

/** Fresh backup codes in the `AB12-CD34` form, shown once. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let raw = '';
    for (let index = 0; index < 8; index += 1) raw += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
    return `${raw.slice(0, 4)}-${raw.slice(4)}`;
  });
}

/** A backup code as it is hashed (`AB12-CD34`, upper case; the dash optional on input), or null. */
export function normalizeBackupCode(code: string): string | null {
  const clean = code.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{8}$/.test(clean) ? `${clean.slice(0, 4)}-${clean.slice(4)}` : null;
}
