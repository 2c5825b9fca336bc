/**
 * Everything a relay test needs: the real server, a fake OpenAI upstream, channels pointing at it, a
 * user with an `sk-` key, and the official `openai` SDK configured with that key.
 */
import OpenAI from 'openai';
import type { TokenView } from '../api/tokens/view.ts';
import type { TestDatabase } from './databases.ts';
import { type FakeUpstream, startFakeUpstream } from './fake-upstream/fake-upstream.ts';
import {
  type ApiClient,
  createUserAndLogin,
  loginAsRoot,
  startTestServer,
  type TestServer,
} from './test-server.ts';

export interface RelayFixture {
  server: TestServer;
  upstream: FakeUpstream;
  root: ApiClient;
  user: ApiClient;
  userId: number;
  token: TokenView;
  openai: OpenAI;
  /** Creates a channel pointing at the fake upstream; returns its id. */
  addChannel(fields?: Record<string, unknown>): Promise<number>;
  /** Creates another key of the same user. */
  addToken(fields?: Record<string, unknown>): Promise<TokenView>;
  clientFor(key: string): OpenAI;
  setOption(key: string, value: string): Promise<void>;
  /** Writes queued quota and log rows so the database can be inspected. */
  flush(): Promise<void>;
  userQuota(): Promise<number>;
  /** The newest consumption log row (type 2), after a flush. */
  lastConsumeLog(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

let channelCounter = 0;

export async function startRelayFixture(
  options: { database?: TestDatabase; environment?: Record<string, string>; userQuota?: number } = {},
): Promise<RelayFixture> {
  const server = await startTestServer({
    ...(options.database ? { database: options.database } : {}),
    environment: { BATCH_UPDATE_INTERVAL: '3600', ...options.environment },
  });
  const upstream = await startFakeUpstream();
  const root = await loginAsRoot(server);
  const user = await createUserAndLogin(server, root, `relay-user-${Date.now().toString(36)}`);
  const userId = user.currentUserId!;
  await root.put('/api/user/', { id: userId, quota: options.userQuota ?? 100_000_000 });
  const addToken = async (fields: Record<string, unknown> = {}) => {
    const reply = await user.post<TokenView>('/api/token/', {
      name: 'key',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
      ...fields,
    });
    if (!reply.body.success) throw new Error(`token creation failed: ${reply.body.message}`);
    return reply.body.data!;
  };
  const token = await addToken();
  const clientFor = (key: string) =>
    new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 20_000 });
  const fixture: RelayFixture = {
    server,
    upstream,
    root,
    user,
    userId,
    token,
    openai: clientFor(`sk-${token.key}`),
    async addChannel(fields = {}) {
      channelCounter += 1;
      const reply = await root.post<{ ids: number[] }>('/api/channel/', {
        type: 1,
        name: `fake-${channelCounter}`,
        key: `upstream-key-${channelCounter}`,
        base_url: upstream.url,
        models: 'gpt-4o,gpt-4o-mini,gpt-3.5-turbo-instruct,text-embedding-3-small,omni-moderation-latest',
        group: 'default',
        ...fields,
      });
      if (!reply.body.success) throw new Error(`channel creation failed: ${reply.body.message}`);
      return reply.body.data!.ids[0]!;
    },
    addToken,
    clientFor,
    async setOption(key, value) {
      const reply = await root.put('/api/option/', { key, value });
      if (!reply.body.success) throw new Error(`option ${key} failed: ${reply.body.message}`);
    },
    flush: () => server.context.writer.flush(),
    async userQuota() {
      await server.context.writer.flush();
      const row = await server.context.database.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.quota);
    },
    async lastConsumeLog() {
      await server.context.writer.flush();
      const row = await server.context.logDatabase.db
        .selectFrom('logs')
        .selectAll()
        .where('type', '=', 2)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row as unknown as Record<string, unknown>;
    },
    async close() {
      await server.close();
      await upstream.close();
    },
  };
  return fixture;
}

export interface RelayFailure {
  status: number;
  message: string;
  code: string | null;
}

/** The SDK error of a call that must fail (fails the test when the call succeeds). */
export async function failureOf(call: Promise<unknown>): Promise<RelayFailure> {
  try {
    await call;
  } catch (error) {
    const failure = error as { status?: number; message?: string; code?: string | null };
    return { status: failure.status ?? 0, message: failure.message ?? '', code: failure.code ?? null };
  }
  throw new Error('the call was expected to fail but succeeded');
}
