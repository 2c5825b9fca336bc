/**
 * Migration 0004_users_auth_version on a database adopted from before it: the column is added, existing
 * users start at version 0 (so their earlier sessions keep working) and the version can be bumped.
 */
import { describe, expect } from 'vitest';
import { revokeSessions } from '../../auth/session.ts';
import { setUpDatabaseHandle } from '../../test-support/database-handle.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { runMigrations } from './index.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('0004_users_auth_version on $name', (dialect) => {
  const { handle, run } = setUpDatabaseHandle(dialect);

  run('adds auth_version at 0 to the users an older database holds', async () => {
    await runMigrations(handle);
    // The database as it was before the migration: no column, the migration not recorded, one user.
    await handle.db.schema.alterTable('users').dropColumn('auth_version').execute();
    // Later migrations are forgotten too (migrations apply in order).
    await handle.db
      .deleteFrom('switchyard_migrations' as never)
      .where('name' as never, 'in', ['0004_users_auth_version', '0005_open_ai_organization'] as never)
      .execute();
    // biome-ignore lint/suspicious/noExplicitAny: the row is written without the column the types declare.
    const untyped = handle.db as any;
    await untyped.insertInto('users').values({ username: 'legacy', password: 'x' }).execute();

    expect(await runMigrations(handle)).toEqual(['0004_users_auth_version', '0005_open_ai_organization']);
    const row = await handle.db
      .selectFrom('users')
      .select(['id', 'auth_version'])
      .where('username', '=', 'legacy')
      .executeTakeFirstOrThrow();
    expect(Number(row.auth_version)).toBe(0);
    expect(await revokeSessions(handle.db, row.id)).toBe(1);
  });
});
