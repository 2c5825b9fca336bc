/**
 * Single-use, expiring secrets kept in the database (docs/reference/oauth.md): email codes, reset links, OAuth
 * states. Stored as SHA-256 hashes; consuming deletes the row in the same statement that checks it,
 * so a secret works once even across instances.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type SecretPurpose =
  | 'email_verification'
  | 'password_reset'
  | 'oauth_state'
  | 'wechat_code'
  | 'passkey_challenge';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function issueSecret(
  db: Kysely<Database>,
  purpose: SecretPurpose,
  subject: string,
  secret: string,
  lifetimeSeconds: number,
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await db.transaction().execute(async (transaction) => {
    // One live secret per purpose and subject: a new code replaces the previous one.
    await transaction
      .deleteFrom('one_time_secrets')
      .where('purpose', '=', purpose)
      .where('subject', '=', subject)
      .execute();
    await transaction
      .insertInto('one_time_secrets')
      .values({
        purpose,
        subject,
        secret_hash: hash(secret),
        expires_at: now + lifetimeSeconds,
        created_at: now,
      })
      .execute();
  });
}

/** True once for a matching, unexpired secret; it is deleted on success. */
export async function consumeSecret(
  db: Kysely<Database>,
  purpose: SecretPurpose,
  subject: string,
  secret: string,
): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  const result = await db
    .deleteFrom('one_time_secrets')
    .where('purpose', '=', purpose)
    .where('subject', '=', subject)
    .where('secret_hash', '=', hash(secret))
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteExpiredSecrets(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('one_time_secrets')
    .where('expires_at', '<', Math.floor(Date.now() / 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
