/**
 * Telegram Login Widget (https://core.telegram.org/widgets/login#checking-authorization): the widget
 * hands the browser the user's fields and `hash` = hex HMAC-SHA256 of the data-check string (every
 * other field as `key=value`, sorted by key, joined by newlines) keyed with SHA-256 of the bot token.
 * The console adds `lang`, which is not signed. Data older than a day (or dated in the future beyond a
 * minute of clock skew) is refused so a leaked link cannot be replayed for long.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import type { ExternalIdentity } from './account-linking.ts';

export const TELEGRAM_MAX_AGE_SECONDS = 24 * 3600;
export const TELEGRAM_CLOCK_SKEW_SECONDS = 60;
/** Fields that travel with the widget data but are not part of what Telegram signs. */
const unsignedFields = new Set(['hash', 'lang']);

export function telegramEnabled(context: AppContext): boolean {
  return context.options.getBoolean('TelegramOAuthEnabled') && context.options.get('TelegramBotToken') !== '';
}

/** The data-check string of the widget fields. */
export function telegramDataCheckString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((key) => !unsignedFields.has(key))
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

/** The hash Telegram computes for these fields with this bot token (also used by tests to sign data). */
export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(telegramDataCheckString(fields)).digest('hex');
}

export type TelegramVerdict = 'valid' | 'invalid' | 'expired';

/** Checks the signature (in constant time) and the age of widget data. */
export function verifyTelegramLogin(
  fields: Record<string, string>,
  botToken: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): TelegramVerdict {
  const received = fields.hash ?? '';
  if (!/^[0-9a-f]{64}$/i.test(received) || !/^\d+$/.test(fields.id ?? '')) return 'invalid';
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(received, 'hex'))) return 'invalid';
  const authDate = Number(fields.auth_date);
  if (!/^\d+$/.test(fields.auth_date ?? '') || !Number.isSafeInteger(authDate)) return 'invalid';
  if (nowSeconds - authDate > TELEGRAM_MAX_AGE_SECONDS) return 'expired';
  if (authDate - nowSeconds > TELEGRAM_CLOCK_SKEW_SECONDS) return 'invalid';
  return 'valid';
}

/** Keeps the query's single string values (repeated or nested parameters cannot be signed data). */
export function telegramFields(query: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (query === null || typeof query !== 'object') return fields;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

export function telegramIdentity(context: AppContext, fields: Record<string, string>): ExternalIdentity {
  const verdict = verifyTelegramLogin(fields, context.options.get('TelegramBotToken'));
  if (verdict === 'expired') throw businessFailure('oauth.telegram_expired');
  if (verdict !== 'valid') throw businessFailure('oauth.telegram_invalid');
  const id = fields.id ?? '';
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ').trim();
  return {
    provider: 'telegram',
    id,
    username: fields.username ?? '',
    displayName: name || fields.username || `Telegram ${id}`,
    email: '',
  };
}
