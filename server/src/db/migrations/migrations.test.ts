import { describe, expect } from 'vitest';
import { setUpDatabaseHandle } from '../../test-support/database-handle.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { reconcileSchema } from '../reconcile.ts';
import { allTables } from '../schema.ts';
import { runMigrations } from './index.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('migrations on $name', (dialect) => {
  const { name } = dialect;
  const { handle, run } = setUpDatabaseHandle(dialect);

  run(`creates every table with every declared column (${name})`, async () => {
    const applied = await runMigrations(handle);
    expect(applied[0]).toBe('0001_base_schema');
    expect(applied).toContain('0003_ledger_checkpoints');
    expect(applied).toContain('0004_users_auth_version');
    const tables = await handle.db.introspection.getTables();
    for (const table of allTables) {
      const found = tables.find((candidate) => candidate.name === table.name);
      expect(found, table.name).toBeDefined();
      expect(found!.columns.map((column) => column.name).sort()).toEqual(Object.keys(table.columns).sort());
    }
  });

  run('is idempotent: a second run applies nothing and reconciling changes nothing', async () => {
    expect(await runMigrations(handle)).toEqual([]);
    const report = await reconcileSchema(handle.db, handle.dialect, allTables);
    expect(report).toEqual({ createdTables: [], addedColumns: [], createdIndexes: [], warnings: [] });
  });

  run('round-trips reserved-word columns, booleans and defaults', async () => {
    await handle.db
      .insertInto('abilities')
      .values({ group: 'vip', model: 'gpt-4o', channel_id: 7, enabled: 1, priority: 5, weight: 3 })
      .execute();
    const ability = await handle.db
      .selectFrom('abilities')
      .selectAll()
      .where('group', '=', 'vip')
      .executeTakeFirstOrThrow();
    expect(Boolean(ability.enabled)).toBe(true);
    expect(ability.priority).toBe(5);
    await handle.db.insertInto('users').values({ username: 'alice', password: 'x' }).execute();
    const user = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(user.group).toBe('default');
    expect(user.role).toBe(1);
    expect(user.quota).toBe(0);
    expect(user.deleted_at).toBeNull();
    await expect(
      handle.db.insertInto('users').values({ username: 'alice', password: 'y' }).execute(),
    ).rejects.toThrow();
  });

  run('adopts an older one-api table: adds missing columns and keeps rows', async () => {
    await handle.db.schema.dropTable('redemptions').execute();
    await handle.db.schema
      .createTable('redemptions')
      .addColumn('id', name === 'postgres' ? 'bigserial' : 'integer', (column) =>
        name === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
      )
      .addColumn('key', 'char(32)')
      .addColumn('name', 'varchar(255)')
      .addColumn('quota', 'bigint')
      .execute();
    await handle.db.insertInto('redemptions').values({ key: 'k1', name: 'old', quota: 42 }).execute();
    const report = await reconcileSchema(handle.db, handle.dialect, allTables);
    expect(report.addedColumns).toEqual(
      expect.arrayContaining(['redemptions.status', 'redemptions.used_user_id', 'redemptions.deleted_at']),
    );
    const row = await handle.db.selectFrom('redemptions').selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe('old');
    expect(row.quota).toBe(42);
    expect(row.status).toBe(1);
  });
});
