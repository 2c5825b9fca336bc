/**
 * The database matrix of the test suite: SQLite always; PostgreSQL and MySQL/MariaDB when they answer
 * on 127.0.0.1, each test file getting a fresh database that it creates and drops. A dialect that does
 * not answer is skipped with a visible message, never silently.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseTarget } from '../db/dsn.ts';

export interface TestDatabase {
  name: 'sqlite' | 'postgres' | 'mysql';
  target: DatabaseTarget;
  /** SQL_DSN / SQLITE_PATH environment for booting the real server on this database. */
  environment: Record<string, string>;
  drop(): Promise<void>;
}

const postgresAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const mysqlAdmin = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

function uniqueName(): string {
  return `switchyard_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

async function createSqlite(): Promise<TestDatabase> {
  const directory = mkdtempSync(join(tmpdir(), 'switchyard-test-'));
  const path = join(directory, 'test.db');
  return {
    name: 'sqlite',
    target: { dialect: 'sqlite', path },
    environment: { SQL_DSN: '', SQLITE_PATH: path },
    drop: async () => rmSync(directory, { recursive: true, force: true }),
  };
}

async function createPostgres(): Promise<TestDatabase> {
  const name = uniqueName();
  const admin = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const connectionString = `postgres://postgres@127.0.0.1:5432/${name}`;
  return {
    name: 'postgres',
    target: { dialect: 'postgres', connectionString },
    environment: { SQL_DSN: connectionString },
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      try {
        // Closed pools' backends exit a moment after the client ends: wait for them rather than kill
        // them (a killed connection surfaces as an error in the process that just closed it).
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`drop database if exists ${name}${attempt >= 50 ? ' with (force)' : ''}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

async function createMysql(): Promise<TestDatabase> {
  const name = uniqueName();
  const admin = await createConnection({ ...mysqlAdmin, connectTimeout: 2000 });
  try {
    await admin.query(`create database ${name} character set utf8mb4`);
  } finally {
    await admin.end();
  }
  return {
    name: 'mysql',
    target: { dialect: 'mysql', ...mysqlAdmin, database: name },
    environment: { SQL_DSN: `root:@tcp(127.0.0.1:3306)/${name}?charset=utf8mb4` },
    drop: async () => {
      const connection = await createConnection(mysqlAdmin);
      try {
        await connection.query(`drop database if exists ${name}`);
      } finally {
        await connection.end();
      }
    },
  };
}

const factories = { sqlite: createSqlite, postgres: createPostgres, mysql: createMysql } as const;
const availability = new Map<string, Promise<string | null>>();

/** Resolves to null when the dialect answers, or to the reason it is skipped. */
async function probe(name: keyof typeof factories): Promise<string | null> {
  if (name === 'sqlite') return null;
  try {
    const database = await factories[name]();
    await database.drop();
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  }
}

export interface DialectCase {
  name: TestDatabase['name'];
  skipReason: string | null;
  create(): Promise<TestDatabase>;
}

/**
 * The dialects to run a suite on. Use with `describe.each` or a loop plus `describe.skipIf`, and call
 * `announceSkips` so a missing server shows up in the output.
 */
export async function databaseMatrix(): Promise<DialectCase[]> {
  const names = ['sqlite', 'postgres', 'mysql'] as const;
  const cases: DialectCase[] = [];
  for (const name of names) {
    if (!availability.has(name)) availability.set(name, probe(name));
    const skipReason = await availability.get(name)!;
    if (skipReason)
      console.warn(`[switchyard tests] ${name} not reachable, its suite is SKIPPED: ${skipReason}`);
    cases.push({ name, skipReason, create: factories[name] });
  }
  return cases;
}

/** A unique SQLite file for unit-level tests that need a real database quickly. */
export async function createSqliteDatabase(): Promise<TestDatabase> {
  return createSqlite();
}

/** SQLite alone, always there: for setUpDatabaseHandle or setUpSite in tests that need no matrix. */
export const sqliteDialect: DialectCase = { name: 'sqlite', skipReason: null, create: createSqliteDatabase };
