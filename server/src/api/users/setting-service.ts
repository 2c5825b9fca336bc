/** A user's notification and price settings (PUT /api/user/setting), kept as JSON in users.setting. */
import { z } from 'zod';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { readJsonColumn, readJsonObjectColumn } from '../../db/json-column.ts';
import { businessFailure } from '../../lib/errors.ts';
import { emailRefusal } from '../verification/email-rules.ts';

export const userSettingInput = z.object({
  notify_type: z.enum(['email', 'webhook']).default('email'),
  quota_warning_threshold: z.number().min(0).max(1e15).default(500_000),
  webhook_url: z.string().trim().max(1024).default(''),
  webhook_secret: z.string().max(256).default(''),
  notification_email: z.string().trim().max(255).default(''),
  accept_unset_model_ratio_model: z.boolean().default(false),
  /** new-api's switch: the client IP is recorded in the user's log rows only when on; kept when not sent. */
  record_ip_log: z.boolean().optional(),
});

export type UserSettingInput = z.infer<typeof userSettingInput>;

export async function updateUserSetting(
  context: AppContext,
  user: AuthUser,
  input: UserSettingInput,
): Promise<void> {
  if (input.notify_type === 'webhook') {
    let url: URL | null = null;
    try {
      url = new URL(input.webhook_url);
    } catch {
      url = null;
    }
    if (url?.protocol !== 'https:') throw businessFailure('setting.webhook_https');
  }
  if (
    input.notification_email &&
    emailRefusal(input.notification_email.toLowerCase(), {
      domainRestriction: false,
      whitelist: [],
      aliasRestriction: false,
    })
  ) {
    throw businessFailure('verification.email_invalid');
  }
  const row = await context.database.db
    .selectFrom('users')
    .select('setting')
    .where('id', '=', user.id)
    .executeTakeFirst();
  const previous = readJsonObjectColumn(row?.setting);
  // An empty secret keeps the stored one (the console never receives it back).
  const secret =
    input.webhook_secret || (typeof previous.webhook_secret === 'string' ? previous.webhook_secret : '');
  const setting = {
    ...previous,
    ...input,
    webhook_secret: secret,
    quota_warning_threshold: Math.floor(input.quota_warning_threshold),
  };
  await context.database.db
    .updateTable('users')
    .set({ setting: JSON.stringify(setting) })
    .where('id', '=', user.id)
    .execute();
  await context.accounts.refreshUser(user.id);
}

/** The setting as the console may see it: the webhook secret is never sent back. */
export function publicSetting(value: unknown): string {
  const parsed = readJsonColumn(value);
  if (parsed === undefined) return '';
  const setting = readJsonObjectColumn(parsed);
  if (setting.webhook_secret) return JSON.stringify({ ...setting, webhook_secret: '' });
  return JSON.stringify(parsed);
}
