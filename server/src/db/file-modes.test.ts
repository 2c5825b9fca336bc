/**
 * The files that hold quota changes, log rows and everything else of the database are created readable
 * by their owner only (0600) whatever the umask allows: the ledger journal (new, rotated, its lock) and a
 * new SQLite database with its -wal and -shm files. A file the operator already has keeps its mode.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { LedgerJournal } from './ledger-journal.ts';

const mode = (path: string) => statSync(path).mode & 0o777;

let directory: string;
let umask: number;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'switchyard-file-modes-'));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

beforeEach(() => {
  // The usual umask, which lets new files be read by everyone (0644).
  umask = process.umask(0o022);
});

afterEach(() => {
  process.umask(umask);
});

describe('file modes', () => {
  it('a new ledger journal, its lock and every rotated file are 0600', () => {
    const path = join(directory, 'ledger.journal');
    LedgerJournal.acquire(path);
    expect(mode(`${path}.lock`)).toBe(0o600);
    // A temporary file left by a process that died while rotating, created before modes were set.
    writeFileSync(`${path}.new`, 'left over', { mode: 0o644 });
    const journal = new LedgerJournal(path, 100);
    expect(mode(path)).toBe(0o600);
    for (let index = 0; index < 5; index += 1) journal.append([['i', 'users', 1, { quota: -index - 1 }]]);
    journal.writePending();
    const before = statSync(path).ino;
    journal.checkpoint('counters', 5);
    expect(statSync(path).ino).not.toBe(before);
    expect(mode(path)).toBe(0o600);
    journal.append([['i', 'users', 1, { quota: -9 }]], { open: 'open-call' });
    journal.close(false);
  });

  it('a new SQLite database and its -wal and -shm files are 0600', async () => {
    const path = join(directory, 'new.db');
    const handle = connectDatabase({ dialect: 'sqlite', path });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      await sql`insert into t values (1)`.execute(handle.db);
      expect(mode(path)).toBe(0o600);
      expect(mode(`${path}-wal`)).toBe(0o600);
      expect(mode(`${path}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it('an existing SQLite database keeps the mode its operator gave it', async () => {
    const path = join(directory, 'existing.db');
    writeFileSync(path, '', { mode: 0o640 });
    const handle = connectDatabase({ dialect: 'sqlite', path });
    try {
      await sql`create table t (x integer)`.execute(handle.db);
      expect(mode(path)).toBe(0o640);
    } finally {
      await handle.close();
    }
  });
});
