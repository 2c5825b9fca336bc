/** Queries on `users` shared by the account and admin services. */

import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Page, UserView } from '../../../../common/api-types.ts';
import { idOrContains } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { randomString } from '../../lib/random.ts';
import { listPage, type Paging } from '../reply.ts';
import { type LiveCounters, toLiveUserView, type UserRow } from './view.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's row, or 404 `user.not_found`. */
export async function requireUser(db: Db, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('user.not_found');
  return row;
}

/**
 * Whether a username is taken, compared case-insensitively (`ROOT` is `root`) by the database's own
 * lower(), so both sides fold alike. Usernames stay taken after a soft delete (cancelled users count).
 */
export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', sql<string>`lower(${username})`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The account a login names: by email first when the name contains `@` (a legacy username equal to
 * someone's email cannot take over that person's email login), by username first otherwise.
 */
export async function findLoginCandidate(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const live = db.selectFrom('users').selectAll().where('deleted_at', 'is', null).orderBy('id');
  const byUsername = () => live.where('username', '=', usernameOrEmail).executeTakeFirst();
  const byEmail = () => live.where('email', '=', usernameOrEmail).executeTakeFirst();
  if (usernameOrEmail.includes('@')) return (await byEmail()) ?? (await byUsername());
  return (await byUsername()) ?? (await byEmail());
}

/** A fresh affiliate code (4 characters, longer when short codes run out). */
export async function uniqueAffCode(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const code = randomString(4 + Math.floor(attempt / 5));
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('aff_code', '=', code)
      .executeTakeFirst();
    if (!existing) return code;
  }
  return randomString(16);
}

export interface UserSearch {
  keyword?: string;
  group?: string;
}

/** Lists users newest first, cancelled users included (the console shows them as cancelled). */
export async function listUsers(
  db: Db,
  search: UserSearch,
  paging: Paging,
  live: LiveCounters,
): Promise<Page<UserView>> {
  let query = db.selectFrom('users');
  const keyword = search.keyword?.trim();
  if (keyword) query = query.where(idOrContains(keyword, ['username', 'email', 'display_name']));
  const group = search.group?.trim();
  if (group) query = query.where('group', '=', group);
  return listPage(query, query.selectAll().orderBy('id', 'desc'), paging, (row) => toLiveUserView(row, live));
}
