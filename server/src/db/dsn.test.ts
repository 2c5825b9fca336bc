import { describe, expect, it } from 'vitest';
import { parseDatabaseTarget } from './dsn.ts';

describe('parseDatabaseTarget', () => {
  // new-api's word for SQLite is `local`.
  it.each(['', '   ', 'local'])('%j is SQLite at the default path', (dsn) => {
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
    ['mysql://root@127.0.0.1:3306/', /must name a database/],
    ['root@tcp(127.0.0.1:99999)/db', /bad port/],
    ['sqlserver://x', /not understood/],
  ])('rejects %s', (dsn, message) => {
    expect(() => parseDatabaseTarget(dsn, 'one-api.db')).toThrow(message);
  });
});
