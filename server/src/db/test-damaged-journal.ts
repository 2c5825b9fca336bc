/**
 * The ledger journal of a process that died before any flush, for the tests of a boot on it
 * (ledger-recovery.test.ts, ledger-boot.test.ts): after the header, line 2 adds 1 to user 1's quota,
 * line 3 adds 20 and writes a log row holding `secret` (by position, as the batch writer does), line 4
 * adds 300. `damage` rewrites the file's
 * lines (the header is line 1) before it is left for the next boot.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { connectDatabase } from './connect.ts';
import { LedgerJournal } from './ledger-journal.ts';
import { completeLogRow, logRowValues } from './log-row.ts';
import { runMigrations } from './migrations/index.ts';

/** A migrated SQLite database at `path` whose one user (id 1, `payer`) holds `quota`: what the journals act on. */
export async function createPayerDatabase(path: string, quota: number): Promise<void> {
  const handle = connectDatabase({ dialect: 'sqlite', path });
  await runMigrations(handle);
  await handle.db.insertInto('users').values({ username: 'payer', password: 'x', quota }).execute();
  await handle.close();
}

export function writeDamagedJournal(path: string, secret: string, damage: (lines: string[]) => string): void {
  LedgerJournal.acquire(path);
  const journal = new LedgerJournal(path);
  journal.append([['i', 'users', 1, { quota: 1 }]]);
  journal.append([
    ['i', 'users', 1, { quota: 20 }],
    ['r', logRowValues(completeLogRow({ user_id: 1, type: 2, quota: 20, content: secret }))],
  ]);
  journal.append([['i', 'users', 1, { quota: 300 }]]);
  journal.close(false);
  const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
  writeFileSync(path, damage(lines));
}
