/**
 * Versioned migrations, applied at boot by the master node. Schema changes are additive: a migration
 * that adds columns or tables extends schema.ts and calls reconcileSchema again (a no-op where the
 * change is already present); data changes are written out as their own migration.
 * See docs/decisions/0002-schema-reconcile-and-migrations.md.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
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
async function moveOrganizationColumn(db: AnyDatabase, dialect: DatabaseDialect): Promise<void> {
  await reconcileSchema(db, dialect, allTables);
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

function mainMigrations(dialect: DatabaseDialect): Record<string, Migration> {
  return {
    '0001_base_schema': {
      up: async (db: AnyDatabase) => void (await reconcileSchema(db, dialect, allTables)),
    },
    '0003_ledger_checkpoints': { up: createCheckpointTable },
    '0004_users_auth_version': {
      up: async (db: AnyDatabase) => void (await reconcileSchema(db, dialect, allTables)),
    },
    '0005_open_ai_organization': { up: (db: AnyDatabase) => moveOrganizationColumn(db, dialect) },
  };
}

function logMigrations(dialect: DatabaseDialect): Record<string, Migration> {
  return {
    '0001_logs_table': {
      up: async (db: AnyDatabase) => void (await reconcileSchema(db, dialect, [logsTable])),
    },
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

/** Applies pending migrations to the main database and, when it is separate, the log database. */
export async function runMigrations(main: DatabaseHandle, logs?: DatabaseHandle): Promise<string[]> {
  const applied = await migrate(main, mainMigrations(main.dialect));
  if (logs && logs !== main)
    applied.push(...(await migrate(logs, logMigrations(logs.dialect))).map((name) => `logs:${name}`));
  return applied;
}
