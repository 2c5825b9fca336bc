/**
 * Switchyard started (the real server, over HTTP) on a database new-api or one-api left, built in their
 * shape with their column types BEFORE Switchyard's first migration, on every database of the matrix:
 * duplicates that a unique index Switchyard adds cannot constrain do not stop the boot (on PostgreSQL the
 * first migration runs in one transaction that a failed index would abort), the skipped index is named at
 * every start, new-api's `json` task columns read back on the task and drawing logs, and new-api's data that
 * Switchyard does not serve stays as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import bcrypt from 'bcryptjs';
import { Secret, TOTP } from 'otpauth';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../../common/api/reply.ts';
import type { MidjourneyView, TaskView } from '../../../../common/api/tasks.ts';
import type { TokenView } from '../../../../common/api/tokens.ts';
import { loadConfig } from '../../config.ts';
import { type RunningServer, startServer } from '../../main.ts';
import { type DialectCase, databaseMatrix, type TestDatabase } from '../../test-support/databases.ts';
import { startFakeUpstream } from '../../test-support/fake-upstream/fake-upstream.ts';
import { ApiClient } from '../../test-support/test-server.ts';
import { connectDatabase, type DatabaseHandle } from '../connect.ts';
import {
  ADOPTED_BACKUP_CODES,
  ADOPTED_TOTP_SECRET,
  type AdoptedUser,
  buildNewApiDatabase,
  buildOneApiDatabase,
} from './test-adopted-schemas.ts';

const matrix = await databaseMatrix();
const passwordHash = bcrypt.hashSync('adopted-password', 4);
const users: { root: AdoptedUser; user: AdoptedUser } = {
  root: { username: 'root', passwordHash, role: 100 },
  user: { username: 'alice', passwordHash, role: 1 },
};

interface Boot {
  server: RunningServer;
  /** The warnings the boot logged (their `warning` field). */
  warnings: string[];
}

/** Boots the real server on `database` with a logger whose warnings the test reads. */
async function boot(
  database: TestDatabase,
  journalDirectory: string,
  environment: Record<string, string> = {},
): Promise<Boot> {
  const warnings: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; warning?: string };
        if (entry.level === 40 && entry.warning) warnings.push(entry.warning);
      }
      done();
    },
  });
  const config = loadConfig({
    LEDGER_JOURNAL_PATH: join(journalDirectory, 'ledger.journal'),
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    CRITICAL_RATE_LIMIT_ENABLE: 'false',
    HOST: '127.0.0.1',
    WEB_DIST_PATH: '/nonexistent-switchyard-dist',
    ...database.environment,
    ...environment,
  });
  const server = await startServer(config, { port: 0, logger: pino({ level: 'warn' }, sink) });
  return { server, warnings };
}

/** A database of `dialect` built by `build` before any start, and the journal folder of its servers. */
function setUpAdopted(dialect: DialectCase, build: (handle: DatabaseHandle) => Promise<unknown>) {
  const state: { database?: TestDatabase; journalDirectory: string } = { journalDirectory: '' };
  beforeAll(async () => {
    if (dialect.skipReason) return;
    state.database = await dialect.create();
    state.journalDirectory = mkdtempSync(join(tmpdir(), 'switchyard-adopted-'));
    const handle = connectDatabase(state.database.target);
    try {
      await build(handle);
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await state.database?.drop();
    if (state.journalDirectory) rmSync(state.journalDirectory, { recursive: true, force: true });
  });
  return state;
}

/** Second factors used so far, per database (a TOTP step and each backup code work once). */
const secondFactorsUsed = new Map<string, number>();

/**
 * Logs in with the adopted password; a user with new-api's two-factor sign-in (alice) finishes the code step:
 * the first time with a code of her adopted TOTP secret, later with her adopted backup codes.
 */
async function login(server: RunningServer, username: string): Promise<ApiClient> {
  const response = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ username, password: 'adopted-password' }),
  });
  const cookies = response.headers.getSetCookie();
  const body = (await response.json()) as { success: boolean; data?: { id?: number; require_2fa?: boolean } };
  expect(body.success, JSON.stringify(body)).toBe(true);
  const cookieNamed = (name: string) =>
    cookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0] ?? '';
  if (!body.data?.require_2fa) return new ApiClient(server.url, cookieNamed('session'), body.data!.id!);
  const database = JSON.stringify(server.context.config.database);
  const used = secondFactorsUsed.get(database) ?? 0;
  secondFactorsUsed.set(database, used + 1);
  const code =
    used === 0
      ? new TOTP({ secret: Secret.fromBase32(ADOPTED_TOTP_SECRET) }).generate()
      : ADOPTED_BACKUP_CODES[used - 1]!;
  const pending = new ApiClient(server.url, cookieNamed('pending_2fa'));
  const finished = await pending.post<{ id: number }>('/api/user/login/2fa', { code });
  expect(finished.body.success, JSON.stringify(finished.body)).toBe(true);
  return new ApiClient(server.url, pending.sessionCookie, finished.body.data!.id);
}

describe.each(matrix)('a new-api database on $name', (dialect) => {
  const state = setUpAdopted(dialect, (handle) => buildNewApiDatabase(handle.db, handle.dialect, users));
  const run = it.skipIf(dialect.skipReason != null);

  run(
    'starts, names the unique index its duplicate top-ups prevent at every start, and serves its tasks',
    async () => {
      for (let start = 0; start < 2; start += 1) {
        const { server, warnings } = await boot(state.database!, state.journalDirectory);
        try {
          expect(warnings.filter((warning) => warning.includes('idx_top_ups_trade_no on top_ups'))).toEqual([
            expect.stringContaining('(trade_no) appear in more than one row'),
          ]);
          const alice = await login(server, 'alice');
          const own = await alice.get<Page<TaskView>>('/api/task/self');
          expect(own.status, JSON.stringify(own.body)).toBe(200);
          const byId = new Map(own.body.data!.items.map((task) => [task.task_id, task]));
          expect(byId.get('task-suno')?.properties).toEqual({
            input: 'a song about trains',
            origin_model_name: 'suno_music',
          });
          expect(byId.get('task-suno')?.data).toEqual([
            { id: 'clip-1', audio_url: 'https://cdn.example/1.mp3' },
          ]);
          expect(byId.get('task-video')?.data).toMatchObject({ id: 'video-1', status: 'completed' });

          const root = await login(server, 'root');
          const all = await root.get<Page<TaskView>>('/api/task/');
          expect(all.status, JSON.stringify(all.body)).toBe(200);
          expect(all.body.data!.items).toHaveLength(2);
          const drawings = await alice.get<Page<MidjourneyView>>('/api/mj/self');
          expect(drawings.status, JSON.stringify(drawings.body)).toBe(200);
          expect(drawings.body.data!.items.map((drawing) => drawing.mj_id)).toEqual(['1741953600123456']);
        } finally {
          await server.close();
        }
      }
      const handle = connectDatabase(state.database!.target);
      try {
        // Both top-ups and the adopted two-factor secret are kept as they were.
        expect(await handle.db.selectFrom('top_ups').select('id').execute()).toHaveLength(2);
        const secrets = await handle.db.selectFrom('two_fas').select('secret').execute();
        expect(secrets).toEqual([{ secret: ADOPTED_TOTP_SECRET }]);
      } finally {
        await handle.close();
      }
    },
  );
  run(
    "takes new rows through the API in new-api's tables: its NOT NULL password, channel key and auth_version",
    async () => {
      const upstream = await startFakeUpstream();
      const { server } = await boot(state.database!, state.journalDirectory, {
        BATCH_UPDATE_ENABLED: 'false',
      });
      try {
        const root = await login(server, 'root');
        const created = await root.post('/api/user/', {
          username: 'bob',
          password: 'bob-password-1',
          display_name: 'bob',
        });
        expect(created.body.success, JSON.stringify(created.body)).toBe(true);
        const bob = new ApiClient(server.url);
        expect((await bob.login('bob', 'bob-password-1')).body.success).toBe(true);
        const channel = await root.post('/api/channel/', {
          type: 1,
          key: 'sk-adopted-upstream',
          name: 'adopted',
          models: 'gpt-4o-mini',
          group: 'default',
          base_url: upstream.url,
        });
        expect(channel.body.success, JSON.stringify(channel.body)).toBe(true);
        const redemption = await root.post('/api/redemption/', { name: 'code', quota: 1000, count: 1 });
        expect(redemption.body.success, JSON.stringify(redemption.body)).toBe(true);
        // alice has quota from new-api; bob, just made, has none.
        const alice = await login(server, 'alice');
        const token = await alice.post<TokenView>('/api/token/', {
          name: 'alice-key',
          remain_quota: 0,
          unlimited_quota: true,
          expired_time: -1,
        });
        expect(token.body.success, JSON.stringify(token.body)).toBe(true);
        const reply = await fetch(`${server.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer sk-${token.body.data!.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
        });
        expect(reply.status, await reply.clone().text()).toBe(200);
        await reply.arrayBuffer();
        // The new rows read back, where new-api's columns Switchyard leaves out hold NULL, not its defaults.
        for (const [client, path] of [
          [bob, '/api/user/self'],
          [root, '/api/user/'],
          [root, '/api/channel/'],
          [root, '/api/redemption/'],
          [alice, '/api/token/'],
        ] as const) {
          const read = await client.get(path);
          expect({ path, status: read.status, success: read.body.success }).toEqual({
            path,
            status: 200,
            success: true,
          });
        }
      } finally {
        await server.close();
        await upstream.close();
      }
      const handle = connectDatabase(state.database!.target);
      try {
        const bob = await handle.db
          .selectFrom('users')
          .select(['password', 'auth_version'])
          .where('username', '=', 'bob')
          .executeTakeFirstOrThrow();
        expect(bob.password).toMatch(/^\$2/);
        expect(Number(bob.auth_version)).toBe(1);
        const channels = await handle.db
          .selectFrom('channels')
          .select('key')
          .where('name', '=', 'adopted')
          .execute();
        expect(channels).toEqual([{ key: 'sk-adopted-upstream' }]);
        expect(await handle.db.selectFrom('redemptions').select('name').execute()).toEqual([
          { name: 'code' },
        ]);
        expect(await handle.db.selectFrom('tokens').select('name').execute()).toEqual([
          { name: 'alice-key' },
        ]);
        const logs = await handle.db
          .selectFrom('logs')
          .select(['model_name', 'token_name'])
          .where('type', '=', 2)
          .execute();
        expect(logs).toEqual([{ model_name: 'gpt-4o-mini', token_name: 'alice-key' }]);
      } finally {
        await handle.close();
      }
    },
  );
});

describe.each(matrix)('a one-api database on $name', (dialect) => {
  const state = setUpAdopted(dialect, (handle) => buildOneApiDatabase(handle.db, handle.dialect, users));
  const run = it.skipIf(dialect.skipReason != null);

  run(
    'starts, names the unique index its shared empty access tokens prevent, and logs its users in',
    async () => {
      for (let start = 0; start < 2; start += 1) {
        const { server, warnings } = await boot(state.database!, state.journalDirectory);
        try {
          expect(warnings.filter((warning) => warning.includes('on users'))).toEqual([
            expect.stringContaining('index idx_users_access_token on users: 1 value(s) of (access_token)'),
          ]);
          const root = await login(server, 'root');
          const list = await root.get<Page<{ username: string }>>('/api/user/');
          expect(list.status).toBe(200);
          expect(list.body.data!.items.map((user) => user.username).sort()).toEqual(['alice', 'root']);
        } finally {
          await server.close();
        }
      }
    },
  );
});
