/**
 * WORKERS=N (or auto): N worker processes share the port through node:cluster, each a whole server
 * (server/src/main.ts startServer) holding balances and caches in Redis like separate instances
 * (docs/scale-out.md). config.ts refuses WORKERS > 1 without REDIS_CONN_STRING.
 *
 * Worker 0 keeps the configured NODE_TYPE (a master runs the migrations and background jobs); the
 * others run as slaves. Each worker has its own ledger journal (`<LEDGER_JOURNAL_PATH>.worker-<n>`), which
 * the worker restarted in its place recovers; with the default path, worker n also replays (and removes) the
 * journal an earlier version's worker n left at the default path without the port (server/src/main.ts
 * replayLegacyJournal, as a single process does). A worker that dies is restarted after a second; SIGTERM or
 * SIGINT stops every worker gracefully (each drains its calls) and then the primary.
 */
import cluster, { type Worker } from 'node:cluster';
import type pino from 'pino';
import type { Config } from './config.ts';

const RESTART_DELAY_MS = 1_000;
/** Set by the primary only: the journal an earlier version's worker of the same number left (empty: none). */
const LEGACY_JOURNAL_VARIABLE = 'SWITCHYARD_WORKER_LEGACY_LEDGER_JOURNAL_PATH';

/** The per-worker file of a journal path (the same rule for the current and the earlier default). */
function workerJournalPath(path: string, index: number): string {
  return `${path}.worker-${index}`;
}

/** The environment a worker starts with, over the primary's. */
export function workerEnvironment(config: Config, index: number): Record<string, string> {
  return {
    SWITCHYARD_WORKER: String(index),
    NODE_TYPE: index === 0 && config.isMaster ? 'master' : 'slave',
    LEDGER_JOURNAL_PATH: config.ledgerJournalPath
      ? workerJournalPath(config.ledgerJournalPath, index)
      : 'off',
    // The worker's LEDGER_JOURNAL_PATH is explicit, so its own config has no earlier default: it is sent.
    [LEGACY_JOURNAL_VARIABLE]:
      config.ledgerJournalPath && config.legacyLedgerJournalPath
        ? workerJournalPath(config.legacyLedgerJournalPath, index)
        : '',
    // Each worker is one process of the group: it must not start a group of its own.
    WORKERS: '1',
  };
}

/** In a worker process: its config with the earlier default journal the primary sent (workerEnvironment). */
export function workerConfig(config: Config, environment: NodeJS.ProcessEnv = process.env): Config {
  const legacy = environment[LEGACY_JOURNAL_VARIABLE]?.trim();
  return legacy ? { ...config, legacyLedgerJournalPath: legacy } : config;
}

/** Runs in the primary process: forks the workers and keeps them running until a signal stops them. */
export function runWorkers(config: Config, logger: pino.Logger): void {
  let stopping = false;
  let exitCode = 0;
  const workers = new Map<number, Worker>();
  const fork = (index: number) => {
    const worker = cluster.fork(workerEnvironment(config, index));
    workers.set(index, worker);
    let listening = false;
    worker.on('listening', () => {
      listening = true;
    });
    worker.on('exit', (code, signal) => {
      workers.delete(index);
      if (stopping) {
        if (workers.size === 0) process.exit(exitCode);
        return;
      }
      if (!listening) {
        // It failed at boot (its own output says why): restarting would fail the same way.
        logger.error({ worker: index, code }, 'a worker failed to start; stopping');
        exitCode = 1;
        stop('SIGTERM');
        return;
      }
      logger.error({ worker: index, code, signal }, 'worker stopped unexpectedly; restarting it');
      setTimeout(() => fork(index), RESTART_DELAY_MS).unref();
    });
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping the workers');
    for (const worker of workers.values()) worker.process.kill('SIGTERM');
    if (workers.size === 0) process.exit(exitCode);
  };
  for (let index = 0; index < config.workers; index += 1) fork(index);
  logger.info({ workers: config.workers, port: config.port }, 'Switchyard workers starting');
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
