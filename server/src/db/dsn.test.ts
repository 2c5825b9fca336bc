import { describe, expect, it } from 'vitest';
import { parseDatabaseTarget } from './dsn.ts';

describe('parseDatabaseTarget', () => {
  it.each([
    ['', { dialect: 'sqlite', path: 'one-api.db' }],
    ['   ', { dialect: 'sqlite', path: 'one-api.db' }],
    // new-api's word for SQLite.
    ['local', { dialect: 'sqlite', path: 'one-api.db' }],
    [
      'postgres://postgres@127.0.0.1:5432/app',
      { dialect: 'postgres', connectionString: 'postgres://postgres@127.0.0.1:5432/app' },
    ],
    ['postgresql://u:p@db/app', { dialect: 'postgres', connectionString: 'postgresql://u:p@db/app' }],
    [
      'root:secret@tcp(127.0.0.1:3306)/oneapi?charset=utf8mb4&parseTime=True',
      {
        dialect: 'mysql',
        host: '127.0.0.1',
        port: 3306,
        user: 'root',
        password: 'secret',
        database: 'oneapi',
      },
    ],
    [
      'root:@tcp(db:3307)/test',
      { dialect: 'mysql', host: 'db', port: 3307, user: 'root', password: '', database: 'test' },
    ],
    [
      'root@tcp(localhost)/test',
      { dialect: 'mysql', host: 'localhost', port: 3306, user: 'root', password: '', database: 'test' },
    ],
    [
      'u:p%40ss@/db',
      { dialect: 'mysql', host: '127.0.0.1', port: 3306, user: 'u', password: 'p%40ss', database: 'db' },
    ],
    // A password holding `@` (and `:`), as the Go driver reads it: the address follows the last `@`.
    [
      'oneapi:p@ss:w@rd@tcp(db.internal:3306)/oneapi?parseTime=true',
      {
        dialect: 'mysql',
        host: 'db.internal',
        port: 3306,
        user: 'oneapi',
        password: 'p@ss:w@rd',
        database: 'oneapi',
      },
    ],
    [
      'mysql://root:p@ss@127.0.0.1:3306/test',
      { dialect: 'mysql', host: '127.0.0.1', port: 3306, user: 'root', password: 'p@ss', database: 'test' },
    ],
    [
      'mysql://root:p%40ss@127.0.0.1:3306/test',
      { dialect: 'mysql', host: '127.0.0.1', port: 3306, user: 'root', password: 'p@ss', database: 'test' },
    ],
  ])('%s', (dsn, expected) => {
    expect(parseDatabaseTarget(dsn, 'one-api.db')).toEqual(expected);
  });

  it.each([
    ['mysql://root@127.0.0.1:3306/', /must name a database/],
    ['root@tcp(127.0.0.1:99999)/db', /bad port/],
    ['sqlserver://x', /not understood/],
  ])('rejects %s', (dsn, message) => {
    expect(() => parseDatabaseTarget(dsn, 'one-api.db')).toThrow(message);
  });
});
