/**
 * The ledger journal's file format (docs/decisions/0008-durable-ledger-and-shutdown.md, "File format"):
 * how ledger-journal.ts writes a record with its checksum, and how the file a previous process left is
 * read back and checked line by line before ledger-replay.ts applies anything from it. What is said about
 * a bad line is where it is and what is wrong with it, never what it holds (lines carry log rows).
 */
import { existsSync, readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { LOG_ROW_COLUMNS, logRowFromValues } from './log-row.ts';

/** One write as a journal line holds it once read (what a replay applies). */
export type ReadOp =
  /** increment: table, row id, column deltas */
  | ['i', string, number, Record<string, number>]
  /** assign: table, row id, column values */
  | ['a', string, number, Record<string, number>]
  /** a log row, by column name (rows that name their id, and every row of versions 1 and 2) */
  | ['l', Record<string, unknown>]
  /** drop the queued (not yet written) delta of one counter: table, row id, column */
  | ['d', string, number, string];

/**
 * One write as the batch writer received it: a read op, or a log row by position — its values in the
 * order of the header's `log_columns` (log-row.ts LOG_ROW_COLUMNS when written), read back as an `l` op.
 */
export type JournalOp = ReadOp | ['r', unknown[]];

export interface JournalLine {
  /** Sequence number, increasing within one journal. */
  s: number;
  o: ReadOp[];
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
 * The format written now. Versions 1 (before checksums) and 2 (log rows by column name) are still read.
 * Since version 2 a header also says how many reservations a rotation carried over (`carried`, first
 * after the header, increasing, each below `from`) and the sequence number of the line after them
 * (`from`); from there every line is numbered one more than the line before, so a lost, repeated or
 * reordered line shows. A version 3 header names the columns of the log rows its lines hold by position
 * (`log_columns`).
 */
export const JOURNAL_VERSION = 3;

const CHECKSUM_KEY = ',"crc":"';
const CHECKSUM_KEY_BYTES = Buffer.from(CHECKSUM_KEY, 'latin1');
/** `,"crc":"` + 8 hexadecimal digits + `"}` */
const CHECKSUM_SUFFIX_BYTES = CHECKSUM_KEY.length + 10;
const CLOSING_BRACE = Buffer.from('}');
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BRACE = 0x7d;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/**
 * The most bytes `writeRecord` writes for a JSON text of `length` UTF-16 code units: UTF-8 takes at most
 * three bytes per unit (a pair of surrogates, two units, takes four), the checksum replaces the closing
 * brace, and a newline ends it.
 */
export function recordBytesAtMost(length: number): number {
  return 3 * length + CHECKSUM_SUFFIX_BYTES;
}

/**
 * Writes one record into `target` at `offset` and returns the offset after it: the object's JSON `json`
 * (which must end with the object's closing brace) with a last member `crc`, the CRC-32 (hexadecimal)
 * of the UTF-8 bytes of that JSON without it, then a newline. The text is encoded once, and the checksum
 * is taken of the encoded bytes. `target` must hold recordBytesAtMost(json.length) bytes from `offset`.
 */
export function writeRecord(json: string, target: Buffer, offset: number): number {
  const end = offset + target.write(json, offset, 'utf8');
  const checksum = crc32(target.subarray(offset, end));
  let at = end - 1 + CHECKSUM_KEY_BYTES.copy(target, end - 1);
  for (let shift = 28; shift >= 0; shift -= 4) target[at++] = HEX_DIGITS[(checksum >>> shift) & 15] as number;
  target[at++] = QUOTE;
  target[at++] = BRACE;
  target[at++] = NEWLINE;
  return at;
}

/** One record as written (see writeRecord), in a buffer of its own. `value` must have at least one member. */
export function journalRecord(value: object): Buffer {
  const json = JSON.stringify(value);
  const buffer = Buffer.allocUnsafe(recordBytesAtMost(json.length));
  return buffer.subarray(0, writeRecord(json, buffer, 0));
}

export function journalHeader(id: string, carried: number, from: number): Buffer {
  return journalRecord({
    journal: id,
    version: JOURNAL_VERSION,
    carried,
    from,
    log_columns: LOG_ROW_COLUMNS,
  });
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

/** Whether `op` is a well-formed write; `logColumns`: the header's, when its lines may hold rows by position. */
function isOp(op: unknown, logColumns: readonly string[] | null): boolean {
  if (!Array.isArray(op)) return false;
  switch (op[0]) {
    case 'i':
    case 'a':
      return op.length === 4 && typeof op[1] === 'string' && isRowId(op[2]) && isColumnMap(op[3]);
    case 'l':
      return op.length === 2 && isObject(op[1]);
    case 'r':
      return (
        logColumns !== null && op.length === 2 && Array.isArray(op[1]) && op[1].length === logColumns.length
      );
    case 'd':
      return op.length === 4 && typeof op[1] === 'string' && isRowId(op[2]) && typeof op[3] === 'string';
    default:
      return false;
  }
}

const isRequestId = (value: unknown) => value === undefined || (typeof value === 'string' && value !== '');

/** What is wrong with the shape of a parsed line, or null. */
function shapeProblem(value: unknown, logColumns: readonly string[] | null): string | null {
  if (!isObject(value)) return 'not a journal line: not a JSON object';
  if (typeof value.s !== 'number' || !Number.isSafeInteger(value.s) || value.s < 1)
    return 'not a journal line: its sequence number is missing or not a positive whole number';
  if (!Array.isArray(value.o)) return 'not a journal line: its list of writes is missing';
  const bad = value.o.findIndex((op) => !isOp(op, logColumns));
  if (bad >= 0) return `not a journal line: its write ${bad + 1} is malformed`;
  if (!isRequestId(value.open) || !isRequestId(value.close))
    return 'not a journal line: its request id is not a string';
  return null;
}

interface Header {
  id: string;
  version: 1 | 2 | 3;
  carried: number;
  from: number;
  /** The columns of log rows written by position (version 3), else null. */
  logColumns: readonly string[] | null;
}

function isColumnList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((column) => typeof column === 'string' && column !== '') &&
    new Set(value).size === value.length
  );
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
  if (value.version === 1) return { id: value.journal, version: 1, carried: 0, from: 1, logColumns: null };
  if (value.version !== 2 && value.version !== 3)
    return `the header names format version ${typeof value.version === 'number' ? value.version : '(none)'}, which this version of Switchyard does not read`;
  if (checksum === 'absent') return `the header: ${CHECKSUM_REASONS.absent}`;
  const { carried, from } = value;
  if (!isRowId(carried) || carried < 0 || !isRowId(from) || from < 1)
    return 'the header does not say where its sequence numbers start';
  if (value.version === 2) return { id: value.journal, version: 2, carried, from, logColumns: null };
  if (!isColumnList(value.log_columns)) return 'the header does not name the columns of its log rows';
  return { id: value.journal, version: 3, carried, from, logColumns: value.log_columns };
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
    if (this.header.version !== 1 && index > this.header.carried) this.expected += 1;
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

/** A sound line, or what is wrong with it (never quoting it). Log rows by position come back by name. */
function readLine(data: Buffer, start: number, end: number, header: Header): JournalLine | string {
  if (end === start) return 'an empty line';
  const value = parseJson(data, start, end);
  if (value === undefined) return 'not valid JSON';
  if (header.version !== 1) {
    const checksum = checkChecksum(data, start, end);
    if (checksum !== 'valid') return CHECKSUM_REASONS[checksum];
  }
  const problem = shapeProblem(value, header.logColumns);
  if (problem) return problem;
  const line = value as { o: JournalOp[] };
  const columns = header.logColumns;
  if (columns) {
    for (let index = 0; index < line.o.length; index += 1) {
      const op = line.o[index] as JournalOp;
      if (op[0] === 'r') line.o[index] = ['l', logRowFromValues(columns, op[1]) as Record<string, unknown>];
    }
  }
  return value as JournalLine;
}

/**
 * Reads a journal file's content. A last line without its newline is the torn tail (left out, not a
 * problem); every other line that is not valid JSON, lacks or fails its checksum (version 2 on), is not
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
