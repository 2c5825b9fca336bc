/**
 * Opens the database named by the configuration: SQLite (WAL, busy timeout, foreign keys on; a new file
 * is readable by its owner only), PostgreSQL or MySQL/MariaDB, each behind one Kysely instance typed with
 * the tables of schema.ts.
 */
import { closeSync, openSync } from 'node:fs';
import Sqlite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { createPool as createMysqlPool } from 'mysql2';
import pg from 'pg';
import type { DatabaseDialect, DatabaseTarget } from './dsn.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  /**
   * The SQLite connection under `db` (SQLite only), for the few writes that run prepared statements
   * directly (server/src/db/sqlite-logs.ts); use it only while holding `db.connection()`.
   */
  sqlite?: Sqlite.Database;
  /** A short description without credentials, for logs. */
  description: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  sqliteBusyTimeoutMs?: number;
  /** PostgreSQL and MySQL: connections at most (SQL_MAX_OPEN_CONNS). */
  poolSize?: number;
  /** MySQL: idle connections kept (SQL_MAX_IDLE_CONNS); PostgreSQL closes idle ones after 10 s. */
  maxIdle?: number;
  /** PostgreSQL and MySQL: a connection is replaced after this long (SQL_MAX_LIFETIME); 0 = never. */
  maxLifetimeSeconds?: number;
}

// PostgreSQL returns int8 (bigint, count) as strings by default; quota values fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// numeric (SUM over bigint) likewise.
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

/**
 * Creates a SQLite database file that does not exist yet with mode 0600 (whatever the umask allows), so
 * that SQLite opens an empty file: it creates the -wal and -shm files with the database file's mode. An
 * existing file keeps the mode its operator gave it. `:memory:` and `''` (a temporary database) have no
 * file.
 */
function createPrivateDatabaseFile(path: string): void {
  if (path === '' || path === ':memory:') return;
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch {
    // It exists (and keeps its mode), or cannot be created (a missing directory, no permission), which
    // better-sqlite3 reports in its own words just after.
  }
}

export function connectDatabase(target: DatabaseTarget, options: ConnectOptions = {}): DatabaseHandle {
  const poolSize = options.poolSize ?? 10;
  switch (target.dialect) {
    case 'sqlite': {
      createPrivateDatabaseFile(target.path);
      const database = new Sqlite(target.path);
      database.pragma('journal_mode = WAL');
      database.pragma(`busy_timeout = ${Math.trunc(options.sqliteBusyTimeoutMs ?? 5000)}`);
      database.pragma('foreign_keys = ON');
      database.pragma('synchronous = NORMAL');
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
      return {
        db,
        dialect: 'sqlite',
        description: `sqlite:${target.path}`,
        sqlite: database,
        close: () => db.destroy(),
      };
    }
    case 'postgres': {
      const pool = new pg.Pool({
        connectionString: target.connectionString,
        max: poolSize,
        ...(options.maxLifetimeSeconds ? { maxLifetimeSeconds: options.maxLifetimeSeconds } : {}),
      });
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      const url = new URL(target.connectionString);
      return {
        db,
        dialect: 'postgres',
        description: `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`,
        close: () => db.destroy(),
      };
    }
    case 'mysql': {
      const pool = createMysqlPool({
        ...(target.socketPath ? { socketPath: target.socketPath } : { host: target.host, port: target.port }),
        user: target.user,
        password: target.password,
        database: target.database,
        connectionLimit: poolSize,
        maxIdle: Math.min(options.maxIdle ?? poolSize, poolSize),
        // mysql2 has no lifetime: an idle connection is closed after it instead.
        ...(options.maxLifetimeSeconds ? { idleTimeout: options.maxLifetimeSeconds * 1000 } : {}),
        charset: 'utf8mb4',
        timezone: 'Z',
        supportBigNumbers: true,
        dateStrings: false,
      });
      const db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
      return {
        db,
        dialect: 'mysql',
        description: target.socketPath
          ? `mysql://unix(${target.socketPath})/${target.database}`
          : `mysql://${target.host}:${target.port}/${target.database}`,
        close: () => db.destroy(),
      };
    }
  }
}

/** Cheap liveness query for /healthz. */
export async function pingDatabase(handle: DatabaseHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
