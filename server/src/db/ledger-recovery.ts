/**
 * The boot's decision about the ledger journal a previous process left (docs/decisions/0008-durable-
 * ledger-and-shutdown.md, "A damaged journal"): replayed when every line is sound; a torn last line (the
 * process died in the middle of writing it) is left out with a warning; any other damage stops the boot
 * before anything is applied, unless the operator set LEDGER_REPLAY_SKIP_CORRUPT=true (server/src/config.ts):
 * then the damaged lines are skipped, each logged with its place, and a private copy of the file is kept.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { LedgerJournal } from './ledger-journal.ts';
import type { JournalProblem, JournalReading, PreviousJournal } from './ledger-journal-format.ts';

/** The two levels recovery logs at (the server's pino logger fits). */
export interface RecoveryLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface RecoveryOptions {
  /** LEDGER_REPLAY_SKIP_CORRUPT: replay the sound lines and skip the damaged ones instead of refusing. */
  skipCorrupt: boolean;
}

const SKIP_SETTING = 'LEDGER_REPLAY_SKIP_CORRUPT=true';
/** Problems named in the refusal message (all of them are logged). */
const LISTED_PROBLEMS = 10;

function refusalMessage(path: string, reading: JournalReading): string {
  const listed = reading.problems
    .slice(0, LISTED_PROBLEMS)
    .map((problem) => `  - line ${problem.line} (byte ${problem.offset}): ${problem.reason}`);
  const more = reading.problems.length - listed.length;
  if (more > 0) listed.push(`  - and ${more} more (each is in the log)`);
  const effect = reading.journal
    ? 'replays every sound line, skips the damaged ones (each is logged)'
    : `starts without replaying any of its ${reading.lineCount} lines (with no readable header, none of them can be matched with the database's checkpoints)`;
  return [
    `The ledger journal ${path} is damaged: nothing from it has been applied and the server does not start.`,
    ...listed,
    'The file holds quota changes and log rows the database may not have yet. Put back an intact copy of',
    `it if there is one; otherwise start once with ${SKIP_SETTING}, which ${effect}`,
    `and keeps the file as ${path}.corrupt-<time>; then remove the setting. See docs/operations.md,`,
    '"A damaged ledger journal".',
  ].join('\n');
}

/** The boot refuses a damaged journal; the message says which file, what is wrong and what to do. */
export class LedgerJournalCorruptError extends Error {
  constructor(
    readonly path: string,
    readonly problems: JournalProblem[],
    message: string,
  ) {
    super(message);
    this.name = 'LedgerJournalCorruptError';
  }
}

/** Copies the journal beside itself (0600) before a new file replaces it; returns the copy's path. */
function keepCopy(path: string): string {
  const copy = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  writeFileSync(copy, readFileSync(path), { mode: 0o600, flag: 'wx' });
  return copy;
}

/**
 * Takes the journal at `path` (LedgerJournal.acquire) and returns what may be replayed from it (null:
 * nothing). Throws LedgerJournalCorruptError, releasing the file untouched, when it is damaged and
 * `options.skipCorrupt` is off.
 */
export function takePreviousJournal(
  path: string,
  options: RecoveryOptions,
  logger: RecoveryLogger,
): PreviousJournal | null {
  const reading = LedgerJournal.acquire(path);
  if (!reading) return null;
  const { tornTail, problems } = reading;
  if (tornTail) {
    logger.warn(
      { journal: path, line: tornTail.line, offset: tornTail.offset, bytes: tornTail.bytes },
      'the ledger journal ends with a torn line (the process died while writing it); it is left out',
    );
  }
  if (problems.length === 0) return reading.journal;
  const message = options.skipCorrupt
    ? `skipped damage in the ledger journal (${SKIP_SETTING})`
    : 'the ledger journal is damaged here; the server does not start (docs/operations.md)';
  for (const problem of problems)
    logger.error(
      { journal: path, line: problem.line, offset: problem.offset, problem: problem.reason },
      message,
    );
  if (!options.skipCorrupt) {
    LedgerJournal.release(path);
    throw new LedgerJournalCorruptError(path, problems, refusalMessage(path, reading));
  }
  if (!reading.journal) {
    logger.error(
      { journal: path, lines: reading.lineCount },
      `the ledger journal's header is unreadable: none of its lines is replayed (${SKIP_SETTING})`,
    );
  }
  logger.warn({ journal: path, copy: keepCopy(path) }, 'kept a copy of the damaged ledger journal');
  return reading.journal;
}
