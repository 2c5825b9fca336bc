/**
 * The only reader of process.env. Every variable of the one-api/new-api deployment contract
 * (docs/reference/compatibility.md) plus Switchyard's own, validated at boot; all problems are reported at once.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { ignoredVariablesWarning } from './config-new-api.ts';
import { type DatabaseTarget, parseDatabaseTarget } from './db/dsn.ts';
import { type UpstreamAddressPolicy, upstreamAddressPolicies } from './lib/address-policy.ts';

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''].includes(value), {
    message: 'expected true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

function flag(defaultValue: boolean) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? String(defaultValue) : value))
    .pipe(booleanText);
}

function integer(defaultValue: number, minimum = 0, maximum = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? String(defaultValue) : value.trim()))
    .pipe(
      z
        .string()
        .regex(/^-?\d+$/, 'expected a whole number')
        .transform(Number)
        .pipe(z.number().int().min(minimum).max(maximum)),
    );
}

function text(defaultValue = '') {
  return z
    .string()
    .optional()
    .transform((value) => value ?? defaultValue);
}

const environmentSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: text('0.0.0.0'),
  SQL_DSN: text(),
  SQLITE_PATH: text('one-api.db'),
  SQLITE_BUSY_TIMEOUT: integer(5000, 0),
  LOG_SQL_DSN: text(),
  REDIS_CONN_STRING: text(),
  REDIS_KEY_PREFIX: text('switchyard:'),
  WORKERS: text('1'),
  SESSION_SECRET: text(),
  CRYPTO_SECRET: text(),
  SYNC_FREQUENCY: integer(60, 1),
  NODE_TYPE: text('master').pipe(z.enum(['master', 'slave'], { message: 'expected master or slave' })),
  MEMORY_CACHE_ENABLED: flag(true),
  BATCH_UPDATE_ENABLED: flag(true),
  BATCH_UPDATE_INTERVAL: integer(5, 1),
  CHANNEL_TEST_FREQUENCY: integer(0, 0),
  CHANNEL_UPDATE_FREQUENCY: integer(0, 0),
  POLLING_INTERVAL: integer(0, 0),
  RELAY_TIMEOUT: integer(0, 0),
  STREAMING_TIMEOUT: integer(300, 1),
  MAX_REQUEST_BODY_MB: integer(32, 1, 1024),
  GLOBAL_API_RATE_LIMIT_ENABLE: flag(true),
  GLOBAL_API_RATE_LIMIT: integer(180, 1),
  GLOBAL_API_RATE_LIMIT_DURATION: integer(180, 1),
  GLOBAL_WEB_RATE_LIMIT_ENABLE: flag(true),
  GLOBAL_WEB_RATE_LIMIT: integer(60, 1),
  GLOBAL_WEB_RATE_LIMIT_DURATION: integer(180, 1),
  CRITICAL_RATE_LIMIT_ENABLE: flag(true),
  CRITICAL_RATE_LIMIT: integer(20, 1),
  CRITICAL_RATE_LIMIT_DURATION: integer(1200, 1),
  UPDATE_TASK: flag(true),
  TZ: text(),
  ERROR_LOG_ENABLED: flag(false),
  LOG_LEVEL: text('info').pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  WEB_DIST_PATH: text(),
  TRUST_PROXY: flag(false),
  GITHUB_OAUTH_URL: text('https://github.com'),
  GITHUB_API_URL: text('https://api.github.com'),
  LINUXDO_OAUTH_URL: text('https://connect.linux.do'),
  TURNSTILE_VERIFY_URL: text('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  STRIPE_API_URL: text(),
  CREEM_API_URL: text(),
  LEDGER_JOURNAL_PATH: text(),
  LEDGER_REPLAY_SKIP_CORRUPT: flag(false),
  SHUTDOWN_DRAIN_SECONDS: integer(20, 0, 3600),
  METRICS_ENABLED: flag(false),
  METRICS_TOKEN: text(),
  UPSTREAM_ADDRESS_POLICY: text('default').pipe(
    z.enum(upstreamAddressPolicies, { message: 'expected default, public-only or allow-all' }),
  ),
  // new-api's variables Switchyard honours (the ignored ones: ./config-new-api.ts).
  SQL_MAX_OPEN_CONNS: integer(10, 1, 10_000),
  SQL_MAX_IDLE_CONNS: integer(10, 0, 10_000),
  SQL_MAX_LIFETIME: integer(0, 0),
  GENERATE_DEFAULT_TOKEN: flag(false),
  AZURE_DEFAULT_API_VERSION: text(),
  NODE_NAME: text(),
  DEBUG: flag(false),
});

type Environment = z.infer<typeof environmentSchema>;

export interface RateLimitRule {
  enabled: boolean;
  limit: number;
  durationSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseTarget;
  logDatabase: DatabaseTarget | null;
  sqliteBusyTimeoutMs: number;
  redisUrl: string;
  /** Starts every Redis key and the pub/sub channel: deployments sharing one Redis use different ones. */
  redisKeyPrefix: string;
  /** Worker processes sharing the port (node:cluster); 1 = this process serves alone. */
  workers: number;
  /** Empty when not configured: the server then generates one and keeps it in the database. */
  sessionSecret: string;
  /** SQL_MAX_OPEN_CONNS, SQL_MAX_IDLE_CONNS, SQL_MAX_LIFETIME (seconds, 0 = unbounded): PostgreSQL and MySQL pools. */
  sqlPool: { maxOpen: number; maxIdle: number; maxLifetimeSeconds: number };
  /** GENERATE_DEFAULT_TOKEN: a user who registers gets a first key, as new-api gives one. */
  generateDefaultToken: boolean;
  /** AZURE_DEFAULT_API_VERSION: the api-version of Azure channels that name none; empty = the built-in one. */
  azureDefaultApiVersion: string;
  /** NODE_NAME: named in every log line (`node`) when set. */
  nodeName: string;
  /**
   * What the configuration accepted but an operator should know, logged once at boot: a short
   * SESSION_SECRET, new-api variables that are set and ignored (one line naming them all).
   */
  bootWarnings: string[];
  cryptoSecret: string;
  syncFrequencySeconds: number;
  isMaster: boolean;
  memoryCacheEnabled: boolean;
  batchUpdateEnabled: boolean;
  batchUpdateIntervalSeconds: number;
  channelTestFrequencyMinutes: number;
  channelUpdateFrequencyMinutes: number;
  pollingIntervalSeconds: number;
  relayTimeoutSeconds: number;
  streamingTimeoutSeconds: number;
  maxRequestBodyBytes: number;
  rateLimits: { api: RateLimitRule; web: RateLimitRule; critical: RateLimitRule };
  updateTask: boolean;
  /** GET /metrics served (Prometheus format). */
  metricsEnabled: boolean;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string;
  timeZone: string;
  errorLogEnabled: boolean;
  logLevel: Environment['LOG_LEVEL'];
  webDistPath: string;
  trustProxy: boolean;
  /** Which upstream addresses are refused (the SSRF guard). */
  upstreamAddressPolicy: UpstreamAddressPolicy;
  /** The ledger journal file (server/src/db/ledger-journal.ts); null = off. */
  ledgerJournalPath: string | null;
  /**
   * The default journal path of versions before it held the port (LEDGER_JOURNAL_PATH unset): a journal
   * left there is replayed at boot, then removed. Null when LEDGER_JOURNAL_PATH is set or off.
   */
  legacyLedgerJournalPath: string | null;
  /**
   * Boot on a damaged ledger journal: replay its sound lines and skip (and log) the damaged ones instead
   * of refusing to start (server/src/db/ledger-recovery.ts). Set by an operator for one boot.
   */
  ledgerReplaySkipCorrupt: boolean;
  /** Seconds a shutdown lets relay calls in progress finish before it ends them. */
  shutdownDrainSeconds: number;
  /** External services of the login methods; configurable so tests (and proxies) can point elsewhere. */
  externalEndpoints: {
    githubOAuth: string;
    githubApi: string;
    linuxDoOAuth: string;
    turnstileVerify: string;
    /** Stripe's API address; '' for api.stripe.com (server/src/api/payments/endpoints.ts). */
    stripeApi: string;
    /** Creem's API address; '' for api.creem.io (test-api.creem.io with CreemTestMode). */
    creemApi: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * LEDGER_JOURNAL_PATH: `off` disables the journal; empty puts it beside the SQLite file, or in the working
 * directory for PostgreSQL and MySQL, named with the port: each instance needs its own file, and instances
 * started from one folder differ by their PORT. `legacy` is the default before the port was in the name.
 */
function journalPaths(
  value: string,
  database: DatabaseTarget,
  port: number,
): { path: string | null; legacy: string | null } {
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === 'off') return { path: null, legacy: null };
  if (trimmed !== '') return { path: trimmed, legacy: null };
  return database.dialect === 'sqlite'
    ? { path: `${database.path}.${port}.ledger`, legacy: `${database.path}.ledger` }
    : { path: `switchyard-ledger-${port}.journal`, legacy: 'switchyard-ledger.journal' };
}

/** WORKERS: a whole number 1–64, or `auto` (one per core the process may use); null when invalid. */
function parseWorkers(value: string): number | null {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'auto') return availableParallelism();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= 64 ? count : null;
}

/** Reads and validates the environment. Throws ConfigError listing every problem. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      problems.push(`${name}=${JSON.stringify(environment[name] ?? '')}: ${issue.message}`);
    }
  }
  const env = parsed.success ? parsed.data : undefined;
  let database: DatabaseTarget | undefined;
  let logDatabase: DatabaseTarget | null = null;
  if (env) {
    try {
      database = parseDatabaseTarget(env.SQL_DSN, env.SQLITE_PATH);
    } catch (error) {
      problems.push((error as Error).message);
    }
    if (env.LOG_SQL_DSN.trim() !== '') {
      try {
        logDatabase = parseDatabaseTarget(env.LOG_SQL_DSN, env.SQLITE_PATH);
      } catch (error) {
        problems.push(`LOG_SQL_DSN: ${(error as Error).message.replace(/^SQL_DSN: /, '')}`);
      }
    }
    if (env.REDIS_CONN_STRING && !/^rediss?:\/\//.test(env.REDIS_CONN_STRING)) {
      problems.push('REDIS_CONN_STRING: expected a redis:// or rediss:// URL');
    }
    const workers = parseWorkers(env.WORKERS);
    if (workers === null)
      problems.push(`WORKERS=${JSON.stringify(env.WORKERS)}: expected a whole number from 1 to 64, or auto`);
    else if (workers > 1 && !env.REDIS_CONN_STRING)
      problems.push(
        'WORKERS: several worker processes share balances and caches through Redis; set REDIS_CONN_STRING (and preferably a PostgreSQL or MySQL SQL_DSN), or use WORKERS=1',
      );
    // new-api refuses only its documented placeholder; any other value is a secret.
    if (env.SESSION_SECRET === 'random_string')
      problems.push(
        'SESSION_SECRET: "random_string" is the placeholder of the documentation; set a random value',
      );
  }
  if (problems.length > 0 || !env || !database) throw new ConfigError(problems);
  const journal = journalPaths(env.LEDGER_JOURNAL_PATH, database, env.PORT);
  const bootWarnings: string[] = [];
  if (env.SESSION_SECRET && env.SESSION_SECRET.length < 16)
    bootWarnings.push(
      `SESSION_SECRET has ${env.SESSION_SECRET.length} characters; sessions are signed with it, so 32 or more random characters are advised`,
    );
  const ignored = ignoredVariablesWarning(environment);
  if (ignored) bootWarnings.push(ignored);
  const rule = (enabled: boolean, limit: number, durationSeconds: number): RateLimitRule => ({
    enabled,
    limit,
    durationSeconds,
  });
  return {
    port: env.PORT,
    host: env.HOST,
    database,
    logDatabase,
    sqliteBusyTimeoutMs: env.SQLITE_BUSY_TIMEOUT,
    redisUrl: env.REDIS_CONN_STRING,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    workers: parseWorkers(env.WORKERS) ?? 1,
    sessionSecret: env.SESSION_SECRET,
    sqlPool: {
      maxOpen: env.SQL_MAX_OPEN_CONNS,
      maxIdle: Math.min(env.SQL_MAX_IDLE_CONNS, env.SQL_MAX_OPEN_CONNS),
      maxLifetimeSeconds: env.SQL_MAX_LIFETIME,
    },
    generateDefaultToken: env.GENERATE_DEFAULT_TOKEN,
    azureDefaultApiVersion: env.AZURE_DEFAULT_API_VERSION.trim(),
    nodeName: env.NODE_NAME.trim(),
    bootWarnings,
    cryptoSecret: env.CRYPTO_SECRET || env.SESSION_SECRET,
    syncFrequencySeconds: env.SYNC_FREQUENCY,
    isMaster: env.NODE_TYPE === 'master',
    memoryCacheEnabled: env.MEMORY_CACHE_ENABLED,
    batchUpdateEnabled: env.BATCH_UPDATE_ENABLED,
    batchUpdateIntervalSeconds: env.BATCH_UPDATE_INTERVAL,
    channelTestFrequencyMinutes: env.CHANNEL_TEST_FREQUENCY,
    channelUpdateFrequencyMinutes: env.CHANNEL_UPDATE_FREQUENCY,
    pollingIntervalSeconds: env.POLLING_INTERVAL,
    relayTimeoutSeconds: env.RELAY_TIMEOUT,
    streamingTimeoutSeconds: env.STREAMING_TIMEOUT,
    maxRequestBodyBytes: env.MAX_REQUEST_BODY_MB * 1024 * 1024,
    rateLimits: {
      api: rule(
        env.GLOBAL_API_RATE_LIMIT_ENABLE,
        env.GLOBAL_API_RATE_LIMIT,
        env.GLOBAL_API_RATE_LIMIT_DURATION,
      ),
      web: rule(
        env.GLOBAL_WEB_RATE_LIMIT_ENABLE,
        env.GLOBAL_WEB_RATE_LIMIT,
        env.GLOBAL_WEB_RATE_LIMIT_DURATION,
      ),
      critical: rule(
        env.CRITICAL_RATE_LIMIT_ENABLE,
        env.CRITICAL_RATE_LIMIT,
        env.CRITICAL_RATE_LIMIT_DURATION,
      ),
    },
    updateTask: env.UPDATE_TASK,
    metricsEnabled: env.METRICS_ENABLED,
    metricsToken: env.METRICS_TOKEN,
    timeZone: env.TZ,
    errorLogEnabled: env.ERROR_LOG_ENABLED,
    // new-api's DEBUG turns on debug logging where LOG_LEVEL does not choose a level.
    logLevel: env.DEBUG && !environment.LOG_LEVEL?.trim() ? 'debug' : env.LOG_LEVEL,
    webDistPath: env.WEB_DIST_PATH,
    trustProxy: env.TRUST_PROXY,
    upstreamAddressPolicy: env.UPSTREAM_ADDRESS_POLICY,
    ledgerJournalPath: journal.path,
    legacyLedgerJournalPath: journal.legacy,
    ledgerReplaySkipCorrupt: env.LEDGER_REPLAY_SKIP_CORRUPT,
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    externalEndpoints: {
      githubOAuth: env.GITHUB_OAUTH_URL.replace(/\/+$/, ''),
      githubApi: env.GITHUB_API_URL.replace(/\/+$/, ''),
      linuxDoOAuth: env.LINUXDO_OAUTH_URL.replace(/\/+$/, ''),
      turnstileVerify: env.TURNSTILE_VERIFY_URL,
      stripeApi: env.STRIPE_API_URL.trim().replace(/\/+$/, ''),
      creemApi: env.CREEM_API_URL.trim().replace(/\/+$/, ''),
    },
  };
}

/** Documentation of every variable, rendered into the README's configuration table by hand. */
export const configurationVariables = Object.keys(environmentSchema.shape);
