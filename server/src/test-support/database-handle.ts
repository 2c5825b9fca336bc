/**
 * A bare database of the matrix for the tests of migrations and other code below the server: created and
 * connected (server/src/db/connect.ts) by a beforeAll, closed and dropped by an afterAll, as setUpSite in
 * test-site.ts does for a whole site. With `secondConnection`, a second handle on the same database stands
 * for another instance of the gateway (what one writes, the other must see).
 */
import { afterAll, beforeAll, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import type { DialectCase, TestDatabase } from './databases.ts';
import { standIn } from './test-site.ts';

export interface DatabaseHandleOptions {
  /** Also opens `secondHandle`, a connection of its own to the same database. */
  secondConnection?: boolean;
}

export function setUpDatabaseHandle(
  dialect: DialectCase,
  options: DatabaseHandleOptions = {},
): {
  handle: DatabaseHandle;
  /** The second connection (with `secondConnection`; touching it otherwise throws). */
  secondHandle: DatabaseHandle;
  /** `it`, skipped when the dialect is not reachable. */
  run: ReturnType<typeof it.skipIf>;
} {
  const skipped = dialect.skipReason != null;
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  let secondHandle: DatabaseHandle | undefined;
  beforeAll(async () => {
    if (skipped) return;
    database = await dialect.create();
    handle = connectDatabase(database.target);
    if (options.secondConnection) secondHandle = connectDatabase(database.target);
  });
  afterAll(async () => {
    await handle?.close();
    await secondHandle?.close();
    await database?.drop();
  });
  return {
    handle: standIn('the database handle', () => handle),
    secondHandle: standIn('the second database handle', () => secondHandle),
    run: it.skipIf(skipped),
  };
}
