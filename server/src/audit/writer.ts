/**
 * The audit log's writer (docs/audit.md "Writing"): rows are queued in memory and inserted together on the
 * next turn of the event loop, after the reply is sent. A request never waits for it and never fails
 * because of it: a failed insert is logged (without the rows' contents) and the rows are dropped.
 */
import type { Insertable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';

export type AuditRow = Insertable<Database['audit_logs']>;

/** At most this many rows wait; beyond it new rows are dropped and counted in the error log. */
const QUEUE_LIMIT = 10_000;
const INSERT_CHUNK = 200;

export class AuditWriter {
  private queue: AuditRow[] = [];
  private scheduled = false;
  private running: Promise<void> = Promise.resolve();
  private dropped = 0;
  /** Recordings started (their rows not yet queued): flush waits for them. */
  private pending = new Set<Promise<void>>();

  constructor(private readonly context: AppContext) {}

  /** Queues a row; returns at once. */
  write(row: AuditRow): void {
    if (this.queue.length >= QUEUE_LIMIT) {
      this.dropped += 1;
      return;
    }
    this.queue.push(row);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Lets flush wait for a recording that will queue a row (it must not reject). */
  track(recording: Promise<void>): void {
    this.pending.add(recording);
    void recording.finally(() => this.pending.delete(recording));
  }

  /** Inserts everything recorded so far (tests and shutdown wait on it). Never throws. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending]);
    this.running = this.running.then(() => this.insertQueued());
    return this.running;
  }

  private async insertQueued(): Promise<void> {
    const rows = this.queue.splice(0);
    if (this.dropped > 0) {
      this.context.logger.error({ dropped: this.dropped }, 'audit log queue full: rows dropped');
      this.dropped = 0;
    }
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      try {
        await this.context.database.db.insertInto('audit_logs').values(chunk).execute();
      } catch (error) {
        this.context.logger.error(
          { err: error, rows: chunk.length, actions: [...new Set(chunk.map((row) => row.action))] },
          'could not write audit log rows',
        );
      }
    }
  }
}

const writers = new WeakMap<AppContext, AuditWriter>();

/** The one writer of a running server. */
export function auditWriterOf(context: AppContext): AuditWriter {
  let writer = writers.get(context);
  if (!writer) {
    writer = new AuditWriter(context);
    writers.set(context, writer);
  }
  return writer;
}

/** Waits until every row recorded so far is written. */
export function flushAuditLog(context: AppContext): Promise<void> {
  return auditWriterOf(context).flush();
}
