/**
 * No charge is lost on any stop (docs/decisions/0008-durable-ledger-and-shutdown.md): SIGTERM drains
 * relay calls and bills the ones it has to end; kill -9 loses nothing a settlement recorded, and the
 * restart refunds the reservations of the calls it cut. The server runs as its own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../test-support/fake-upstream/fake-upstream.ts';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts';
import { createUserAndLogin, loginAsRoot } from '../../test-support/test-server.ts';

const USER_QUOTA = 3_000_000;
const TOKEN_QUOTA = 2_000_000;

interface Ledger {
  logRows: number;
  logQuota: number;
  minLogQuota: number;
  userSpent: number;
  userUsed: number;
  tokenSpent: number;
  tokenUsed: number;
}

function readLedger(path: string, userId: number, tokenId: number): Ledger {
  const database = new Sqlite(path, { readonly: true });
  try {
    const logs = database
      .prepare(
        'select count(*) as rows, coalesce(sum(quota), 0) as quota, coalesce(min(quota), 0) as least from logs where type = 2 and user_id = ?',
      )
      .get(userId) as { rows: number; quota: number; least: number };
    const user = database.prepare('select quota, used_quota from users where id = ?').get(userId) as {
      quota: number;
      used_quota: number;
    };
    const token = database
      .prepare('select remain_quota, used_quota from tokens where id = ?')
      .get(tokenId) as {
      remain_quota: number;
      used_quota: number;
    };
    return {
      logRows: logs.rows,
      logQuota: logs.quota,
      minLogQuota: logs.least,
      userSpent: USER_QUOTA - user.quota,
      userUsed: user.used_quota,
      tokenSpent: TOKEN_QUOTA - token.remain_quota,
      tokenUsed: token.used_quota,
    };
  } finally {
    database.close();
  }
}

/** Every call of the user settled: `rows` logs, each charged, and the user and token charged what they say. */
function expectSettled(ledger: Ledger, rows: number): void {
  expect(ledger.logRows).toBe(rows);
  expect(ledger.minLogQuota).toBeGreaterThan(0);
  expect(ledger.userSpent).toBe(ledger.logQuota);
  expect(ledger.userUsed).toBe(ledger.logQuota);
  expect(ledger.tokenSpent).toBe(ledger.logQuota);
  expect(ledger.tokenUsed).toBe(ledger.logQuota);
}

interface StreamCall {
  firstChunk: Promise<void>;
  /** Everything the client received, once the stream ended (or broke). */
  done: Promise<string>;
}

/** Streams `model`: gpt-4o-mini is served by the short channel, gpt-4o by the long one. */
function streamCall(server: ServerProcess, key: string, model: 'gpt-4o-mini' | 'gpt-4o'): StreamCall {
  let gotFirst: () => void = () => undefined;
  const firstChunk = new Promise<void>((resolve) => {
    gotFirst = resolve;
  });
  const done = (async () => {
    let text = '';
    try {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer sk-${key}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model,
          stream: true,
          max_tokens: 2000,
          messages: [{ role: 'user', content: 'tell me a long story' }],
        }),
      });
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        if (text.includes('"content"')) gotFirst();
      }
    } catch {
      // The connection broke (the server was killed): what arrived so far is the answer.
    }
    gotFirst();
    return text;
  })();
  return { firstChunk, done };
}

interface Prepared {
  server: ServerProcess;
  key: string;
  userId: number;
  tokenId: number;
}

/**
 * A user with a limited key, and two channels on the fake upstream: gpt-4o-mini answers `short` chunks,
 * gpt-4o `long` ones, each every `delayMs`.
 */
async function prepare(
  server: ServerProcess,
  upstream: FakeUpstream,
  streams: { short: number; long: number; delayMs: number },
): Promise<Prepared> {
  const root = await loginAsRoot(server);
  const user = await createUserAndLogin(server, root, `stopper${Date.now().toString(36)}`);
  const userId = user.currentUserId!;
  await root.put('/api/user/', { id: userId, quota: USER_QUOTA });
  const tag = Date.now().toString(36);
  for (const [model, chunkCount] of [
    ['gpt-4o-mini', streams.short],
    ['gpt-4o', streams.long],
  ] as const) {
    const key = `upstream-${model}-${tag}`;
    upstream.setBehaviorForKey(key, { chunkCount, chunkDelayMs: streams.delayMs });
    const channel = await root.post('/api/channel/', {
      type: 1,
      name: model,
      key,
      base_url: upstream.url,
      models: model,
      group: 'default',
    });
    expect(channel.body.success).toBe(true);
  }
  const token = await user.post<{ id: number; key: string }>('/api/token/', {
    name: 'stop-test',
    remain_quota: TOKEN_QUOTA,
    unlimited_quota: false,
    expired_time: -1,
  });
  expect(token.body.success).toBe(true);
  return { server, key: token.body.data!.key, userId, tokenId: token.body.data!.id };
}

describe('stopping the server', () => {
  let upstream: FakeUpstream;
  let directory: string;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    directory = mkdtempSync(join(tmpdir(), 'switchyard-stop-'));
  });

  afterAll(async () => {
    await upstream.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('SIGTERM lets short streams finish, ends long ones with the interrupted event, bills all and flushes', async () => {
    const path = join(directory, 'sigterm.db');
    const server = await startServerProcess({
      SQLITE_PATH: path,
      BATCH_UPDATE_INTERVAL: '3600',
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    try {
      const prepared = await prepare(server, upstream, { short: 10, long: 600, delayMs: 100 });
      const short = Array.from({ length: 100 }, () => streamCall(server, prepared.key, 'gpt-4o-mini'));
      const long = Array.from({ length: 100 }, () => streamCall(server, prepared.key, 'gpt-4o'));
      await Promise.all([...short, ...long].map((call) => call.firstChunk));
      const stopping = server.stop('SIGTERM');
      const shortTexts = await Promise.all(short.map((call) => call.done));
      const longTexts = await Promise.all(long.map((call) => call.done));
      expect(await stopping).toBe(0);
      for (const text of shortTexts) {
        expect(text).toContain('data: [DONE]');
        expect(text).not.toContain('stream_interrupted');
      }
      for (const text of longTexts) {
        expect(text).toContain('stream_interrupted');
        expect(text).toContain('data: [DONE]');
      }
      expectSettled(readLedger(path, prepared.userId, prepared.tokenId), 200);
    } finally {
      await server.stop('SIGKILL');
    }
  }, 60_000);

  it('kill -9 under 200 streams: a restart recovers every settled call and refunds the cut ones', async () => {
    const path = join(directory, 'kill.db');
    const environment = { SQLITE_PATH: path, BATCH_UPDATE_INTERVAL: '3600' };
    const first = await startServerProcess(environment);
    let prepared: Prepared;
    let finished: string[];
    try {
      prepared = await prepare(first, upstream, { short: 5, long: 1000, delayMs: 50 });
      const short = Array.from({ length: 100 }, () => streamCall(first, prepared.key, 'gpt-4o-mini'));
      const long = Array.from({ length: 100 }, () => streamCall(first, prepared.key, 'gpt-4o'));
      finished = await Promise.all(short.map((call) => call.done));
      await Promise.all(long.map((call) => call.firstChunk));
    } finally {
      expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    }
    for (const text of finished) expect(text).toContain('data: [DONE]');
    // Nothing was flushed (an hour-long batch interval): the database alone shows only reservations.
    const before = readLedger(path, prepared.userId, prepared.tokenId);
    expect(before.logRows).toBe(0);

    const second = await startServerProcess(environment);
    try {
      expect(second.output()).toMatch(/recovered the ledger journal/);
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
    expectSettled(readLedger(path, prepared.userId, prepared.tokenId), 100);
  }, 60_000);
});
