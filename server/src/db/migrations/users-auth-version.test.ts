/**
 * Migration 0004_users_auth_version on a database adopted from before it: the column is added, existing
 * users start at version 0 (so their earlier sessions keep working) and the version can be bumped.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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
      .where('name' as never, 'in', [
        '0004_users_auth_version',
        '0005_open_ai_organization',
        '0006_auth_version_as_new_api',
      ] as never)
      .execute();
    // biome-ignore lint/suspicious/noExplicitAny: the row is written without the column the types declare.
    const untyped = handle.db as any;
    await untyped.insertInto('users').values({ username: 'legacy', password: 'x' }).execute();

    expect(await runMigrations(handle)).toEqual([
      '0004_users_auth_version',
      '0005_open_ai_organization',
      '0006_auth_version_as_new_api',
    ]);
    const row = await handle.db
      .selectFrom('users')
      .select(['id', 'auth_version'])
      .where('username', '=', 'legacy')
      .executeTakeFirstOrThrow();
    expect(Number(row.auth_version)).toBe(0);
    expect(await revokeSessions(handle.db, row.id)).toBe(1);
  });

  // new-api declares the column bigint, not null, default 1; opening the database after Switchyard it
  // finds its own column (and raises versions below 1 to 1 itself).
  (dialect.name === 'sqlite' || dialect.skipReason ? it.skip : it)(
    'leaves the column as new-api declares it',
    async () => {
      const column =
        handle.dialect === 'postgres'
          ? await sql<{ type: string; nullable: string; fallback: string }>`
            select data_type as type, is_nullable as nullable, column_default as fallback
            from information_schema.columns where table_name = 'users' and column_name = 'auth_version'`.execute(
              handle.db,
            )
          : await sql<{ type: string; nullable: string; fallback: string }>`
            select data_type as type, is_nullable as nullable, column_default as fallback
            from information_schema.columns
            where table_schema = database() and table_name = 'users' and column_name = 'auth_version'`.execute(
              handle.db,
            );
      expect(column.rows).toEqual([{ type: 'bigint', nullable: 'NO', fallback: '1' }]);
      // biome-ignore lint/suspicious/noExplicitAny: a row written as new-api writes it, without the column.
      await (handle.db as any)
        .insertInto('users')
        .values({ username: 'from-new-api', password: 'x' })
        .execute();
      const row = await handle.db
        .selectFrom('users')
        .select('auth_version')
        .where('username', '=', 'from-new-api')
        .executeTakeFirstOrThrow();
      expect(Number(row.auth_version)).toBe(1);
    },
  );
});
