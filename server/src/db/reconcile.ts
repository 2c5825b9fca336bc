/**
 * Brings a database up to the declared schema without ever dropping or renaming anything: creates
 * missing tables, adds missing columns, creates missing indexes. Idempotent, so it is safe on a fresh
 * database, on every boot, and on an existing one-api/new-api database being adopted.
 */
import { type Kysely, sql } from 'kysely';
import type { ColumnSpec, IndexSpec, SqlType, TableSpec } from './column.ts';
import type { DatabaseDialect } from './dsn.ts';

// biome-ignore lint/suspicious/noExplicitAny: DDL works on tables the typed schema may not know yet.
type AnyDatabase = Kysely<any>;

export interface ReconcileReport {
  createdTables: string[];
  addedColumns: string[];
  createdIndexes: string[];
  warnings: string[];
}

function dataType(type: SqlType, dialect: DatabaseDialect): string {
  switch (type) {
    case 'id':
      return dialect === 'postgres' ? 'bigserial' : dialect === 'mysql' ? 'bigint' : 'integer';
    case 'double':
      return 'double precision';
    case 'timestamp':
      return dialect === 'postgres' ? 'timestamptz' : dialect === 'mysql' ? 'datetime(3)' : 'datetime';
    default:
      return type;
  }
}

function defaultLiteral(value: string | number | boolean, dialect: DatabaseDialect) {
  if (typeof value === 'boolean') return sql.raw(dialect === 'postgres' ? String(value) : value ? '1' : '0');
  if (typeof value === 'number') return sql.raw(String(value));
  return sql.lit(value);
}

async function existingColumns(db: AnyDatabase, dialect: DatabaseDialect): Promise<Map<string, Set<string>>> {
  const tables = await db.introspection.getTables();
  const result = new Map<string, Set<string>>();
  for (const table of tables) {
    if (dialect === 'postgres' && table.schema && table.schema !== 'public') continue;
    result.set(table.name, new Set(table.columns.map((column) => column.name)));
  }
  return result;
}

async function existingIndexes(
  db: AnyDatabase,
  dialect: DatabaseDialect,
  table: string,
): Promise<Set<string>> {
  if (dialect === 'mysql') {
    const result = await sql<{ name: string }>`
      select distinct index_name as name from information_schema.statistics
      where table_schema = database() and table_name = ${table}`.execute(db);
    return new Set(result.rows.map((row) => row.name));
  }
  if (dialect === 'postgres') {
    const result = await sql<{ name: string }>`
      select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
      db,
    );
    return new Set(result.rows.map((row) => row.name));
  }
  const result = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
  return new Set(result.rows.map((row) => row.name));
}

function primaryKeyOf(table: TableSpec): readonly string[] {
  return table.primaryKey ?? (table.columns.id ? ['id'] : []);
}

export async function reconcileSchema(
  db: AnyDatabase,
  dialect: DatabaseDialect,
  tables: readonly TableSpec[],
): Promise<ReconcileReport> {
  const report: ReconcileReport = { createdTables: [], addedColumns: [], createdIndexes: [], warnings: [] };
  const present = await existingColumns(db, dialect);
  for (const table of tables) {
    const columns = present.get(table.name);
    const isNew = !columns;
    if (isNew) {
      await createTable(db, dialect, table);
      report.createdTables.push(table.name);
    } else {
      for (const [name, spec] of Object.entries(table.columns)) {
        if (columns.has(name)) continue;
        await db.schema
          .alterTable(table.name)
          .addColumn(name, sql.raw(dataType(spec.sqlType, dialect)), (builder) => {
            let column = builder;
            if (spec.defaultValue !== undefined)
              column = column.defaultTo(defaultLiteral(spec.defaultValue, dialect));
            // A NOT NULL column without default cannot be added to a table that has rows.
            if (!spec.isNullable && spec.defaultValue !== undefined) column = column.notNull();
            return column;
          })
          .execute();
        report.addedColumns.push(`${table.name}.${name}`);
      }
    }
    const indexes = await existingIndexes(db, dialect, table.name);
    for (const index of table.indexes) {
      if (indexes.has(index.name)) continue;
      if (isNew) {
        await createIndex(db, table.name, index);
        report.createdIndexes.push(index.name);
        continue;
      }
      // Adopted databases may hold data that a new unique index cannot constrain: keep running, say so.
      const problem = await adoptedIndexProblem(db, dialect, table.name, index);
      if (problem === null) report.createdIndexes.push(index.name);
      else report.warnings.push(`index ${index.name} on ${table.name}: ${problem}`);
    }
  }
  return report;
}

async function createIndex(db: AnyDatabase, table: string, index: IndexSpec): Promise<void> {
  let statement = db.schema.createIndex(index.name).on(table).columns(index.columns);
  if (index.unique) statement = statement.unique();
  await statement.execute();
}

/**
 * Creates an index on a table the database already had, or says why it could not. Duplicate values are
 * looked for first, so the usual reason is named plainly and no statement fails; any other failure
 * inside a PostgreSQL transaction (the migrations run in one) is rolled back to a savepoint, because a
 * failed statement there aborts the whole transaction ("current transaction is aborted").
 */
async function adoptedIndexProblem(
  db: AnyDatabase,
  dialect: DatabaseDialect,
  table: string,
  index: IndexSpec,
): Promise<string | null> {
  if (index.unique) {
    const duplicates = await duplicateValueCount(db, table, index.columns);
    if (duplicates > 0)
      return `${duplicates} value(s) of (${index.columns.join(', ')}) appear in more than one row`;
  }
  const savepoint = dialect === 'postgres' && db.isTransaction;
  if (savepoint) await sql`savepoint switchyard_reconcile_index`.execute(db);
  try {
    await createIndex(db, table, index);
    if (savepoint) await sql`release savepoint switchyard_reconcile_index`.execute(db);
    return null;
  } catch (error) {
    if (savepoint) await sql`rollback to savepoint switchyard_reconcile_index`.execute(db);
    return (error as Error).message;
  }
}

/** How many distinct non-null values of `columns` more than one row holds (what a unique index refuses). */
async function duplicateValueCount(
  db: AnyDatabase,
  table: string,
  columns: readonly string[],
): Promise<number> {
  const references = columns.map((name) => sql.ref(name));
  const notNull = sql.join(
    references.map((reference) => sql`${reference} is not null`),
    sql` and `,
  );
  const result = await sql<{ duplicates: number | string }>`
    select count(*) as duplicates from (
      select ${sql.join(references)} from ${sql.table(table)} where ${notNull}
      group by ${sql.join(references)} having count(*) > 1
    ) as repeated`.execute(db);
  return Number(result.rows[0]?.duplicates ?? 0);
}

async function createTable(db: AnyDatabase, dialect: DatabaseDialect, table: TableSpec): Promise<void> {
  const primaryKey = primaryKeyOf(table);
  let statement = db.schema.createTable(table.name).ifNotExists();
  for (const [name, spec] of Object.entries(table.columns) as [string, ColumnSpec][]) {
    statement = statement.addColumn(name, sql.raw(dataType(spec.sqlType, dialect)), (builder) => {
      let column = builder;
      if (spec.sqlType === 'id') {
        column = column.primaryKey();
        if (dialect !== 'postgres') column = column.autoIncrement();
        return column;
      }
      if (!spec.isNullable) column = column.notNull();
      if (spec.defaultValue !== undefined)
        column = column.defaultTo(defaultLiteral(spec.defaultValue, dialect));
      return column;
    });
  }
  if (primaryKey.length > 0 && !table.columns.id) {
    statement = statement.addPrimaryKeyConstraint(`pk_${table.name}`, primaryKey as never);
  }
  if (dialect === 'mysql') statement = statement.modifyEnd(sql`engine=InnoDB default charset=utf8mb4`);
  await statement.execute();
}
