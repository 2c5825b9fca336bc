/**
 * A bare database of the matrix for the tests of migrations and other code below the server: created and
 * connected (server/src/db/connect.ts) by a beforeAll, closed and dropped by an afterAll, as setUpSite in
 * test-site.ts does for a whole site.
 */
import { afterAll, beforeAll, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import type { DialectCase, TestDatabase } from './databases.ts';
import { standIn } from './test-site.ts';

export function setUpDatabaseHandle(dialect: DialectCase): {
  handle: DatabaseHandle;
  /** `it`, skipped when the dialect is not reachable. */
  run: ReturnType<typeof it.skipIf>;
} {
  const skipped = dialect.skipReason != null;
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    if (skipped) return;
    database = await dialect.create();
    handle = connectDatabase(database.target);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });
  return { handle: standIn('the database handle', () => handle), run: it.skipIf(skipped) };
}
