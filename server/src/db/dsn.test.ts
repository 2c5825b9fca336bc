import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseMatrix } from '../test-support/databases.ts';
import { connectDatabase } from './connect.ts';
import { parseDatabaseTarget } from './dsn.ts';

const MYSQL_SOCKET = '/run/mysqld/mysqld.sock';
const mysql = (await databaseMatrix()).find((dialect) => dialect.name === 'mysql')!;

describe('parseDatabaseTarget', () => {
  // new-api's word for SQLite is `local`.
  // new-api reads every SQL_DSN starting with `local` as SQLite (model/main.go).
  it.each(['', '   ', 'local', 'localhost-sqlite', 'local.db'])('%j is SQLite at the default path', (dsn) => {
    expect(parseDatabaseTarget(dsn, 'one-api.db')).toEqual({ dialect: 'sqlite', path: 'one-api.db' });
  });

  it.each(['postgres://postgres@127.0.0.1:5432/app', 'postgresql://u:p@db/app'])(
    '%s is PostgreSQL, the string kept',
    (dsn) => {
      expect(parseDatabaseTarget(dsn, 'one-api.db')).toEqual({ dialect: 'postgres', connectionString: dsn });
    },
  );

  it.each([
    // [dsn, host, port, user, password, database]
    [
      'root:secret@tcp(127.0.0.1:3306)/oneapi?charset=utf8mb4&parseTime=True',
      '127.0.0.1',
      3306,
      'root',
      'secret',
      'oneapi',
    ],
    ['root:@tcp(db:3307)/test', 'db', 3307, 'root', '', 'test'],
    ['root@tcp(localhost)/test', 'localhost', 3306, 'root', '', 'test'],
    ['u:p%40ss@/db', '127.0.0.1', 3306, 'u', 'p%40ss', 'db'],
    // A password holding `@` (and `:`), as the Go driver reads it: the address follows the last `@`.
    ['u:p@ss:w@rd@tcp(db.internal:3306)/db?parseTime=true', 'db.internal', 3306, 'u', 'p@ss:w@rd', 'db'],
    ['mysql://root:p@ss@127.0.0.1:3306/test', '127.0.0.1', 3306, 'root', 'p@ss', 'test'],
    ['mysql://root:p%40ss@127.0.0.1:3306/test', '127.0.0.1', 3306, 'root', 'p@ss', 'test'],
    // The Go driver's form without a user, and with an IPv6 protocol.
    ['tcp(db:3306)/app', 'db', 3306, '', '', 'app'],
    ['/app', '127.0.0.1', 3306, '', '', 'app'],
    ['u:p@tcp6([::1]:3307)/app', '[::1]', 3307, 'u', 'p', 'app'],
  ])('%s is MySQL on %s:%i as %s', (dsn, host, port, user, password, database) => {
    expect(parseDatabaseTarget(dsn, 'one-api.db')).toEqual({
      dialect: 'mysql',
      host,
      port,
      user,
      password,
      database,
    });
  });

  it.each([
    ['root:pw@unix(/run/mysqld/mysqld.sock)/oneapi?charset=utf8mb4', 'root', 'pw', 'oneapi'],
    ['app@unix(/var/run/mysqld/mysqld.sock)/app', 'app', '', 'app'],
  ])('%s is MySQL over the unix socket', (dsn, user, password, database) => {
    const target = parseDatabaseTarget(dsn, 'one-api.db');
    expect(target).toMatchObject({ dialect: 'mysql', user, password, database });
    expect(target).toHaveProperty('socketPath', /\(([^)]*)\)/.exec(dsn)![1]);
  });

  it.each([
    ['clickhouse://default@127.0.0.1:9000/logs', /ClickHouse .* is not supported/],
    ['mysql://root@127.0.0.1:3306/', /must name a database/],
    ['root@tcp(127.0.0.1:99999)/db', /bad port/],
    ['sqlserver://x', /not understood/],
  ])('rejects %s', (dsn, message) => {
    expect(() => parseDatabaseTarget(dsn, 'one-api.db')).toThrow(message);
  });
});

describe.skipIf(mysql.skipReason != null || !existsSync(MYSQL_SOCKET))('a unix-socket MySQL DSN', () => {
  it('connects over the socket', async () => {
    const database = await mysql.create();
    const target = parseDatabaseTarget(
      `root:@unix(${MYSQL_SOCKET})/${(database.target as { database: string }).database}?charset=utf8mb4`,
      'one-api.db',
    );
    const handle = connectDatabase(target);
    try {
      expect(handle.description).toBe(
        `mysql://unix(${MYSQL_SOCKET})/${(database.target as { database: string }).database}`,
      );
      // The server lists a TCP client as host:port and a socket client as plain localhost.
      const row = await sql<{ host: string }>`
        select host from information_schema.processlist where id = connection_id()`.execute(handle.db);
      expect(row.rows[0]?.host).toBe('localhost');
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
