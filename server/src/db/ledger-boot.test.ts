/**
 * The server process booting on a ledger journal left by a process that died: a damaged middle line
 * stops the boot before anything from the journal is applied, with a message naming the file and the
 * setting; LEDGER_REPLAY_SKIP_CORRUPT=true replays the rest and logs the skipped line; a torn last line
 * alone is skipped with a warning; a journal left by the previous version (format 2) is replayed
 * (docs/decisions/0008-durable-ledger-and-shutdown.md).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test-support/server-process.ts';
import { createPayerDatabase, writeDamagedJournal } from './test-damaged-journal.ts';

const START_QUOTA = 1_000;
const SECRET = 'sk-live-never-in-a-log-000111222';

let directory: string;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'switchyard-ledger-boot-'));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/**
 * A migrated SQLite database with one user, and beside it (the default LEDGER_JOURNAL_PATH) the journal
 * of a process that died before any flush: line 2 adds 1 to the user's quota, line 3 adds 20 and writes
 * a log row, line 4 adds 300. `damage` rewrites the file's lines (the header is line 1).
 */
async function databaseWithJournal(name: string, damage: (lines: string[]) => string): Promise<string> {
  const path = join(directory, `${name}.db`);
  await createPayerDatabase(path, START_QUOTA);
  writeDamagedJournal(`${path}.ledger`, SECRET, damage);
  return path;
}

function ledger(path: string): { quota: number; logs: number } {
  const database = new Sqlite(path, { readonly: true });
  try {
    const user = database.prepare('select quota from users where id = 1').get() as { quota: number };
    const logs = database.prepare('select count(*) as count from logs where type = 2').get() as {
      count: number;
    };
    return { quota: user.quota, logs: logs.count };
  } finally {
    database.close();
  }
}

/** The JSON log lines of `output` at `level` whose message matches `message`. */
function logEntries(output: string, level: number, message: RegExp): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.level === level && message.test(String(entry.msg)));
}

/** What a boot printed when it exited without listening (throws when it did start). */
async function refusedBoot(environment: Record<string, string>): Promise<string> {
  const outcome = await startServerProcess(environment).then(
    async (server) => {
      await server.stop('SIGKILL');
      return null;
    },
    (error: Error) => error.message,
  );
  if (outcome === null) throw new Error('the server started on a damaged journal');
  return outcome;
}

/** A bit flipped in line 3: the line stays valid JSON (+90 instead of +20). */
const flipLine3 = (lines: string[]) =>
  `${lines.map((line, index) => (index === 2 ? line.replace('"quota":20', '"quota":90') : line)).join('\n')}\n`;

describe('booting on a damaged ledger journal', () => {
  it('refuses to start, names the file and the setting, and applies nothing; the setting then replays the rest', async () => {
    const path = await databaseWithJournal('damaged', flipLine3);
    const journalPath = `${path}.ledger`;
    const journalBefore = readFileSync(journalPath);

    const output = await refusedBoot({ SQLITE_PATH: path });
    expect(output).toContain(journalPath);
    expect(output).toMatch(/line 3 \(byte \d+\)/);
    expect(output).toContain('LEDGER_REPLAY_SKIP_CORRUPT=true');
    expect(output).not.toContain('sk-live');
    expect(ledger(path)).toEqual({ quota: START_QUOTA, logs: 0 });
    expect(readFileSync(journalPath).equals(journalBefore)).toBe(true);

    const server = await startServerProcess({ SQLITE_PATH: path, LEDGER_REPLAY_SKIP_CORRUPT: 'true' });
    try {
      const skipped = logEntries(server.output(), 50, /skipped/);
      expect(skipped).toEqual([
        expect.objectContaining({ journal: journalPath, line: 3, offset: expect.any(Number) }),
      ]);
      expect(server.output()).not.toContain('sk-live');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(ledger(path)).toEqual({ quota: START_QUOTA + 1 + 300, logs: 0 });
  }, 60_000);

  it('a torn last line: the rest is replayed, a warning logged, the boot goes on', async () => {
    const path = await databaseWithJournal(
      'torn',
      (lines) => `${lines.slice(0, 3).join('\n')}\n${lines[3]!.slice(0, 30)}`,
    );
    const server = await startServerProcess({ SQLITE_PATH: path });
    try {
      expect(logEntries(server.output(), 40, /torn/)).toEqual([
        expect.objectContaining({ journal: `${path}.ledger`, line: 4, bytes: 30 }),
      ]);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(ledger(path)).toEqual({ quota: START_QUOTA + 1 + 20, logs: 1 });
  }, 60_000);
});

describe('upgrading with a journal on disk', () => {
  it('replays a journal the previous version wrote (format 2, log rows by name) and refunds its open reservation', async () => {
    const path = join(directory, 'upgrade.db');
    await createPayerDatabase(path, START_QUOTA);
    // Reserve 100 for call-1, settle it (40 back, 60 used, its log row), reserve 50 for call-2 and die.
    const journalPath = join(directory, 'upgrade.ledger');
    copyFileSync(join(import.meta.dirname, '__fixtures__', 'ledger-journal-v2.jsonl'), journalPath);

    const server = await startServerProcess({ SQLITE_PATH: path, LEDGER_JOURNAL_PATH: journalPath });
    try {
      expect(logEntries(server.output(), 40, /recovered the ledger journal/)).toEqual([
        expect.objectContaining({ logRows: 1, refunded: 1 }),
      ]);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(ledger(path)).toEqual({ quota: START_QUOTA - 60, logs: 1 });
    const database = new Sqlite(path, { readonly: true });
    try {
      expect(database.prepare('select used_quota, request_count from users where id = 1').get()).toEqual({
        used_quota: 60,
        request_count: 1,
      });
      expect(database.prepare('select * from logs where type = 2').get()).toMatchObject({
        user_id: 1,
        created_at: 1_795_785_976,
        content: '模型倍率 0.075，补全倍率 4，分组倍率 1',
        token_name: 'key "one"',
        model_name: 'gpt-4o-mini',
        quota: 60,
        prompt_tokens: 5,
        completion_tokens: 4,
        channel_id: 3,
        other: '{"model_ratio":0.075,"request_id":"call-1","content_key":"log.consume_per_token"}',
      });
    } finally {
      database.close();
    }
  }, 60_000);
});
