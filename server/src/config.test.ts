import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { ignoredNewApiVariables } from './config-new-api.ts';

describe('loadConfig', () => {
  it('applies the one-api defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', path: 'one-api.db' });
    expect(config.syncFrequencySeconds).toBe(60);
    expect(config.streamingTimeoutSeconds).toBe(300);
    expect(config.isMaster).toBe(true);
    expect(config.rateLimits.api).toEqual({ enabled: true, limit: 180, durationSeconds: 180 });
    expect(config.rateLimits.critical).toEqual({ enabled: true, limit: 20, durationSeconds: 1200 });
    expect(config.maxRequestBodyBytes).toBe(32 * 1024 * 1024);
  });

  it.each([
    [{ NODE_TYPE: 'slave' }, 'isMaster', false],
    [{ PORT: '8080' }, 'port', 8080],
    [{ SQLITE_PATH: '/data/x.db' }, 'database', { dialect: 'sqlite', path: '/data/x.db' }],
    [{ BATCH_UPDATE_ENABLED: 'false' }, 'batchUpdateEnabled', false],
    [{ ERROR_LOG_ENABLED: 'TRUE' }, 'errorLogEnabled', true],
    [{ MAX_REQUEST_BODY_MB: '2' }, 'maxRequestBodyBytes', 2 * 1024 * 1024],
    [{ SESSION_SECRET: 'a-long-enough-secret' }, 'cryptoSecret', 'a-long-enough-secret'],
    [{}, 'workers', 1],
    [{ WORKERS: '3', REDIS_CONN_STRING: 'redis://127.0.0.1:6379' }, 'workers', 3],
    [{ WORKERS: 'auto', REDIS_CONN_STRING: 'redis://127.0.0.1:6379' }, 'workers', availableParallelism()],
    [{}, 'redisKeyPrefix', 'switchyard:'],
    [{}, 'ledgerReplaySkipCorrupt', false],
    [{ LEDGER_REPLAY_SKIP_CORRUPT: 'true' }, 'ledgerReplaySkipCorrupt', true],
    [{ LEDGER_REPLAY_SKIP_CORRUPT: '0' }, 'ledgerReplaySkipCorrupt', false],
    // The default journal is named with the port (instances in one folder differ by it); the earlier
    // default is replayed once at boot.
    [{}, 'ledgerJournalPath', 'one-api.db.3000.ledger'],
    [{}, 'legacyLedgerJournalPath', 'one-api.db.ledger'],
    [{ SQL_DSN: 'postgres://u@db/app', PORT: '3001' }, 'ledgerJournalPath', 'switchyard-ledger-3001.journal'],
    [{ SQL_DSN: 'postgres://u@db/app' }, 'legacyLedgerJournalPath', 'switchyard-ledger.journal'],
    [{ LEDGER_JOURNAL_PATH: '/var/lib/a.journal' }, 'ledgerJournalPath', '/var/lib/a.journal'],
    [{ LEDGER_JOURNAL_PATH: '/var/lib/a.journal' }, 'legacyLedgerJournalPath', null],
    [{ LEDGER_JOURNAL_PATH: 'off' }, 'ledgerJournalPath', null],
  ] as const)('%o sets %s', (environment, key, expected) => {
    expect(loadConfig(environment)[key]).toEqual(expected);
  });

  it('reports every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        NODE_TYPE: 'leader',
        SQL_DSN: 'oracle://x',
        SYNC_FREQUENCY: '-5',
        REDIS_CONN_STRING: 'x',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/NODE_TYPE/);
    expect(problems).toMatch(/SYNC_FREQUENCY/);
  });

  it.each(['0', '65', 'two', '1.5'])('refuses WORKERS=%s', (workers) => {
    expect(() => loadConfig({ WORKERS: workers, REDIS_CONN_STRING: 'redis://127.0.0.1' })).toThrow(
      /WORKERS="[^"]*": expected a whole number from 1 to 64, or auto/,
    );
  });

  it('refuses a LEDGER_REPLAY_SKIP_CORRUPT that is not true or false', () => {
    expect(() => loadConfig({ LEDGER_REPLAY_SKIP_CORRUPT: 'skip' })).toThrow(
      /LEDGER_REPLAY_SKIP_CORRUPT="skip": expected true or false/,
    );
  });

  it('refuses several workers without Redis, saying what to set', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: .*set REDIS_CONN_STRING/);
    // One core: "auto" is one worker, which needs nothing shared.
    if (availableParallelism() === 1) expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(1);
  });

  it('reports DSN and Redis problems together', () => {
    expect(() => loadConfig({ SQL_DSN: 'oracle://x', REDIS_CONN_STRING: 'x' })).toThrow(
      /SQL_DSN[\s\S]*REDIS_CONN_STRING/,
    );
  });
});

describe('SESSION_SECRET as new-api takes it', () => {
  it.each(['short', 'a', 'fifteen-chars15'])('accepts %j, with a boot warning', (secret) => {
    const config = loadConfig({ SESSION_SECRET: secret });
    expect(config.sessionSecret).toBe(secret);
    expect(config.bootWarnings).toEqual([
      expect.stringContaining(`SESSION_SECRET has ${secret.length} characters`),
    ]);
  });

  it('accepts a long one without a warning', () => {
    expect(loadConfig({ SESSION_SECRET: 'a-long-enough-session-secret' }).bootWarnings).toEqual([]);
  });

  it("refuses new-api's documented placeholder", () => {
    expect(() => loadConfig({ SESSION_SECRET: 'random_string' })).toThrow(/SESSION_SECRET: "random_string"/);
  });
});

describe("new-api's environment variables", () => {
  it.each([
    // [environment, what it sets, expected]
    [{}, 'sqlPool', { maxOpen: 10, maxIdle: 10, maxLifetimeSeconds: 0 }],
    [
      { SQL_MAX_OPEN_CONNS: '50', SQL_MAX_IDLE_CONNS: '5', SQL_MAX_LIFETIME: '60' },
      'sqlPool',
      { maxOpen: 50, maxIdle: 5, maxLifetimeSeconds: 60 },
    ],
    [
      { SQL_MAX_OPEN_CONNS: '4', SQL_MAX_IDLE_CONNS: '100' },
      'sqlPool',
      { maxOpen: 4, maxIdle: 4, maxLifetimeSeconds: 0 },
    ],
    [{}, 'generateDefaultToken', false],
    [{ GENERATE_DEFAULT_TOKEN: 'true' }, 'generateDefaultToken', true],
    [{}, 'azureDefaultApiVersion', ''],
    [{ AZURE_DEFAULT_API_VERSION: '2025-04-01-preview' }, 'azureDefaultApiVersion', '2025-04-01-preview'],
    [{ NODE_NAME: 'gateway-2' }, 'nodeName', 'gateway-2'],
    [{ DEBUG: 'true' }, 'logLevel', 'debug'],
    [{ DEBUG: 'true', LOG_LEVEL: 'warn' }, 'logLevel', 'warn'],
    [{ DEBUG: 'false' }, 'logLevel', 'info'],
  ] as const)('%o sets %s', (environment, key, expected) => {
    expect(loadConfig(environment)[key]).toEqual(expected);
  });

  it('refuses a pool size that is not a whole number', () => {
    expect(() => loadConfig({ SQL_MAX_OPEN_CONNS: 'many' })).toThrow(/SQL_MAX_OPEN_CONNS="many"/);
  });

  it.each(Object.keys(ignoredNewApiVariables))(
    '%s, when set, is named in the one warning with its reason',
    (name) => {
      const warnings = loadConfig({ [name]: 'x' }).bootWarnings;
      expect(warnings).toEqual([
        `new-api settings ignored: ${name} (${ignoredNewApiVariables[name]}) — docs/migrating.md`,
      ]);
    },
  );

  it('names every ignored variable set in one line, and none when none is set', () => {
    expect(loadConfig({}).bootWarnings).toEqual([]);
    const warnings = loadConfig({
      ENABLE_PPROF: 'true',
      TIKTOKEN_CACHE_DIR: '/cache',
      DIFY_DEBUG: '',
    }).bootWarnings;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^new-api settings ignored: TIKTOKEN_CACHE_DIR \(.*\); ENABLE_PPROF \(/);
    expect(warnings[0]).not.toContain('DIFY_DEBUG');
  });
});
