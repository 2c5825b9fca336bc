/**
 * Reading a ledger journal back (ledger-journal-format.ts): every kind of damage a file can carry is
 * reported with its place and never its content, a torn last line alone is left out quietly, log rows
 * written by position come back by name, and journals of the earlier formats (version 1 without
 * checksums, version 2 with log rows by name) stay readable.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerJournal } from './ledger-journal.ts';
import { type JournalReading, readJournal } from './ledger-journal-format.ts';
import { completeLogRow, LOG_ROW_COLUMNS, logRowValues } from './log-row.ts';

const SECRET = 'sk-live-do-not-print-0123456789';

let directory: string;
let counter = 0;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'switchyard-journal-format-'));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/**
 * A journal written by the real writer: four lines (sequence 1–4), the second holding a log row with a
 * secret in it. Returns its path.
 */
function writtenJournal(): string {
  counter += 1;
  const path = join(directory, `journal-${counter}`);
  LedgerJournal.acquire(path);
  const journal = new LedgerJournal(path);
  journal.append([['i', 'users', 1, { quota: -100 }]], { open: 'call-1' });
  journal.append(
    [
      ['i', 'users', 1, { quota: 40, used_quota: 60 }],
      // Characters of several UTF-8 bytes: the checksum covers bytes, offsets count bytes.
      ['l', { user_id: 1, type: 2, quota: 60, content: `${SECRET} 模型 — ✓` }],
    ],
    { close: 'call-1' },
  );
  journal.append([['i', 'tokens', 7, { remain_quota: -5 }]]);
  journal.append([['a', 'channels', 3, { status: 2 }]]);
  journal.close(false);
  return path;
}

/** The file's lines (the header is line 1) and the byte offset where each begins. */
function fileLines(path: string): { lines: string[]; offsets: number[] } {
  const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += Buffer.byteLength(line) + 1;
  }
  return { lines, offsets };
}

function rewrite(path: string, change: (lines: string[]) => string[], ending = '\n'): void {
  const { lines } = fileLines(path);
  writeFileSync(path, change([...lines]).join('\n') + ending);
}

function read(path: string): JournalReading {
  const reading = readJournal(path);
  expect(reading).not.toBeNull();
  return reading!;
}

function sequence(reading: JournalReading): number[] {
  return reading.journal?.lines.map((line) => line.s) ?? [];
}

/** A record of the current format with a correct checksum (CRC-32 of the JSON written without it). */
function checksummed(value: object): string {
  const json = JSON.stringify(value);
  return `${json.slice(0, -1)},"crc":"${crc32(json).toString(16).padStart(8, '0')}"}`;
}

describe('reading a journal of the current format', () => {
  it('reads an intact journal with no problem', () => {
    const reading = read(writtenJournal());
    expect(reading.problems).toEqual([]);
    expect(reading.tornTail).toBeNull();
    expect(sequence(reading)).toEqual([1, 2, 3, 4]);
    expect(reading.journal?.lines[1]?.close).toBe('call-1');
  });

  it.each([
    ['invalid JSON', (line: string) => line.slice(0, 30), /not valid JSON/],
    ['a bit flipped inside a value', (line: string) => line.replace('"quota":40', '"quota":48'), /checksum/],
    ['the checksum removed', (line: string) => line.replace(/,"crc":"[0-9a-f]{8}"\}$/, '}'), /checksum/],
    ['valid JSON of another shape', () => '{"note":"hello"}', /checksum|not a journal line/],
    ['an empty line', () => '', /empty/],
  ])(
    'reports a middle line with %s, by line number and byte offset, without its content',
    (_name, damage, reason) => {
      const path = writtenJournal();
      const { offsets } = fileLines(path);
      rewrite(path, (lines) => lines.map((line, index) => (index === 2 ? damage(line) : line)));
      const reading = read(path);
      expect(reading.problems).toEqual([
        { line: 3, offset: offsets[2], reason: expect.stringMatching(reason) },
      ]);
      expect(sequence(reading)).toEqual([1, 3, 4]);
      expect(JSON.stringify(reading.problems)).not.toContain('sk-live');
      expect(reading.tornTail).toBeNull();
    },
  );

  it('reports a line of the wrong shape even when its checksum is right', () => {
    const path = writtenJournal();
    rewrite(path, (lines) => [
      ...lines.slice(0, 4),
      checksummed({ s: 4, o: [['i', 'users']] }),
      checksummed({ s: 5, o: 'nothing' }),
      checksummed({ s: 'six', o: [] }),
    ]);
    const reading = read(path);
    expect(reading.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [5, expect.stringMatching(/not a journal line/)],
      [6, expect.stringMatching(/not a journal line/)],
      [7, expect.stringMatching(/not a journal line/)],
    ]);
    expect(sequence(reading)).toEqual([1, 2, 3]);
  });

  it('reports a repeated line, lines out of order and a missing line', () => {
    const repeated = writtenJournal();
    rewrite(repeated, (lines) => [...lines.slice(0, 3), lines[2]!, ...lines.slice(3)]);
    const repeatedReading = read(repeated);
    expect(repeatedReading.problems).toEqual([
      {
        line: 4,
        offset: expect.any(Number),
        reason: expect.stringMatching(/sequence number 2 .*expected 3/),
      },
    ]);
    expect(sequence(repeatedReading)).toEqual([1, 2, 3, 4]);

    const swapped = writtenJournal();
    rewrite(swapped, (lines) => [lines[0]!, lines[1]!, lines[3]!, lines[2]!, lines[4]!]);
    const swappedReading = read(swapped);
    expect(swappedReading.problems.map((problem) => problem.line)).toEqual([3, 4]);

    const missing = writtenJournal();
    rewrite(missing, (lines) => lines.filter((_line, index) => index !== 2));
    const missingReading = read(missing);
    expect(missingReading.problems).toEqual([
      { line: 3, offset: expect.any(Number), reason: expect.stringMatching(/1 line missing/) },
    ]);
    // The line after the gap is intact: it is kept (a replay that skips problems applies it).
    expect(sequence(missingReading)).toEqual([1, 3, 4]);
  });

  it('leaves out a torn last line (the process died writing it) without calling it a problem', () => {
    const path = writtenJournal();
    const { lines, offsets } = fileLines(path);
    rewrite(path, (all) => [...all.slice(0, 4), all[4]!.slice(0, 25)], '');
    const reading = read(path);
    expect(reading.problems).toEqual([]);
    expect(reading.tornTail).toEqual({ line: 5, offset: offsets[4], bytes: 25 });
    expect(sequence(reading)).toEqual([1, 2, 3]);
    expect(lines).toHaveLength(5);
  });

  it('a whole last line without its newline is torn too; a damaged line before it is still a problem', () => {
    const path = writtenJournal();
    rewrite(
      path,
      (lines) => lines.map((line, index) => (index === 1 ? line.replace('-100', '-900') : line)),
      '',
    );
    const reading = read(path);
    expect(reading.problems.map((problem) => problem.line)).toEqual([2]);
    expect(reading.tornTail).toMatchObject({ line: 5 });
    expect(sequence(reading)).toEqual([2, 3]);
  });

  it('a damaged header makes the whole journal unusable (its lines cannot be matched to checkpoints)', () => {
    const path = writtenJournal();
    rewrite(path, (lines) => [lines[0]!.replace('"version":3', '"version":4'), ...lines.slice(1)]);
    const reading = read(path);
    expect(reading.journal).toBeNull();
    expect(reading.problems).toEqual([{ line: 1, offset: 0, reason: expect.stringMatching(/header/) }]);
    expect(reading.lineCount).toBe(4);
  });

  it('an empty file holds nothing', () => {
    const path = join(directory, 'empty');
    writeFileSync(path, '');
    expect(readJournal(path)).toBeNull();
    expect(readJournal(join(directory, 'absent'))).toBeNull();
  });
});

describe('log rows by position (version 3)', () => {
  const row = completeLogRow({
    user_id: 1,
    created_at: 1_795_785_976,
    type: 2,
    content: '模型倍率 0.075，补全倍率 4 — "quoted" ✓',
    username: 'payer',
    model_name: 'gpt-4o-mini',
    quota: 60,
    other: '{"request_id":"call-1","admin_info":{"use_channel":[3]}}',
  });

  function journalWith(append: (journal: LedgerJournal) => void): string {
    counter += 1;
    const path = join(directory, `rows-${counter}`);
    LedgerJournal.acquire(path);
    const journal = new LedgerJournal(path);
    append(journal);
    journal.close(false);
    return path;
  }

  it('names the columns once in the header and reads each row back by name', () => {
    const path = journalWith((journal) => journal.append([['r', logRowValues(row)]]));
    const { lines } = fileLines(path);
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 3, log_columns: [...LOG_ROW_COLUMNS] });
    expect(lines[1]).not.toContain('"user_id"');
    const reading = read(path);
    expect(reading.problems).toEqual([]);
    expect(reading.journal?.lines[0]?.o).toEqual([['l', row]]);
  });

  it('reads rows by the columns its header names, whatever their order, and drops a column it does not know', () => {
    const columns = ['quota', 'user_id', 'future_column', 'content'];
    const path = journalWith(() => undefined);
    rewrite(path, (lines) => {
      const header = JSON.parse(lines[0]!) as Record<string, unknown>;
      delete header.crc;
      return [
        checksummed({ ...header, log_columns: columns }),
        checksummed({ s: 1, o: [['r', [7, 3, 'x', 'text']]] }),
      ];
    });
    const reading = read(path);
    expect(reading.problems).toEqual([]);
    expect(reading.journal?.lines[0]?.o).toEqual([
      ['l', completeLogRow({ quota: 7, user_id: 3, content: 'text', created_at: expect.any(Number) })],
    ]);
  });

  it('encodes a turn larger than its buffer, of several-byte characters, exactly', () => {
    const long = completeLogRow({ ...row, content: '模型'.repeat(40_000) });
    const path = journalWith((journal) => {
      for (let index = 0; index < 3; index += 1) journal.append([['r', logRowValues(long)]]);
    });
    const reading = read(path);
    expect(reading.problems).toEqual([]);
    expect(reading.journal?.lines.map((line) => line.o)).toEqual([
      [['l', long]],
      [['l', long]],
      [['l', long]],
    ]);
  });

  it.each([
    ['a row with fewer values than the header names', (line: string) => line.replace(',"payer"', '')],
    ['a header without its columns', (line: string) => line],
  ])('reports %s', (name, damage) => {
    const path = journalWith((journal) => journal.append([['r', logRowValues(row)]]));
    rewrite(path, (lines) => {
      if (name.startsWith('a header')) {
        const header = JSON.parse(lines[0]!) as Record<string, unknown>;
        delete header.crc;
        delete header.log_columns;
        return [checksummed(header), lines[1]!];
      }
      const line = JSON.parse(damage(lines[1]!)) as Record<string, unknown>;
      delete line.crc;
      return [lines[0]!, checksummed(line)];
    });
    const reading = read(path);
    expect(reading.problems).toEqual([
      name.startsWith('a header')
        ? { line: 1, offset: 0, reason: expect.stringMatching(/columns of its log rows/) }
        : { line: 2, offset: expect.any(Number), reason: expect.stringMatching(/write 1 is malformed/) },
    ]);
  });
});

describe('reading a journal of the previous format (version 2: log rows by name)', () => {
  /**
   * Written by the previous writer (the version before log rows by position): a reservation of 100 for
   * call-1, its settlement (40 back, 60 used, a log row with several-byte characters and JSON in
   * `other`), and a reservation of 50 for call-2 never settled.
   */
  const fixture = join(import.meta.dirname, '__fixtures__', 'ledger-journal-v2.jsonl');

  it('reads every line, checksums checked, log rows by name', () => {
    const reading = read(fixture);
    expect(reading.problems).toEqual([]);
    expect(sequence(reading)).toEqual([1, 2, 3]);
    expect(reading.journal?.lines[1]?.o[2]).toEqual([
      'l',
      expect.objectContaining({
        quota: 60,
        content: '模型倍率 0.075，补全倍率 4，分组倍率 1',
        token_name: 'key "one"',
      }),
    ]);
  });

  it('still finds a changed line by its checksum', () => {
    counter += 1;
    const path = join(directory, `v2-${counter}`);
    copyFileSync(fixture, path);
    rewrite(path, (lines) => lines.map((line) => line.replace('"quota":40', '"quota":48')));
    expect(read(path).problems).toEqual([
      { line: 3, offset: expect.any(Number), reason: expect.stringMatching(/checksum does not match/) },
    ]);
  });

  it('refuses a log row by position, which that version never wrote', () => {
    counter += 1;
    const path = join(directory, `v2-${counter}`);
    copyFileSync(fixture, path);
    rewrite(path, (lines) => [...lines, checksummed({ s: 4, o: [['r', [1]]] })]);
    expect(read(path).problems).toEqual([
      { line: 5, offset: expect.any(Number), reason: expect.stringMatching(/write 1 is malformed/) },
    ]);
  });
});

describe('reading a journal of the first format (no checksums)', () => {
  const header = '{"journal":"0b0e6a9e-4c7d-4a55-9d8f-2b0f3c1d7e11","version":1}';
  const line = (s: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ s, o: [['i', 'users', 1, { quota: -s }]], ...extra });

  function oldJournal(lines: string[]): string {
    counter += 1;
    const path = join(directory, `old-${counter}`);
    writeFileSync(path, `${[header, ...lines].join('\n')}\n`);
    return path;
  }

  it('stays readable, including a rotated file (carried-over reservations, then the copied tail)', () => {
    const plain = read(oldJournal([line(1), line(2), line(3)]));
    expect(plain.problems).toEqual([]);
    expect(plain.journal?.id).toBe('0b0e6a9e-4c7d-4a55-9d8f-2b0f3c1d7e11');
    expect(sequence(plain)).toEqual([1, 2, 3]);
    // What the first format's rotation wrote: reservations 2 and 5, then the tail from 4's write on.
    const rotated = read(
      oldJournal([line(2, { open: 'a' }), line(5, { open: 'b' }), line(4), line(5, { open: 'b' }), line(6)]),
    );
    expect(rotated.problems).toEqual([]);
    expect(sequence(rotated)).toEqual([2, 5, 4, 5, 6]);
  });

  it('reports invalid JSON, a wrong shape and a line that goes back outside a rotation', () => {
    const reading = read(oldJournal([line(1), '{"s":2,"o":[["i"', '[1,2,3]', line(4), line(3), line(5)]));
    expect(reading.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [3, expect.stringMatching(/not valid JSON/)],
      [4, expect.stringMatching(/not a journal line/)],
      [6, expect.stringMatching(/sequence number 3/)],
    ]);
    expect(sequence(reading)).toEqual([1, 4, 5]);
  });
});

describe('rotation', () => {
  it('carries an open reservation over rotation after rotation, read back from the file intact', () => {
    counter += 1;
    const path = join(directory, `rotated-${counter}`);
    LedgerJournal.acquire(path);
    const journal = new LedgerJournal(path, 100);
    const covered = (seq: number) => {
      journal.checkpoint('counters', seq);
      journal.checkpoint('logs', seq);
    };
    journal.append([['i', 'users', 1, { quota: -100 }]], { open: 'first — 模型' });
    journal.append([['i', 'users', 1, { quota: -1 }]]);
    covered(2);
    // Rotated: 'first' carried over after the header. Then one more in the new file, and two rotations.
    journal.append([['i', 'users', 1, { quota: -7 }]], { open: 'second' });
    journal.append([['r', logRowValues(completeLogRow({ quota: 7 }))]]);
    covered(4);
    journal.append([['i', 'users', 1, { quota: -3 }]]);
    covered(5);
    journal.append([['i', 'users', 1, { quota: -9 }]]);
    journal.close(false);
    const reading = read(path);
    expect(reading.problems).toEqual([]);
    expect(reading.journal?.lines.map((line) => [line.s, line.open, line.o])).toEqual([
      [1, 'first — 模型', [['i', 'users', 1, { quota: -100 }]]],
      [3, 'second', [['i', 'users', 1, { quota: -7 }]]],
      [6, undefined, [['i', 'users', 1, { quota: -9 }]]],
    ]);
  });

  it('writes a file whose sequence numbers a reader accepts: no repeated or reordered reservation', () => {
    counter += 1;
    const path = join(directory, `rotated-${counter}`);
    LedgerJournal.acquire(path);
    const journal = new LedgerJournal(path, 200);
    // One write: an open reservation, then a line the checkpoint will not cover. The rotation copies
    // the file from that write's start (which holds the reservation) and carries reservations over.
    journal.append([['i', 'users', 1, { quota: -100 }]], { open: 'early' });
    journal.append([['i', 'users', 1, { quota: -1 }]], { open: 'older' });
    journal.writePending();
    journal.append([['i', 'users', 1, { quota: -7 }]], { open: 'kept' });
    journal.append([['i', 'users', 1, { quota: -3 }]]);
    journal.checkpoint('counters', 3);
    journal.checkpoint('logs', 3);
    journal.append([['i', 'users', 1, { quota: -9 }]], { open: 'late' });
    journal.checkpoint('counters', 4);
    journal.checkpoint('logs', 4);
    journal.close(false);
    const reading = read(path);
    expect(reading.problems).toEqual([]);
    const seen = sequence(reading);
    expect([...seen].sort((left, right) => left - right)).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    expect(reading.journal?.lines.filter((line) => line.open).map((line) => line.open)).toEqual([
      'early',
      'older',
      'kept',
      'late',
    ]);
  });
});
