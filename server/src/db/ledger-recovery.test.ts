/**
 * The boot's decision about a journal left by a previous process (ledger-recovery.ts): a damaged journal
 * is refused with a message that tells the operator what to do, unless LEDGER_REPLAY_SKIP_CORRUPT says
 * to skip the damaged lines (each logged, the file kept); a torn last line alone never stops a boot.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerJournal } from './ledger-journal.ts';
import { LedgerJournalCorruptError, type RecoveryLogger, takePreviousJournal } from './ledger-recovery.ts';
import { writeDamagedJournal } from './test-damaged-journal.ts';

const SECRET = 'sk-live-do-not-print-9876543210';

interface Entry {
  level: 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}

function recordingLogger(): RecoveryLogger & { entries: Entry[] } {
  const entries: Entry[] = [];
  return {
    entries,
    warn: (details, message) => entries.push({ level: 'warn', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
}

let directory: string;
let counter = 0;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'switchyard-journal-recovery-'));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A journal of three lines (sequence 1–3) whose second line is damaged by `damage`. */
function journalWith(damage: (lines: string[]) => string): string {
  counter += 1;
  const path = join(directory, `ledger-${counter}.journal`);
  writeDamagedJournal(path, SECRET, damage);
  return path;
}

const flipInSecondLine = (lines: string[]) =>
  `${lines.map((line, index) => (index === 2 ? line.replace('"quota":20', '"quota":90') : line)).join('\n')}\n`;

describe('taking the previous journal at boot', () => {
  it('refuses a journal with a damaged middle line, naming the file, the line and the setting', () => {
    const path = journalWith(flipInSecondLine);
    const before = readFileSync(path);
    const logger = recordingLogger();
    let caught: unknown;
    try {
      takePreviousJournal(path, { skipCorrupt: false }, logger);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LedgerJournalCorruptError);
    const message = (caught as Error).message;
    expect(message).toContain(path);
    expect(message).toMatch(/line 3 \(byte \d+\)/);
    expect(message).toContain('LEDGER_REPLAY_SKIP_CORRUPT=true');
    expect(message).toContain('docs/operations.md');
    expect(message).not.toContain('sk-live');
    expect(JSON.stringify(logger.entries)).not.toContain('sk-live');
    // The file is left as it was, and released: the operator's next start may take it.
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(() => LedgerJournal.acquire(path)).not.toThrow();
    LedgerJournal.release(path);
  });

  it('with the skip setting: replays the other lines, logs each skipped one, keeps a private copy', () => {
    const path = journalWith(flipInSecondLine);
    const before = readFileSync(path);
    const logger = recordingLogger();
    const journal = takePreviousJournal(path, { skipCorrupt: true }, logger);
    expect(journal?.lines.map((line) => line.s)).toEqual([1, 3]);
    const skipped = logger.entries.filter((entry) => entry.level === 'error');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.details).toMatchObject({ journal: path, line: 3, offset: expect.any(Number) });
    expect(skipped[0]!.message).toMatch(/skipped/);
    expect(JSON.stringify(logger.entries)).not.toContain('sk-live');
    const copies = readdirSync(directory).filter((name) =>
      name.startsWith(`${path.split('/').pop()}.corrupt-`),
    );
    expect(copies).toHaveLength(1);
    const copy = join(directory, copies[0]!);
    expect(readFileSync(copy).equals(before)).toBe(true);
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(logger.entries)).toContain(copy);
    new LedgerJournal(path).close(true);
  });

  it('a torn last line alone: the rest is replayed, a warning logged, no setting needed', () => {
    const path = journalWith((lines) => `${lines.slice(0, 3).join('\n')}\n${lines[3]!.slice(0, 20)}`);
    const logger = recordingLogger();
    const journal = takePreviousJournal(path, { skipCorrupt: false }, logger);
    expect(journal?.lines.map((line) => line.s)).toEqual([1, 2]);
    expect(logger.entries).toEqual([
      {
        level: 'warn',
        details: { journal: path, line: 4, offset: expect.any(Number), bytes: 20 },
        message: expect.stringMatching(/torn/),
      },
    ]);
    new LedgerJournal(path).close(true);
  });

  it('a damaged header: refused; with the skip setting nothing can be replayed and that is logged', () => {
    const damageHeader = (lines: string[]) => `${['{"journal":', ...lines.slice(1)].join('\n')}\n`;
    const refused = journalWith(damageHeader);
    expect(() => takePreviousJournal(refused, { skipCorrupt: false }, recordingLogger())).toThrow(
      /line 1 \(byte 0\): the header[\s\S]*without replaying any of its 3 lines/,
    );
    const skipped = journalWith(damageHeader);
    const logger = recordingLogger();
    expect(takePreviousJournal(skipped, { skipCorrupt: true }, logger)).toBeNull();
    expect(logger.entries.filter((entry) => entry.level === 'error').map((entry) => entry.details)).toEqual([
      { journal: skipped, line: 1, offset: 0, problem: expect.stringMatching(/header/) },
      { journal: skipped, lines: 3 },
    ]);
    new LedgerJournal(skipped).close(true);
  });

  it('an intact journal is taken as it is, with nothing logged', () => {
    const path = journalWith((lines) => `${lines.join('\n')}\n`);
    const logger = recordingLogger();
    expect(takePreviousJournal(path, { skipCorrupt: false }, logger)?.lines).toHaveLength(3);
    expect(logger.entries).toEqual([]);
    new LedgerJournal(path).close(true);
  });
});
