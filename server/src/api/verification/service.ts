/**
 * Email codes (6 characters, 10 minutes, 30 s between requests), email binding, and password reset by
 * emailed link (one use) — all kept in the database so they survive restarts and work across instances.
 */
import { PASSWORD_MIN_LENGTH } from '../../../../common/limits.ts';
import { consumeSecret, issueSecret, type SecretPurpose } from '../../auth/one-time-secrets.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeSessions } from '../../auth/session.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { businessFailure } from '../../lib/errors.ts';
import { sendMail, smtpConfigured } from '../../lib/mailer.ts';
import { type Language, translate } from '../../lib/messages.ts';
import { randomString } from '../../lib/random.ts';
import { localServerAddress, savedServerAddress } from '../../options/server-address.ts';
import { emailRefusal, normalizeEmail } from './email-rules.ts';

const CODE_MINUTES = 10;
const RESET_MINUTES = 15;
const RESEND_SECONDS = 30;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function checkedEmail(context: AppContext, raw: string): string {
  const email = normalizeEmail(raw);
  const whitelist = context.options
    .get('EmailDomainWhitelist')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  const refusal = emailRefusal(email, {
    domainRestriction: context.options.getBoolean('EmailDomainRestrictionEnabled'),
    whitelist,
    aliasRestriction: context.options.getBoolean('EmailAliasRestrictionEnabled'),
  });
  if (refusal) throw businessFailure(refusal.code, refusal.params);
  return email;
}

async function waitBetweenRequests(
  context: AppContext,
  purpose: SecretPurpose,
  subject: string,
): Promise<void> {
  const latest = await context.database.db
    .selectFrom('one_time_secrets')
    .select('created_at')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const elapsed = Math.floor(Date.now() / 1000) - Number(latest?.created_at ?? 0);
  if (latest && elapsed < RESEND_SECONDS)
    throw businessFailure('verification.too_soon', { seconds: RESEND_SECONDS - elapsed });
}

/**
 * Refuses, the same way for every address, when no mail server is set up, and tells the operator in the
 * server log (the visitor learns only that this site sends no email).
 */
function requireMailServer(context: AppContext, purpose: SecretPurpose): void {
  if (smtpConfigured(context.options)) return;
  context.logger.warn(
    { purpose },
    'an email was requested but SMTP is not configured (set SMTPServer and SMTPAccount in the settings)',
  );
  throw businessFailure('verification.smtp_missing');
}

/**
 * The start of a reset link. Never taken from the request (its Host header is the visitor's to forge, and
 * the link goes to someone else's mailbox): the saved ServerAddress, else this server's local address.
 */
function resetLinkBase(context: AppContext): string {
  const saved = savedServerAddress(context.options);
  if (saved) return saved;
  const local = localServerAddress(context.config.port);
  context.logger.warn(`ServerAddress is not set: the password reset link points at ${local}`);
  return local;
}

async function deliver(context: AppContext, to: string, subject: string, html: string): Promise<void> {
  try {
    await sendMail(context.options, { to, subject, html });
  } catch (error) {
    throw businessFailure('verification.send_failed', { reason: (error as Error).message });
  }
}

function systemName(context: AppContext): string {
  return context.options.get('SystemName') || 'Switchyard';
}

/** GET /api/verification: emails a code for registration or binding (the address must be free). */
export async function sendVerificationCode(
  context: AppContext,
  rawEmail: string,
  language: Language,
): Promise<void> {
  const email = checkedEmail(context, rawEmail);
  const taken = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (taken) throw businessFailure('verification.email_taken');
  await waitBetweenRequests(context, 'email_verification', email);
  requireMailServer(context, 'email_verification');
  const code = randomString(6, CODE_ALPHABET);
  await issueSecret(context.database.db, 'email_verification', email, code, CODE_MINUTES * 60);
  await deliver(
    context,
    email,
    translate('verification.code_subject', language, { system: systemName(context) }),
    translate('verification.code_body', language, { code, minutes: CODE_MINUTES }),
  );
}

/** GET /api/oauth/email/bind: binds a verified address to the logged-in user. */
export async function bindEmail(
  context: AppContext,
  user: AuthUser,
  rawEmail: string,
  code: string,
): Promise<void> {
  if (!rawEmail.trim() || !code.trim()) throw businessFailure('verification.email_required');
  const email = checkedEmail(context, rawEmail);
  if (!(await consumeSecret(context.database.db, 'email_verification', email, code.trim().toUpperCase()))) {
    throw businessFailure('user.verification_code_wrong');
  }
  try {
    const owner = await context.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (owner && owner.id !== user.id) throw businessFailure('verification.email_taken');
    await context.database.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw businessFailure('verification.email_taken');
    throw error;
  }
  await context.accounts.refreshUser(user.id);
}

/** GET /api/reset_password: emails a one-use reset link; answers the same whether or not the address is known. */
export async function sendResetLink(
  context: AppContext,
  rawEmail: string,
  language: Language,
): Promise<void> {
  // The answer must not tell whether an address is registered: the mail configuration is checked before
  // the address is looked up, and the mail goes out after the reply (its time and failures would tell).
  requireMailServer(context, 'password_reset');
  const email = normalizeEmail(rawEmail);
  if (!email) return;
  const user = await context.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) return;
  try {
    await waitBetweenRequests(context, 'password_reset', email);
  } catch {
    return; // Too soon after the last link: no new one, and the same answer as for any address.
  }
  const token = randomString(32);
  await issueSecret(context.database.db, 'password_reset', email, token, RESET_MINUTES * 60);
  const link = `${resetLinkBase(context)}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
  deliver(
    context,
    email,
    translate('verification.reset_subject', language, { system: systemName(context) }),
    translate('verification.reset_body', language, { link, minutes: RESET_MINUTES }),
  ).catch((error: unknown) => {
    context.logger.error({ err: error, userId: user.id }, 'password reset email could not be sent');
  });
}

/** POST /api/user/reset: spends the link and sets a new random 12-character password, returned once. */
export async function resetPassword(context: AppContext, rawEmail: string, token: string): Promise<string> {
  const email = normalizeEmail(rawEmail);
  if (!email || !token || !(await consumeSecret(context.database.db, 'password_reset', email, token))) {
    throw businessFailure('verification.reset_invalid');
  }
  const password = randomString(Math.max(12, PASSWORD_MIN_LENGTH));
  const { db } = context.database;
  await db
    .updateTable('users')
    .set({ password: await hashPassword(password) })
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .execute();
  // The reset ends every session of the account (a thief's cookie included).
  const owners = await db.selectFrom('users').select('id').where('email', '=', email).execute();
  for (const owner of owners) await revokeSessions(db, owner.id);
  return password;
}
