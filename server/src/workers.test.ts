/**
 * WORKERS=2 (server/src/workers.ts), started the way `npm start` starts the server: two worker processes
 * serve one port with balances in Redis; a worker killed is replaced; SIGTERM stops them all cleanly.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REDIS_TEST_URL, redisSkipReason } from './test-support/redis.ts';
import { type ServerProcess, startServerProcess } from './test-support/server-process.ts';
import { loginAsRoot } from './test-support/test-server.ts';

const skipReason = await redisSkipReason();
if (skipReason) console.warn(`[switchyard tests] WORKERS suite SKIPPED (needs Redis): ${skipReason}`);

/** The worker processes of the primary `pid`. */
function workerPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((value) => value > 0);
  } catch {
    return [];
  }
}

/** A GET on a connection of its own (the cluster hands each new connection to the next worker). */
function getOnNewConnection(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

async function waitFor<T>(read: () => T, accept: (value: T) => boolean, limitMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (accept(value)) return value;
    if (Date.now() - started > limitMs)
      throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(skipReason !== null)('WORKERS=2', () => {
  const directory = mkdtempSync(join(tmpdir(), 'switchyard-workers-'));
  let server: ServerProcess | undefined;

  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });

  test('two workers share the port, a dead one is replaced, SIGTERM stops all', async () => {
    server = await startServerProcess({
      WORKERS: '2',
      REDIS_CONN_STRING: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: `switchyard-workers-${randomBytes(4).toString('hex')}:`,
      SQLITE_PATH: join(directory, 'one-api.db'),
    });
    const primary = server.child.pid!;
    const first = await waitFor(
      () => workerPids(primary),
      (pids) => pids.length === 2,
    );
    // Both workers listen (each logs its own "listening" line) and answer on the one port.
    await waitFor(
      () => server!.output().match(/Switchyard is listening/g)?.length ?? 0,
      (count) => count === 2,
    );
    for (let index = 0; index < 20; index += 1) {
      const reply = await fetch(`${server.url}/api/status`);
      expect(reply.status).toBe(200);
    }
    // A console session made by one worker is valid on the other: both booted on a fresh database
    // without SESSION_SECRET and must have agreed on the one they generated.
    const root = await loginAsRoot(server);
    const session = { cookie: root.sessionCookie, 'New-Api-User': String(root.currentUserId) };
    for (let index = 0; index < 10; index += 1) {
      const self = await getOnNewConnection(`${server.url}/api/user/self`, session);
      expect(self.status, self.body).toBe(200);
      expect(JSON.parse(self.body)).toMatchObject({ success: true });
    }
    process.kill(first[1]!, 'SIGKILL');
    const replaced = await waitFor(
      () => workerPids(primary),
      (pids) => pids.length === 2 && !pids.includes(first[1]!),
    );
    expect(replaced).toContain(first[0]);
    expect(server.output()).toMatch(/worker stopped unexpectedly; restarting it/);
    expect((await fetch(`${server.url}/api/status`)).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(workerPids(primary)).toEqual([]);
  }, 60_000);
});
