/**
 * WORKERS=2 on a folder an earlier version ran with WORKERS=2: its workers left their ledger journals at the
 * default path without the port (`<SQLITE_PATH>.ledger.worker-<n>`). Each worker replays the one of its
 * number once and removes it (server/src/workers.ts sends the path, server/src/main.ts replays it), as a
 * single process replays `<SQLITE_PATH>.ledger` (instances-one-folder.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { createPayerDatabase, writeDamagedJournal } from './db/test-damaged-journal.ts';
import { REDIS_TEST_URL, redisSkipReason } from './test-support/redis.ts';
import { type ServerProcess, startServerProcess } from './test-support/server-process.ts';

const START_QUOTA = 1_000;
/** What writeDamagedJournal's journal adds to user 1 (+1, +20, +300). */
const JOURNAL_QUOTA = 321;

const skipReason = await redisSkipReason();
if (skipReason)
  console.warn(`[switchyard tests] WORKERS legacy journal suite SKIPPED (needs Redis): ${skipReason}`);

function quotaOf(path: string): number {
  const database = new Sqlite(path, { readonly: true });
  try {
    return (database.prepare('select quota from users where id = 1').get() as { quota: number }).quota;
  } finally {
    database.close();
  }
}

async function waitFor(read: () => number, expected: number, limitMs = 20_000): Promise<void> {
  const started = Date.now();
  while (read() !== expected) {
    if (Date.now() - started > limitMs) throw new Error(`gave up waiting for ${expected}; last ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skipReason !== null)('WORKERS=2 after an earlier version', () => {
  const directory = mkdtempSync(join(tmpdir(), 'switchyard-workers-legacy-'));
  let server: ServerProcess | undefined;

  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });

  test("each worker replays and removes the journal the earlier version's worker of its number left", async () => {
    const path = join(directory, 'one-api.db');
    await createPayerDatabase(path, START_QUOTA);
    const legacy = [0, 1].map((index) => `${path}.ledger.worker-${index}`);
    for (const file of legacy) writeDamagedJournal(file, 'log-content', (lines) => `${lines.join('\n')}\n`);

    server = await startServerProcess({
      WORKERS: '2',
      REDIS_CONN_STRING: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: `switchyard-workers-legacy-${randomBytes(4).toString('hex')}:`,
      SQLITE_PATH: path,
    });
    await waitFor(() => server!.output().match(/Switchyard is listening/g)?.length ?? 0, 2);
    const output = server.output();
    expect(output.match(/recovered the ledger journal/g)?.length).toBe(2);
    for (const file of legacy) {
      expect(output).toContain(JSON.stringify(file));
      expect(existsSync(file)).toBe(false);
    }
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(quotaOf(path)).toBe(START_QUOTA + 2 * JOURNAL_QUOTA);
  }, 60_000);
});
