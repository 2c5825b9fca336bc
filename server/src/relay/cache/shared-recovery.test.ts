/**
 * A process holding balances in Redis is killed (kill -9) while a call's reservation is open: the next
 * boot refunds the reservation from the ledger journal in the database and gives it back in Redis too
 * (server/src/main.ts shareCaches), so both agree on the balance the key had before the call.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../test-support/fake-upstream/fake-upstream.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts';
import { createUserAndLogin, loginAsRoot } from '../../test-support/test-server.ts';

const skipReason = await redisSkipReason();
if (skipReason) console.warn(`[switchyard tests] shared-balance recovery suite SKIPPED: ${skipReason}`);

const KEY_QUOTA = 1_000_000;

describe.skipIf(skipReason !== null)('kill -9 with balances in Redis', () => {
  const directory = mkdtempSync(join(tmpdir(), 'switchyard-shared-recovery-'));
  const prefix = `switchyard-recovery-${randomBytes(4).toString('hex')}:`;
  const environment = {
    SQLITE_PATH: join(directory, 'one-api.db'),
    REDIS_CONN_STRING: REDIS_TEST_URL,
    REDIS_KEY_PREFIX: prefix,
    BATCH_UPDATE_INTERVAL: '3600',
  };
  const redis = new Redis(REDIS_TEST_URL);
  let upstream: FakeUpstream | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await upstream?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    rmSync(directory, { recursive: true, force: true });
  });

  test('the open reservation is refunded in the database and in Redis', async () => {
    upstream = await startFakeUpstream({ behavior: { latencyMs: 30_000 } });
    server = await startServerProcess(environment);
    const root = await loginAsRoot(server);
    const channel = await root.post('/api/channel/', {
      type: 1,
      name: 'slow',
      key: 'upstream-key',
      base_url: upstream.url,
      models: 'gpt-4o-mini',
      group: 'default',
    });
    expect(channel.body.success).toBe(true);
    const user = await createUserAndLogin(server, root, 'recovering-user');
    // Below the trusted balance, so the call reserves before it is sent.
    await root.put('/api/user/', { id: user.currentUserId, quota: 2 * KEY_QUOTA });
    const created = await user.post<{ id: number; key: string }>('/api/token/', {
      name: 'limited',
      remain_quota: KEY_QUOTA,
      unlimited_quota: false,
      expired_time: -1,
    });
    const token = created.body.data!;
    const balanceKey = `${prefix}balance:t:${token.id}`;
    void fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 100,
      }),
    }).catch(() => undefined);
    await expect
      .poll(async () => Number(await redis.get(balanceKey)), { timeout: 10_000 })
      .toBeLessThan(KEY_QUOTA);
    expect(await server.stop('SIGKILL')).toBe('SIGKILL');

    server = await startServerProcess(environment);
    expect(server.output()).toMatch(/recovered the ledger journal/);
    expect(Number(await redis.get(balanceKey))).toBe(KEY_QUOTA);
    const database = new Sqlite(environment.SQLITE_PATH, { readonly: true });
    const row = database.prepare('select remain_quota from tokens where id = ?').get(token.id) as {
      remain_quota: number;
    };
    database.close();
    expect(row.remain_quota).toBe(KEY_QUOTA);
    expect(await server.stop('SIGTERM')).toBe(0);
  }, 60_000);
});
