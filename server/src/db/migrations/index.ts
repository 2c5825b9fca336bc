/**
 * Versioned migrations, applied at boot by the master node. Schema changes are additive: a migration
 * that adds columns or tables extends schema.ts and calls reconcileSchema again (a no-op where the
 * change is already present); data changes are written out as their own migration.
 * See docs/decisions/0002-schema-reconcile-and-migrations.md.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from '../connect.ts';
import type { DatabaseDialect } from '../dsn.ts';
import { createCheckpointTable } from '../ledger-checkpoints.ts';
import { reconcileSchema } from '../reconcile.ts';
import { allTables, logsTable } from '../schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema.
type AnyDatabase = Kysely<any>;

/**
 * Channels' organization lives in GORM's column `open_ai_organization` (new-api reads and writes it there);
 * earlier Switchyard versions wrote `openai_organization`. The new column is added and the values moved
 * over; the old column is left in place (columns are never dropped).
 */
async function moveOrganizationColumn(db: AnyDatabase, reconcile: Reconcile): Promise<void> {
  await reconcile(db, allTables);
  const channels = (await db.introspection.getTables()).find((table) => table.name === 'channels');
  if (!channels?.columns.some((column) => column.name === 'openai_organization')) return;
  await db
    .updateTable('channels')
    .set((eb) => ({ open_ai_organization: eb.ref('openai_organization') }))
    .where('open_ai_organization', 'is', null)
    .where('openai_organization', 'is not', null)
    .where('openai_organization', '!=', '')
    .execute();
}

/**
 * 0004: users.auth_version added to the users an earlier Switchyard database holds at version 0, so the
 * sessions they already have (cookies without a version count as 0, server/src/auth/session.ts) keep
 * working; a database new-api made already has the column (bigint, not null, default 1) and keeps it.
 */
async function addAuthVersion(db: AnyDatabase, reconcile: Reconcile): Promise<void> {
  const users = (await db.introspection.getTables()).find((table) => table.name === 'users');
  if (users && !users.columns.some((column) => column.name === 'auth_version'))
    await db.schema
      .alterTable('users')
      .addColumn('auth_version', 'bigint', (column) => column.notNull().defaultTo(0))
      .execute();
  await reconcile(db, allTables);
}

/**
 * 0006: users.auth_version as new-api declares it — bigint, not null, default 1 — where 0004 made it an
 * integer defaulting to 0 (values kept, so no session ends). SQLite keeps its declared default (a column
 * default cannot be changed there); Switchyard writes 1 for every new user itself
 * (server/src/api/users/create-user.ts), and new-api raises any version below 1 to 1 when it starts.
 */
async function authVersionAsNewApi(db: AnyDatabase, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'postgres')
    await sql`alter table users alter column auth_version type bigint, alter column auth_version set default 1`.execute(
      db,
    );
  else if (dialect === 'mysql')
    await sql`alter table users modify auth_version bigint not null default 1`.execute(db);
}

/** Reconciles tables, handing what could not be done (a unique index over duplicates) to the caller. */
type Reconcile = (db: AnyDatabase, tables: Parameters<typeof reconcileSchema>[2]) => Promise<void>;

function reconciler(dialect: DatabaseDialect, onWarning: (warning: string) => void): Reconcile {
  return async (db, tables) => {
    const report = await reconcileSchema(db, dialect, tables);
    for (const warning of report.warnings) onWarning(warning);
  };
}

function mainMigrations(reconcile: Reconcile, dialect: DatabaseDialect): Record<string, Migration> {
  return {
    '0001_base_schema': { up: (db: AnyDatabase) => reconcile(db, allTables) },
    '0003_ledger_checkpoints': { up: createCheckpointTable },
    '0004_users_auth_version': { up: (db: AnyDatabase) => addAuthVersion(db, reconcile) },
    '0005_open_ai_organization': { up: (db: AnyDatabase) => moveOrganizationColumn(db, reconcile) },
    '0006_auth_version_as_new_api': { up: (db: AnyDatabase) => authVersionAsNewApi(db, dialect) },
  };
}

function logMigrations(reconcile: Reconcile): Record<string, Migration> {
  return {
    '0001_logs_table': { up: (db: AnyDatabase) => reconcile(db, [logsTable]) },
    '0003_ledger_checkpoints': { up: createCheckpointTable },
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

async function migrate(handle: DatabaseHandle, migrations: Record<string, Migration>): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new StaticProvider(migrations),
    migrationTableName: 'switchyard_migrations',
    migrationLockTableName: 'switchyard_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * Applies pending migrations to the main database and, when it is separate, the log database, then
 * reconciles the schema once more so that what an adopted database's data prevented before (a unique
 * index over duplicate rows) is made as soon as the data allows. What cannot be done goes to `onWarning`
 * at every start until the operator mends the data.
 */
export async function runMigrations(
  main: DatabaseHandle,
  logs?: DatabaseHandle,
  onWarning: (warning: string) => void = () => undefined,
): Promise<string[]> {
  // Warnings of the migrations themselves repeat those of the final reconcile: only the final ones count.
  const ignore = () => undefined;
  const applied = await migrate(main, mainMigrations(reconciler(main.dialect, ignore), main.dialect));
  await reconciler(main.dialect, onWarning)(main.db, allTables);
  if (logs && logs !== main) {
    const logApplied = await migrate(logs, logMigrations(reconciler(logs.dialect, ignore)));
    applied.push(...logApplied.map((name) => `logs:${name}`));
    await reconciler(logs.dialect, onWarning)(logs.db, [logsTable]);
  }
  return applied;
}
