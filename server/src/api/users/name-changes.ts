/**
 * The name part of a change to a user, by the user (account-service.ts updateSelf) or by an
 * administrator (admin-service.ts updateUserByAdmin): a new username is checked and must be free, a
 * display name is checked (empty falls back to the username).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { businessFailure } from '../../lib/errors.ts';
import { validDisplayName, validUsername } from './credentials.ts';
import { usernameTaken } from './repository.ts';
import type { UserRow } from './view.ts';

export interface NameChanges {
  username?: string;
  display_name?: string;
}

export async function nameChanges(
  db: Kysely<Database>,
  row: Pick<UserRow, 'id' | 'username'>,
  input: { username?: string; display_name?: string },
): Promise<NameChanges> {
  const changes: NameChanges = {};
  if (input.username !== undefined && input.username.trim() !== row.username) {
    changes.username = validUsername(input.username);
    if (await usernameTaken(db, changes.username, row.id)) throw businessFailure('user.username_taken');
  }
  if (input.display_name !== undefined)
    changes.display_name = validDisplayName(input.display_name, row.username);
  return changes;
}
