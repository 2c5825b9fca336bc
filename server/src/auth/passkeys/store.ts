/**
 * Passkey rows (../../db/schema-security.ts, new-api's `passkey_credentials`): ids, COSE public keys and AAGUIDs
 * in standard base64 as new-api writes them, translated to and from @simplewebauthn's base64url credentials.
 */
import type { WebAuthnCredential } from '@simplewebauthn/server';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { readTimestamp, sqlTimestamp, storedFlag } from '../two-factor/timestamps.ts';

type PasskeyRow = Selectable<Database['passkey_credentials']>;
type Transport = NonNullable<WebAuthnCredential['transports']>[number];

export const toStdBase64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');
export const toBase64Url = (base64: string) => Buffer.from(base64, 'base64').toString('base64url');

function transportsOf(row: PasskeyRow): Transport[] | undefined {
  if (!row.transports) return undefined;
  try {
    const list: unknown = JSON.parse(row.transports);
    return Array.isArray(list)
      ? list.filter((item): item is Transport => typeof item === 'string')
      : undefined;
  } catch {
    return undefined;
  }
}

export function toWebAuthnCredential(row: PasskeyRow): WebAuthnCredential {
  const transports = transportsOf(row);
  return {
    id: toBase64Url(row.credential_id),
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64')),
    counter: Number(row.sign_count ?? 0),
    ...(transports ? { transports } : {}),
  };
}

/** What the console lists: never the key itself. */
export function toPasskeyView(row: PasskeyRow) {
  return {
    id: row.id,
    credential_id: row.credential_id,
    attachment: row.attachment ?? '',
    backup_eligible: storedFlag(row.backup_eligible),
    created_at: readTimestamp(row.created_at)?.toISOString() ?? null,
    last_used_at: readTimestamp(row.last_used_at)?.toISOString() ?? null,
  };
}

export async function listPasskeys(db: Kysely<Database>, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function findPasskeyByCredentialId(
  db: Kysely<Database>,
  base64urlId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('credential_id', '=', toStdBase64(base64urlId))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface NewPasskey {
  credential: WebAuthnCredential;
  aaguid: string;
  fmt: string;
  userVerified: boolean;
  backedUp: boolean;
  multiDevice: boolean;
  attachment: string | undefined;
}

export async function savePasskey(
  database: { db: Kysely<Database>; dialect: string },
  userId: number,
  passkey: NewPasskey,
): Promise<void> {
  const now = sqlTimestamp(database.dialect, new Date());
  const { credential } = passkey;
  await database.db
    .insertInto('passkey_credentials')
    .values({
      user_id: userId,
      credential_id: toStdBase64(credential.id),
      public_key: Buffer.from(credential.publicKey).toString('base64'),
      attestation_type: passkey.fmt,
      aaguid: Buffer.from(passkey.aaguid.replace(/-/g, ''), 'hex').toString('base64'),
      sign_count: credential.counter,
      clone_warning: 0,
      user_present: 1,
      user_verified: passkey.userVerified ? 1 : 0,
      backup_eligible: passkey.multiDevice ? 1 : 0,
      backup_state: passkey.backedUp ? 1 : 0,
      transports: credential.transports?.length ? JSON.stringify(credential.transports) : '',
      attachment: passkey.attachment ?? '',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Records a sign-in: the new counter, the flags of this assertion, the time. */
export async function recordPasskeyUse(
  database: { db: Kysely<Database>; dialect: string },
  rowId: number,
  use: { counter: number; userVerified: boolean; backedUp: boolean },
): Promise<void> {
  const now = sqlTimestamp(database.dialect, new Date());
  await database.db
    .updateTable('passkey_credentials')
    .set({
      sign_count: use.counter,
      user_verified: use.userVerified ? 1 : 0,
      backup_state: use.backedUp ? 1 : 0,
      last_used_at: now,
      updated_at: now,
    })
    .where('id', '=', rowId)
    .execute();
}

/** Deletes one passkey of a user (by row id) or all of them; hard deletes, as new-api. */
export async function deletePasskeys(db: Kysely<Database>, userId: number, rowId?: number): Promise<number> {
  let query = db.deleteFrom('passkey_credentials').where('user_id', '=', userId);
  if (rowId !== undefined) query = query.where('id', '=', rowId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
