/**
 * The ledger journal: an append-only local file in which the batch writer records every write before it
 * queues it in memory, so that a process killed between two flushes (kill -9, out-of-memory, a crash)
 * loses nothing it has charged. Each line is one JSON object with a sequence number and a checksum
 * (ledger-journal-format.ts); a flush records the highest sequence number it wrote in the same database
 * transaction (ledger-checkpoints.ts), and the next boot checks the file (ledger-recovery.ts) and replays
 * the lines past that number (ledger-replay.ts). Reservations taken before a call is sent are recorded
 * as open until the call's settlement closes them; a restart refunds the ones left open. Its files are
 * created with mode 0600. See docs/decisions/0008-durable-ledger-and-shutdown.md for the format and the
 * bounds.
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fdatasync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import {
  type JournalOp,
  type JournalReading,
  journalHeader,
  readJournal,
  recordBytesAtMost,
  writeRecord,
} from './ledger-journal-format.ts';

export type { JournalOp } from './ledger-journal-format.ts';

/**
 * A write (the lines of one turn of the event loop) holding lines a replay may still need. Their text
 * stays in the file: `offset` is where the write began, `writeSeq` the sequence number of its first line
 * (the write may hold lines already covered, which a rotation keeps harmlessly: a replay skips what the
 * checkpoints cover), `counters` and `logs` the last of its lines with counter writes and with log rows
 * (0: none), which the checkpoints must reach before the write is forgotten. One entry per write, not
 * per line: fewer objects that live until a flush.
 */
interface RetainedWrite {
  offset: number;
  writeSeq: number;
  counters: number;
  logs: number;
}

/**
 * A reservation not yet closed: where its line is in the file. One may stay open while later lines are
 * covered and forgotten, so a rotation reads it back from the file and carries it over.
 */
interface OpenLine {
  seq: number;
  offset: number;
  bytes: number;
}

/** A line as `append` serialises it (written with its checksum by ledger-journal-format.ts writeRecord). */
interface WrittenLine {
  s: number;
  o: JournalOp[];
  open?: string;
  close?: string;
}

/**
 * The file is rewritten (only what is still needed) once it grows past this size: at a thousand calls a
 * second about every 30 s (a call journals about 1 KB: its reservation and its settlement).
 */
const ROTATE_AT_BYTES = 32 * 1024 * 1024;
/** Dirty data is fdatasync'ed this often: the bound for an operating-system crash or power loss. */
export const JOURNAL_SYNC_INTERVAL_MS = 1000;
/**
 * The pending buffer's usual size: the lines of one turn of the event loop (a settlement line is about
 * 0.9 KB). It grows for a turn that needs more and goes back to this size after that turn is written.
 */
const PENDING_BYTES = 64 * 1024;

/** Paths of journals held by this process (several test servers can share one process). */
const heldPaths = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class JournalInUseError extends Error {}

/** Journal files hold log rows: readable by their owner only, whatever the umask allows. */
const PRIVATE_MODE = 0o600;

/**
 * Writes `data` to a new file at `path` (0600; a file left there is removed first, so its mode is not
 * kept) and flushes it to disk.
 */
function writePrivateFile(path: string, data: string | Buffer): void {
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx', PRIVATE_MODE);
  try {
    writeFileSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** `length` bytes of the file open as `fd`, from `position`. */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const count = readSync(fd, buffer, read, length - read, position + read);
    if (count === 0) throw new Error(`the ledger journal ended before byte ${position + length}`);
    read += count;
  }
  return buffer;
}

function opParts(ops: readonly JournalOp[]): { counters: boolean; logs: boolean } {
  let counters = false;
  let logs = false;
  for (const op of ops) {
    if (op[0] === 'l') logs = true;
    else counters = true;
  }
  return { counters, logs };
}

export class LedgerJournal {
  readonly id = randomUUID();
  private fd: number;
  private seq = 0;
  private size = 0;
  private dirty = false;
  private syncing = false;
  private readonly syncTimer: NodeJS.Timeout;
  /** Writes holding lines not yet covered by a checkpoint, in order. */
  private retained: RetainedWrite[] = [];
  /** Lines that opened a reservation not yet closed, by request id. */
  private readonly open = new Map<string, OpenLine>();
  private checkpoints = { counters: 0, logs: 0 };
  private closed = false;
  /**
   * Lines appended during this turn of the event loop, encoded once into this reused buffer and written
   * together at its end (one system call for every call settled in the turn, rather than one each): see
   * `append`. `pendingBytes` of it are in use.
   */
  private pending = Buffer.allocUnsafe(PENDING_BYTES);
  private pendingBytes = 0;
  /** The sequence number of the first line in `pending`. */
  private pendingSeq = 0;
  private writeScheduled = false;
  private readonly writePendingLater = () => {
    this.writeScheduled = false;
    this.writePending();
  };

  /**
   * Takes the journal at `path` for this process (refusing one held by a live process) and returns what a
   * previous process left in it, checked line by line; ledger-recovery.ts decides whether it may be
   * replayed. Then `new LedgerJournal(path)` starts the next file, or `release` gives the file up.
   */
  static acquire(path: string): JournalReading | null {
    const lockPath = `${path}.lock`;
    if (heldPaths.has(path)) {
      throw new JournalInUseError(`the ledger journal ${path} is already used by this process`);
    }
    if (existsSync(lockPath)) {
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new JournalInUseError(
          `the ledger journal ${path} is in use by process ${pid}; give each instance its own LEDGER_JOURNAL_PATH`,
        );
      }
    }
    writeFileSync(lockPath, String(process.pid), { mode: PRIVATE_MODE });
    heldPaths.add(path);
    return readJournal(path);
  }

  /** Gives up a journal taken by `acquire` without starting a new file (the boot refused it). */
  static release(path: string): void {
    rmSync(`${path}.lock`, { force: true });
    heldPaths.delete(path);
  }

  /**
   * Starts a new, empty journal file at `path` (mode 0600, atomically replacing the previous one).
   * `rotateAtBytes` is for tests.
   */
  constructor(
    private readonly path: string,
    private readonly rotateAtBytes = ROTATE_AT_BYTES,
  ) {
    const header = journalHeader(this.id, 0, 1);
    const temporary = `${path}.new`;
    writePrivateFile(temporary, header);
    renameSync(temporary, path);
    this.fd = openSync(path, 'a');
    this.size = header.length;
    this.syncTimer = setInterval(() => this.sync(), JOURNAL_SYNC_INTERVAL_MS);
    this.syncTimer.unref();
  }

  /** The sequence number of the last line written (a flush that took everything queued covers it). */
  get lastSeq(): number {
    return this.seq;
  }

  get openReservations(): number {
    return this.open.size;
  }

  /**
   * Appends one line. It reaches the operating system (and then survives kill -9) at the end of this turn
   * of the event loop, together with the other lines of the turn, or at once through `writePending` —
   * which whoever must not go on before the line is safe calls: a stream's end
   * (server/src/relay/call/pipeline.ts runRelay), the batch writer before it writes to the database, rotation
   * and close.
   */
  append(ops: JournalOp[], meta: { open?: string; close?: string } = {}): void {
    if (this.closed || (ops.length === 0 && !meta.close)) return;
    this.seq += 1;
    const line: WrittenLine = { s: this.seq, o: ops };
    if (meta.open) line.open = meta.open;
    if (meta.close) line.close = meta.close;
    const json = JSON.stringify(line);
    if (this.pendingBytes === 0) this.pendingSeq = this.seq;
    const start = this.pendingBytes;
    this.makeRoom(recordBytesAtMost(json.length));
    this.pendingBytes = writeRecord(json, this.pending, start);
    if (!this.writeScheduled) {
      this.writeScheduled = true;
      setImmediate(this.writePendingLater);
    }
    const { counters, logs } = opParts(ops);
    // Written at the end of this turn, in the write that begins at the current end of the file.
    if (counters || logs) {
      const last = this.retained[this.retained.length - 1];
      const write =
        last?.writeSeq === this.pendingSeq
          ? last
          : { offset: this.size, writeSeq: this.pendingSeq, counters: 0, logs: 0 };
      if (write !== last) this.retained.push(write);
      if (counters) write.counters = this.seq;
      if (logs) write.logs = this.seq;
    }
    if (meta.close) this.open.delete(meta.close);
    if (meta.open)
      this.open.set(meta.open, {
        seq: this.seq,
        offset: this.size + start,
        bytes: this.pendingBytes - start,
      });
  }

  /** Hands every appended line to the operating system now. */
  writePending(): void {
    if (this.pendingBytes === 0 || this.closed) return;
    const bytes = this.pendingBytes;
    let offset = 0;
    try {
      while (offset < bytes) offset += writeSync(this.fd, this.pending, offset, bytes - offset);
    } finally {
      // After a failed write(2) the bytes not written stay pending, to land where they were meant to.
      this.size += offset;
      if (offset > 0) this.dirty = true;
      if (offset < bytes) this.pending.copy(this.pending, 0, offset, bytes);
      this.pendingBytes = bytes - offset;
    }
    if (this.pending.length > PENDING_BYTES) this.pending = Buffer.allocUnsafe(PENDING_BYTES);
  }

  /** Grows the pending buffer (keeping what it holds) so that `bytes` more fit. */
  private makeRoom(bytes: number): void {
    const needed = this.pendingBytes + bytes;
    if (needed <= this.pending.length) return;
    let size = this.pending.length * 2;
    while (size < needed) size *= 2;
    const larger = Buffer.allocUnsafe(size);
    this.pending.copy(larger, 0, 0, this.pendingBytes);
    this.pending = larger;
  }

  /** Records that the database now holds every `part` write up to `seq`; rotates a large file. */
  checkpoint(part: 'counters' | 'logs', seq: number): void {
    this.writePending();
    if (seq > this.checkpoints[part]) this.checkpoints[part] = seq;
    const { counters, logs } = this.checkpoints;
    let drop = 0;
    while (drop < this.retained.length) {
      const write = this.retained[drop] as RetainedWrite;
      if (write.counters > counters || write.logs > logs) break;
      drop += 1;
    }
    if (drop > 0) this.retained = this.retained.slice(drop);
    // Never swap the file under an fdatasync still running on the old descriptor.
    if (this.size > this.rotateAtBytes && !this.syncing) this.rotate();
  }

  /** Flushes to disk and releases the file. `clean` (everything written and settled) empties it. */
  close(clean: boolean): void {
    if (this.closed) return;
    this.writePending();
    this.closed = true;
    clearInterval(this.syncTimer);
    if (clean && this.retained.length === 0 && this.open.size === 0) {
      closeSync(this.fd);
      rmSync(this.path, { force: true });
    } else {
      fsyncSync(this.fd);
      closeSync(this.fd);
    }
    rmSync(`${this.path}.lock`, { force: true });
    heldPaths.delete(this.path);
  }

  private sync(): void {
    this.writePending();
    if (!this.dirty || this.syncing || this.closed) return;
    this.dirty = false;
    this.syncing = true;
    fdatasync(this.fd, () => {
      this.syncing = false;
    });
  }

  /**
   * Rewrites the file with only the lines a replay could still need: the open reservations older than the
   * first retained write, then the file from that write on. The header says how many reservations were
   * carried over and the sequence number the copied lines start from, which ledger-journal-format.ts
   * checks: no line appears twice and the numbers only go up.
   */
  private rotate(): void {
    const first = this.retained[0];
    const tailStart = first ? first.offset : this.size;
    const tailSeq = first ? first.writeSeq : this.seq + 1;
    const older = [...this.open.values()]
      .filter((line) => line.seq < tailSeq)
      .sort((left, right) => left.seq - right.seq);
    const reader = openSync(this.path, 'r');
    let carried: Buffer[];
    let tail: Buffer;
    try {
      carried = older.map((line) => readAt(reader, line.offset, line.bytes));
      tail = readAt(reader, tailStart, this.size - tailStart);
    } finally {
      closeSync(reader);
    }
    const header = journalHeader(this.id, older.length, tailSeq);
    const head = Buffer.concat([header, ...carried]);
    const temporary = `${this.path}.new`;
    writePrivateFile(temporary, Buffer.concat([head, tail]));
    renameSync(temporary, this.path);
    closeSync(this.fd);
    this.fd = openSync(this.path, 'a');
    this.size = statSync(this.path).size;
    // The carried-over reservations follow the header; the copied writes moved by the same amount.
    const shift = head.length - tailStart;
    for (const write of this.retained) write.offset += shift;
    let offset = header.length;
    for (const line of this.open.values()) {
      if (line.seq >= tailSeq) line.offset += shift;
    }
    for (const line of older) {
      line.offset = offset;
      offset += line.bytes;
    }
  }
}
