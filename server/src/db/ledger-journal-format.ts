/**
 * The ledger journal's file format (docs/decisions/0008-durable-ledger-and-shutdown.md, "File format"):
 * how ledger-journal.ts writes a record with its checksum, and how the file a previous process left is
 * read back and checked line by line before ledger-replay.ts applies anything from it. What is said about
 * a bad line is where it is and what is wrong with it, never what it holds (lines carry log rows).
 */
import { existsSync, readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/** One write as the batch writer received it. */
export type JournalOp =
  /** increment: table, row id, column deltas */
  | ['i', string, number, Record<string, number>]
  /** assign: table, row id, column values */
  | ['a', string, number, Record<string, number>]
  /** a log row */
  | ['l', Record<string, unknown>]
  /** drop the queued (not yet written) delta of one counter: table, row id, column */
  | ['d', string, number, string];

export interface JournalLine {
  /** Sequence number, increasing within one journal. */
  s: number;
  o: JournalOp[];
  /** This line reserves quota for the call with this request id (refunded at boot if never closed). */
  open?: string;
  /** This line settles the call with this request id. */
  close?: string;
}

/** The lines of a previous process's journal that may be replayed. */
export interface PreviousJournal {
  id: string;
  lines: JournalLine[];
}

/** Where a line of the file begins: its number (the header is line 1) and its byte offset. */
export interface JournalPosition {
  line: number;
  offset: number;
}

/** A line that cannot be trusted, or lines found missing before it. */
export interface JournalProblem extends JournalPosition {
  reason: string;
}

/** The file's last line when it has no newline: the process died while writing it. */
export interface TornTail extends JournalPosition {
  bytes: number;
}

export interface JournalReading {
  /** Null when the header is unreadable: no line can then be matched with the database's checkpoints. */
  journal: PreviousJournal | null;
  /** In file order; a line with a problem is left out of `journal` (unless the problem is lines missing before it). */
  problems: JournalProblem[];
  tornTail: TornTail | null;
  /** Complete lines after the header. */
  lineCount: number;
}

/**
 * The format written now. Version 1 (before checksums) is still read. A version 2 header also says how
 * many reservations a rotation carried over (`carried`, first after the header, increasing, each below
 * `from`) and the sequence number of the line after them (`from`); from there every line is numbered one
 * more than the line before, so a lost, repeated or reordered line shows.
 */
export const JOURNAL_VERSION = 2;

const CHECKSUM_KEY = ',"crc":"';
/** `,"crc":"` + 8 hexadecimal digits + `"}` */
const CHECKSUM_SUFFIX_BYTES = CHECKSUM_KEY.length + 10;
const CLOSING_BRACE = Buffer.from('}');
const NEWLINE = 0x0a;

/**
 * One record as written: the object's JSON with a last member `crc`, the CRC-32 (hexadecimal) of the
 * UTF-8 bytes of that JSON without it, then a newline. `value` must have at least one member.
 */
export function journalRecord(value: object): string {
  const json = JSON.stringify(value);
  const checksum = crc32(json).toString(16).padStart(8, '0');
  return `${json.slice(0, -1)}${CHECKSUM_KEY}${checksum}"}\n`;
}

export function journalHeader(id: string, carried: number, from: number): string {
  return journalRecord({ journal: id, version: JOURNAL_VERSION, carried, from });
}

type ChecksumCheck = 'valid' | 'absent' | 'mismatch';

function checkChecksum(data: Buffer, start: number, end: number): ChecksumCheck {
  const suffix = end - CHECKSUM_SUFFIX_BYTES;
  if (suffix <= start) return 'absent';
  if (data.toString('latin1', suffix, suffix + CHECKSUM_KEY.length) !== CHECKSUM_KEY) return 'absent';
  const written = data.toString('latin1', end - 10, end - 2);
  if (!/^[0-9a-f]{8}$/.test(written) || data.toString('latin1', end - 2, end) !== '"}') return 'absent';
  const computed = crc32(CLOSING_BRACE, crc32(data.subarray(start, suffix)));
  return computed === Number.parseInt(written, 16) ? 'valid' : 'mismatch';
}

const CHECKSUM_REASONS: Record<Exclude<ChecksumCheck, 'valid'>, string> = {
  absent: 'its checksum is missing or unreadable',
  mismatch: 'its checksum does not match: the line was changed after it was written',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Column values: numbers (JSON writes a non-finite number as null, which a replay ignores). */
function isColumnMap(value: unknown): boolean {
  return isObject(value) && Object.values(value).every((item) => typeof item === 'number' || item === null);
}

function isOp(op: unknown): boolean {
  if (!Array.isArray(op)) return false;
  switch (op[0]) {
    case 'i':
    case 'a':
      return op.length === 4 && typeof op[1] === 'string' && isRowId(op[2]) && isColumnMap(op[3]);
    case 'l':
      return op.length === 2 && isObject(op[1]);
    case 'd':
      return op.length === 4 && typeof op[1] === 'string' && isRowId(op[2]) && typeof op[3] === 'string';
    default:
      return false;
  }
}

const isRequestId = (value: unknown) => value === undefined || (typeof value === 'string' && value !== '');

/** What is wrong with the shape of a parsed line, or null. */
function shapeProblem(value: unknown): string | null {
  if (!isObject(value)) return 'not a journal line: not a JSON object';
  if (typeof value.s !== 'number' || !Number.isSafeInteger(value.s) || value.s < 1)
    return 'not a journal line: its sequence number is missing or not a positive whole number';
  if (!Array.isArray(value.o)) return 'not a journal line: its list of writes is missing';
  const bad = value.o.findIndex((op) => !isOp(op));
  if (bad >= 0) return `not a journal line: its write ${bad + 1} is malformed`;
  if (!isRequestId(value.open) || !isRequestId(value.close))
    return 'not a journal line: its request id is not a string';
  return null;
}

interface Header {
  id: string;
  version: 1 | 2;
  carried: number;
  from: number;
}

function parseJson(data: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(data.toString('utf8', start, end));
  } catch {
    // The parser's message quotes the text: it is never passed on.
    return undefined;
  }
}

function readHeader(data: Buffer, start: number, end: number): Header | string {
  const value = parseJson(data, start, end);
  if (value === undefined) return 'the header is not valid JSON';
  if (!isObject(value) || typeof value.journal !== 'string' || value.journal === '')
    return 'the header has no journal id';
  const checksum = checkChecksum(data, start, end);
  if (checksum === 'mismatch') return `the header: ${CHECKSUM_REASONS.mismatch}`;
  if (value.version === 1) return { id: value.journal, version: 1, carried: 0, from: 1 };
  if (value.version !== JOURNAL_VERSION)
    return `the header names format version ${typeof value.version === 'number' ? value.version : '(none)'}, which this version of Switchyard does not read`;
  if (checksum === 'absent') return `the header: ${CHECKSUM_REASONS.absent}`;
  const { carried, from } = value;
  if (!isRowId(carried) || carried < 0 || !isRowId(from) || from < 1)
    return 'the header does not say where its sequence numbers start';
  return { id: value.journal, version: 2, carried, from };
}

/**
 * The order rules of sequence numbers. Version 2: the carried-over reservations increase and stay below
 * `from`; the lines after them are numbered `from`, `from + 1`, … Version 1 only increases, except once
 * right after the leading reservations, where that version's rotation could repeat or reorder them.
 */
class SequenceRule {
  private previous = 0;
  private expected: number;
  private descended = false;
  private onlyReservations = true;

  constructor(private readonly header: Header) {
    this.expected = header.from;
  }

  /** An unreadable line took one sequence number (where numbers are consecutive). */
  unreadable(index: number): void {
    if (this.header.version === 2 && index > this.header.carried) this.expected += 1;
  }

  /** What is wrong with `line`'s number (`keep`: the line itself is sound), or null. */
  check(line: JournalLine, index: number): { reason: string; keep: boolean } | null {
    const seq = line.s;
    const back = (expected: string) => ({
      reason: `sequence number ${seq} repeats or goes back (${expected})`,
      keep: false,
    });
    if (this.header.version === 1) {
      if (seq <= this.previous) {
        if (this.descended || !this.onlyReservations) return back(`the line before has ${this.previous}`);
        this.descended = true;
      }
      if (!line.open) this.onlyReservations = false;
      this.previous = seq;
      return null;
    }
    if (index <= this.header.carried) {
      if (!line.open) return { reason: 'a carried-over line that is not a reservation', keep: false };
      if (seq <= this.previous || seq >= this.header.from)
        return back(`carried-over reservations are numbered upwards from below ${this.header.from}`);
      this.previous = seq;
      return null;
    }
    const expected = this.expected;
    if (seq < expected) return back(`expected ${expected}`);
    this.expected = seq + 1;
    if (seq === expected) return null;
    const missing = seq - expected;
    return {
      reason: `${missing} line${missing === 1 ? '' : 's'} missing before this one (sequence number ${seq}, expected ${expected})`,
      keep: true,
    };
  }
}

/** A sound line, or what is wrong with it (never quoting it). */
function readLine(data: Buffer, start: number, end: number, header: Header): JournalLine | string {
  if (end === start) return 'an empty line';
  const value = parseJson(data, start, end);
  if (value === undefined) return 'not valid JSON';
  if (header.version === 2) {
    const checksum = checkChecksum(data, start, end);
    if (checksum !== 'valid') return CHECKSUM_REASONS[checksum];
  }
  return shapeProblem(value) ?? (value as JournalLine);
}

/**
 * Reads a journal file's content. A last line without its newline is the torn tail (left out, not a
 * problem); every other line that is not valid JSON, lacks or fails its checksum (version 2), is not
 * shaped like a journal line or breaks the order of sequence numbers is a problem. Null: nothing in it.
 */
function parseJournal(data: Buffer): JournalReading | null {
  if (data.length === 0) return null;
  const complete = data.lastIndexOf(NEWLINE) + 1;
  const problems: JournalProblem[] = [];
  const lines: JournalLine[] = [];
  let header: Header | null = null;
  let rule: SequenceRule | null = null;
  let number = 0;
  for (let start = 0; start < complete; ) {
    const end = data.indexOf(NEWLINE, start);
    number += 1;
    const at = { line: number, offset: start };
    if (number === 1) {
      const read = readHeader(data, start, end);
      if (typeof read === 'string') problems.push({ ...at, reason: read });
      else {
        header = read;
        rule = new SequenceRule(read);
      }
    } else if (header && rule) {
      const index = number - 1;
      const read = readLine(data, start, end, header);
      if (typeof read === 'string') {
        problems.push({ ...at, reason: read });
        rule.unreadable(index);
      } else {
        const order = rule.check(read, index);
        if (order) problems.push({ ...at, reason: order.reason });
        if (!order || order.keep) lines.push(read);
      }
    }
    start = end + 1;
  }
  const tornTail =
    complete < data.length ? { line: number + 1, offset: complete, bytes: data.length - complete } : null;
  return {
    journal: header ? { id: header.id, lines } : null,
    problems,
    tornTail,
    lineCount: Math.max(0, number - 1),
  };
}

/** Reads the journal file at `path` (see parseJournal); null when there is none or it is empty. */
export function readJournal(path: string): JournalReading | null {
  if (!existsSync(path)) return null;
  return parseJournal(readFileSync(path));
}
