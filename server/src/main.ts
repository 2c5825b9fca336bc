/**
 * Boot: config → database (migrations on the master) → ledger journal recovery → caches → HTTP → jobs;
 * graceful shutdown on SIGTERM/SIGINT: stop accepting, let relay calls finish up to the drain deadline,
 * end the rest with the interrupted-call billing rule, flush the writer, close the databases — the
 * process never exits before the flush (docs/decisions/0008-durable-ledger-and-shutdown.md).
 */

import cluster from 'node:cluster';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { lookUpPendingOrder } from './api/payments/reconcile.ts';
import { loadSetupDone } from './api/setup/service.ts';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { BatchWriter } from './db/batch-writer.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { JournalInUseError, LedgerJournal } from './db/ledger-journal.ts';
import { LedgerJournalCorruptError, takePreviousJournal } from './db/ledger-recovery.ts';
import { type BalanceRefund, forgetJournal, replayJournal } from './db/ledger-replay.ts';
import { runMigrations } from './db/migrations/index.ts';
import { scheduleChannelJobs } from './jobs/channel-jobs.ts';
import { schedulePaymentReconcile } from './jobs/payment-reconcile.ts';
import { QuotaDataAggregator } from './jobs/quota-data.ts';
import { scheduleRetention } from './jobs/retention.ts';
import { scheduleSubscriptionExpiry } from './jobs/subscriptions.ts';
import { scheduleTaskPolling } from './jobs/task-polling.ts';
import { RedisCacheBus } from './lib/cache-bus.ts';
import { UpstreamClient } from './lib/http-client.ts';
import { randomAlphanumeric } from './lib/random.ts';
import { Metrics } from './metrics/metrics.ts';
import { OptionStore } from './options/store.ts';
import { QuotaWarnings } from './relay/billing/quota-warning.ts';
import { warmUpTokenizer } from './relay/billing/tokens.ts';
import { AccountCache } from './relay/cache/account-cache.ts';
import { ChannelCache } from './relay/cache/channel-cache.ts';
import { SharedBalances } from './relay/cache/shared-balances.ts';
import { InflightCalls } from './relay/call/inflight.ts';
import { seedCallLimits } from './relay/call/limit-seeding.ts';
import { createLimiter } from './relay/limits/limiter.ts';
import { setDefaultAzureApiVersion } from './relay/providers/openai-compatible/index.ts';
import { ChannelAffinity } from './relay/routing/affinity.ts';
import { Cooldowns } from './relay/routing/cooldown.ts';
import { ResponseOwners } from './relay/routing/response-owners.ts';
import { runWorkers, workerConfig } from './workers.ts';

const SESSION_SECRET_OPTION = 'internal.session_secret';

/** The bundle's programmatic entry (the benchmark boots the compiled server with these). */
export { loadConfig } from './config.ts';

export interface RunningServer {
  app: FastifyInstance;
  context: AppContext;
  /** The base URL the server listens on (http://127.0.0.1:<port>). */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: pino.Logger;
  /** Listen on this port instead of config.port (0 = any free port). */
  port?: number;
}

function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function waitForSchema(database: DatabaseHandle, logger: pino.Logger): Promise<void> {
  // A slave never migrates; it waits until the master has created the tables.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await database.db.selectFrom('setups').select('id').limit(1).execute();
      return;
    } catch (error) {
      if (attempt % 10 === 0) logger.warn({ err: error }, 'waiting for the master node to create the schema');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function resolveSessionSecret(config: Config, options: OptionStore): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const stored = options.get(SESSION_SECRET_OPTION);
  if (stored) return stored;
  // Workers (and instances) booting together on a fresh database agree on the first secret stored.
  return options.claimInternal(SESSION_SECRET_OPTION, randomAlphanumeric(48));
}

export async function startServer(config: Config, startOptions: StartOptions = {}): Promise<RunningServer> {
  const logger =
    startOptions.logger ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key'],
      ...(config.nodeName ? { base: { pid: process.pid, node: config.nodeName } } : {}),
    });
  for (const warning of config.bootWarnings) logger.warn(warning);
  if (config.azureDefaultApiVersion) setDefaultAzureApiVersion(config.azureDefaultApiVersion);
  const connectOptions = {
    sqliteBusyTimeoutMs: config.sqliteBusyTimeoutMs,
    poolSize: config.sqlPool.maxOpen,
    maxIdle: config.sqlPool.maxIdle,
    maxLifetimeSeconds: config.sqlPool.maxLifetimeSeconds,
  };
  const database = connectDatabase(config.database, connectOptions);
  const logDatabase = config.logDatabase ? connectDatabase(config.logDatabase, connectOptions) : database;
  if (config.isMaster) {
    const applied = await runMigrations(database, logDatabase, (warning) =>
      logger.warn({ warning }, 'schema change left undone; the data needs the operator (docs/operations.md)'),
    );
    if (applied.length > 0) logger.info({ applied }, 'database migrations applied');
  } else {
    await waitForSchema(database, logger);
  }
  logger.info({ database: database.description, logs: logDatabase.description }, 'database ready');

  const { journal, refunds } = await openLedgerJournal(config, database, logDatabase, logger);
  const options = new OptionStore(database, logger);
  await options.load();
  options.startSync(config.syncFrequencySeconds);
  const writer = new BatchWriter(database, logDatabase, {
    intervalMs: config.batchUpdateEnabled ? config.batchUpdateIntervalSeconds * 1000 : 0,
    onError: (error) => logger.error({ err: error }, 'batch write failed; will retry'),
    journal,
  });
  writer.start();
  const channelCache = new ChannelCache(database, logger);
  const accounts = new AccountCache(database, writer, logger);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 2,
        // Commands issued in one turn of the event loop go out in one write (a relay call sends two).
        enableAutoPipelining: true,
      })
    : null;
  const bus = redis
    ? await shareCaches(redis, config.redisKeyPrefix, { options, channelCache, accounts }, refunds, logger)
    : null;
  await Promise.all([channelCache.reload(), accounts.reload()]);
  channelCache.startSync(config.syncFrequencySeconds);
  accounts.startSync(config.syncFrequencySeconds);
  const upstream = new UpstreamClient(config.upstreamAddressPolicy);
  const webhooks = new UpstreamClient(
    config.upstreamAddressPolicy === 'allow-all' ? 'allow-all' : 'public-only',
  );
  const quotaData = new QuotaDataAggregator(database, options, logger);
  quotaData.start();

  const context: AppContext = {
    config,
    database,
    logDatabase,
    writer,
    options,
    channelCache,
    accounts,
    upstream,
    webhooks,
    quotaWarnings: new QuotaWarnings({ options, webhooks, database, logger }),
    limiter: createLimiter({
      redis,
      // A call's concurrency slot in Redis outlives a crashed instance by at most this (docs/limits.md);
      // calls longer than this (Realtime sessions) free their slot early.
      leaseMs: 60 * 60_000,
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => logger.warn({ err: error.message }, 'traffic limits: Redis failed'),
    }),
    affinity: new ChannelAffinity({
      options,
      redis,
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => logger.warn({ err: error.message }, 'channel affinity: Redis failed'),
    }),
    cooldowns: new Cooldowns(),
    responseOwners: new ResponseOwners({
      redis,
      keyPrefix: config.redisKeyPrefix,
      onError: (error) => logger.warn({ err: error.message }, 'stored response owners: Redis failed'),
    }),
    quotaData,
    inflight: new InflightCalls(),
    setup: { done: await loadSetupDone({ database }) },
    sessionSecret: await resolveSessionSecret(config, options),
    logger,
    version: packageVersion(),
    startTime: Math.floor(Date.now() / 1000),
    metrics: config.metricsEnabled ? new Metrics({ writer, channelCache, accounts }) : null,
  };

  const stopChannelJobs = config.isMaster ? scheduleChannelJobs(context) : () => undefined;
  const stopRetention = config.isMaster ? scheduleRetention(context) : () => undefined;
  const stopPaymentReconcile = config.isMaster
    ? schedulePaymentReconcile(context, lookUpPendingOrder)
    : () => undefined;
  const stopSubscriptionExpiry = config.isMaster ? scheduleSubscriptionExpiry(context) : () => undefined;
  const stopTaskPolling =
    config.isMaster && config.updateTask ? scheduleTaskPolling(context) : () => undefined;
  // Day, week and month counts survive a restart (docs/limits.md): read from the log before serving.
  await seedCallLimits(context);
  const app = await buildApp(context, { redis });
  warmUpTokenizer();
  const address = await app.listen({ port: startOptions.port ?? config.port, host: config.host });
  const port = new URL(address).port;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopChannelJobs();
      stopRetention();
      stopPaymentReconcile();
      stopSubscriptionExpiry();
      stopTaskPolling();
      await drainAndClose(app, context);
      bus?.close();
      redis?.disconnect();
      options.stop();
      channelCache.stop();
      accounts.stop();
      await quotaData.stop();
      await writer.stop();
      journal?.close(writer.pendingCount === 0 && context.inflight.size === 0);
      await upstream.close();
      await webhooks.close();
      if (logDatabase !== database) await logDatabase.close();
      await database.close();
    })();
    return closing;
  };
  return { app, context, url: `http://127.0.0.1:${port}`, close };
}

/**
 * Takes the ledger journal and applies what a process that did not stop cleanly left in it (writes not
 * yet in the database, reservations never settled), before anything reads balances.
 */
async function openLedgerJournal(
  config: Config,
  database: DatabaseHandle,
  logDatabase: DatabaseHandle,
  logger: pino.Logger,
): Promise<{ journal: LedgerJournal | null; refunds: BalanceRefund[] }> {
  if (!config.ledgerJournalPath) return { journal: null, refunds: [] };
  const refunds = config.legacyLedgerJournalPath
    ? await replayLegacyJournal(config, config.legacyLedgerJournalPath, database, logDatabase, logger)
    : [];
  // A damaged journal stops the boot here (LedgerJournalCorruptError), before anything is applied.
  const previous = takePreviousJournal(
    config.ledgerJournalPath,
    { skipCorrupt: config.ledgerReplaySkipCorrupt },
    logger,
  );
  refunds.push(...(await replayPrevious(previous, config.ledgerJournalPath, database, logDatabase, logger)));
  const journal = new LedgerJournal(config.ledgerJournalPath);
  if (previous) await forgetJournal(previous.id, database, logDatabase);
  return { journal, refunds };
}

/** Applies what a previous process left in the journal at `path` (nothing when it left nothing). */
async function replayPrevious(
  previous: ReturnType<typeof takePreviousJournal>,
  path: string,
  database: DatabaseHandle,
  logDatabase: DatabaseHandle,
  logger: pino.Logger,
): Promise<BalanceRefund[]> {
  if (!previous || previous.lines.length === 0) return [];
  const { refunds, ...report } = await replayJournal(previous, database, logDatabase);
  logger.warn(
    { journal: path, ...report },
    'recovered the ledger journal of a process that did not stop cleanly',
  );
  return refunds;
}

/**
 * The journal at the default path of earlier versions (one name per folder, without the port): what it
 * holds is applied like the instance's own journal, then the file is removed. One held by a running
 * process (an earlier version still serving) is left to it.
 */
async function replayLegacyJournal(
  config: Config,
  path: string,
  database: DatabaseHandle,
  logDatabase: DatabaseHandle,
  logger: pino.Logger,
): Promise<BalanceRefund[]> {
  if (!existsSync(path)) return [];
  let previous: ReturnType<typeof takePreviousJournal>;
  try {
    previous = takePreviousJournal(path, { skipCorrupt: config.ledgerReplaySkipCorrupt }, logger);
  } catch (error) {
    if (!(error instanceof JournalInUseError)) throw error;
    logger.warn(
      { journal: path, reason: error.message },
      'the ledger journal at the earlier default path is left to its process',
    );
    return [];
  }
  const refunds = await replayPrevious(previous, path, database, logDatabase, logger);
  if (previous) await forgetJournal(previous.id, database, logDatabase);
  rmSync(path, { force: true });
  LedgerJournal.release(path);
  logger.info(
    { journal: path, now: config.ledgerJournalPath },
    'the ledger journal moved to a path named with the port',
  );
  return refunds;
}

/**
 * With REDIS_CONN_STRING: live balances in Redis, and every cache change announced to the other
 * instances, which reload what changed (docs/scale-out.md).
 */
async function shareCaches(
  redis: Redis,
  prefix: string,
  caches: { options: OptionStore; channelCache: ChannelCache; accounts: AccountCache },
  /** Reservations the ledger journal's replay refunded: Redis took them too and is given them back. */
  refunds: readonly BalanceRefund[],
  logger: pino.Logger,
): Promise<RedisCacheBus> {
  const { options, channelCache, accounts } = caches;
  const bus = new RedisCacheBus(
    redis,
    (error) =>
      logger.error({ err: error }, 'cache change announcement failed; the periodic reload catches up'),
    `${prefix}cache-changes`,
  );
  const shared = new SharedBalances(
    redis,
    (kind, id) => accounts.databaseBalance(kind, id),
    (error) => logger.error({ err: error }, 'shared balance change failed; retrying'),
    `${prefix}balance:`,
  );
  for (const refund of refunds)
    await shared.change(
      refund.table === 'users' ? refund.id : null,
      refund.table === 'tokens' ? refund.id : null,
      refund.amount,
    );
  accounts.share(shared, bus);
  channelCache.share(bus);
  options.share(bus);
  await bus.subscribe(async (change) => {
    if (change.kind === 'options') await options.load();
    else if (change.kind === 'channels') await channelCache.reload();
    else if (change.kind === 'user') await accounts.reloadUser(change.id);
    else if (change.kind === 'token') await accounts.reloadToken(change.id);
    else await Promise.all([options.load(), channelCache.reload(), accounts.reload()]);
  });
  return bus;
}

/** How long closing connections may take once every relay call has ended. */
const CONNECTION_CLOSE_GRACE_MS = 5_000;
/** How long calls ended at the drain deadline get to settle. */
const SETTLE_GRACE_MS = 10_000;

/**
 * Stops accepting, lets relay calls finish until the drain deadline, then aborts the rest (a stream gets
 * the interrupted-stream event and is billed for what it delivered; a call with nothing delivered is
 * refunded) and waits for their settlements; finally closes the remaining connections.
 */
async function drainAndClose(app: FastifyInstance, context: AppContext): Promise<void> {
  const { inflight, logger } = context;
  const closed = app.close();
  const drained = await inflight.waitIdle(context.config.shutdownDrainSeconds * 1000);
  if (!drained) {
    logger.warn({ calls: inflight.size }, 'drain deadline reached: ending relay calls still in progress');
    inflight.abortAll();
    await inflight.waitIdle(SETTLE_GRACE_MS);
  }
  const grace = new Promise<'timeout'>((resolve) =>
    setTimeout(resolve, CONNECTION_CLOSE_GRACE_MS, 'timeout').unref(),
  );
  if ((await Promise.race([closed, grace])) === 'timeout') app.server.closeAllConnections();
  await closed;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (cluster.isWorker) config = workerConfig(config);
  if (config.workers > 1 && cluster.isPrimary) {
    runWorkers(config, pino({ level: config.logLevel }));
    return;
  }
  const server = await startServer(config);
  server.context.logger.info(
    { url: `http://localhost:${new URL(server.url).port}` },
    'Switchyard is listening',
  );
  const shutdown = (signal: string) => {
    server.context.logger.info({ signal }, 'shutting down');
    // A last resort only (a database that never answers the final flush): the ledger journal keeps
    // whatever was not written, and the next boot applies it.
    const { shutdownDrainSeconds } = server.context.config;
    const forced = setTimeout(
      () => {
        server.context.logger.error(
          'shutdown did not finish in time; the ledger journal keeps what was not written',
        );
        process.exit(1);
      },
      (shutdownDrainSeconds + 60) * 1000,
    );
    forced.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.context.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    // A refused journal's message is the whole story (which file, what to do): no stack trace.
    const text =
      error instanceof LedgerJournalCorruptError ? error.message : ((error as Error).stack ?? String(error));
    process.stderr.write(`Switchyard failed to start: ${text}\n`);
    process.exit(1);
  });
}
