/**
 * new-api's environment on the real server: the variables Switchyard honours take effect
 * (GENERATE_DEFAULT_TOKEN gives a user who registers a first key, NODE_NAME is in every log line,
 * AZURE_DEFAULT_API_VERSION reaches Azure requests, a short SESSION_SECRET boots), and the ignored ones
 * set are named in one warning line at boot (server/src/config-new-api.ts, docs/migrating.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../common/api/reply.ts';
import { loadConfig } from './config.ts';
import { type RunningServer, startServer } from './main.ts';
import type { CachedChannel } from './relay/cache/channel-cache.ts';
import {
  openAiCompatibleAdaptor,
  setDefaultAzureApiVersion,
} from './relay/providers/openai-compatible/index.ts';
import { createSqliteDatabase, type TestDatabase } from './test-support/databases.ts';
import { startServerProcess } from './test-support/server-process.ts';
import { ApiClient, anonymousClient, loginAsRoot } from './test-support/test-server.ts';

const environment = {
  GENERATE_DEFAULT_TOKEN: 'true',
  NODE_NAME: 'gateway-7',
  AZURE_DEFAULT_API_VERSION: '2025-04-01-preview',
  SESSION_SECRET: 'short-secret',
  TLS_INSECURE_SKIP_VERIFY: 'true',
  FRONTEND_BASE_URL: 'https://console.example',
};

let database: TestDatabase;
let directory: string;
let server: RunningServer;

beforeAll(async () => {
  database = await createSqliteDatabase();
  directory = mkdtempSync(join(tmpdir(), 'switchyard-new-api-env-'));
  const config = loadConfig({
    ...environment,
    ...database.environment,
    LEDGER_JOURNAL_PATH: join(directory, 'ledger.journal'),
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    CRITICAL_RATE_LIMIT_ENABLE: 'false',
    HOST: '127.0.0.1',
    WEB_DIST_PATH: '/nonexistent-switchyard-dist',
  });
  server = await startServer(config, { port: 0, logger: pino({ level: 'silent' }) });
});

afterAll(async () => {
  await server?.close();
  setDefaultAzureApiVersion('2024-10-21');
  await database?.drop();
  rmSync(directory, { recursive: true, force: true });
});

describe("new-api's environment variables on the server", () => {
  it('the server process boots with a short SESSION_SECRET, warning once, names the ignored variables in one line, and NODE_NAME in every log line', async () => {
    const child = await startServerProcess({ ...environment, SQLITE_PATH: join(directory, 'process.db') });
    let lines: Record<string, unknown>[];
    try {
      lines = child
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    } finally {
      await child.stop('SIGTERM');
    }
    const warnings = lines.filter((line) => line.level === 40).map((line) => String(line.msg));
    expect(warnings.filter((message) => message.startsWith('SESSION_SECRET has 12 characters'))).toHaveLength(
      1,
    );
    const ignored = warnings.filter((message) => message.startsWith('new-api settings ignored'));
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toMatch(/FRONTEND_BASE_URL \(.+\); TLS_INSECURE_SKIP_VERIFY \(.+NODE_EXTRA_CA_CERTS/);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.node !== 'gateway-7')).toEqual([]);
  });

  it('AZURE_DEFAULT_API_VERSION is the api-version of Azure channels that name none', () => {
    const channel = {
      type: 3,
      key: 'k',
      baseUrl: 'https://res.openai.azure.com',
      other: '',
    } as CachedChannel;
    const request = openAiCompatibleAdaptor.buildRequest({
      channel,
      endpoint: 'chat',
      body: { model: 'gpt-4o', messages: [] },
      upstreamModel: 'gpt-4o',
      stream: false,
    });
    expect(request?.url).toBe(
      'https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2025-04-01-preview',
    );
  });

  it('GENERATE_DEFAULT_TOKEN gives a user who registers a first key, as new-api names it', async () => {
    const root = await loginAsRoot(server);
    await root.put('/api/option/', { key: 'RegisterEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'PasswordRegisterEnabled', value: 'true' });
    await root.put('/api/option/', { key: 'EmailVerificationEnabled', value: 'false' });
    const registered = await anonymousClient(server).post('/api/user/register', {
      username: 'newcomer',
      password: 'newcomer-password',
      password2: 'newcomer-password',
    });
    expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
    const user = new ApiClient(server.url);
    await user.login('newcomer', 'newcomer-password');
    const tokens = await user.get<Page<Record<string, unknown>>>('/api/token/');
    expect(tokens.body.data?.items).toEqual([
      expect.objectContaining({
        name: 'newcomer的初始令牌',
        unlimited_quota: true,
        expired_time: -1,
        status: 1,
      }),
    ]);
  });
});
