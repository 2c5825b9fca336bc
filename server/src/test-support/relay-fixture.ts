/**
 * Everything a relay test needs: the real server, a fake OpenAI upstream, channels pointing at it, a
 * user with an `sk-` key, the official `openai` and `@anthropic-ai/sdk` clients configured with that key,
 * model ratios, what a call charged, and an OpenAI chat stream read to its end.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { Selectable } from 'kysely';
import OpenAI from 'openai';
import type { CreateChannelsResult } from '../../../common/api/channels.ts';
import type { TokenView } from '../../../common/api/tokens.ts';
import type { Database } from '../db/schema.ts';
import { type FakeUpstream, startFakeUpstream } from './fake-upstream/fake-upstream.ts';
import {
  type ApiClient,
  setOptions,
  startTestSite,
  type TestServer,
  type TestServerOptions,
} from './test-server.ts';

export interface RelayFixture {
  server: TestServer;
  /** The environment the server was started with (the fixture's defaults and the caller's). */
  environment: Record<string, string>;
  upstream: FakeUpstream;
  root: ApiClient;
  user: ApiClient;
  userId: number;
  token: TokenView;
  openai: OpenAI;
  /** A Claude-format client (`@anthropic-ai/sdk`) with the user's key, against the gateway. */
  anthropic(): Anthropic;
  /** Creates a channel pointing at the fake upstream; returns its id. */
  addChannel(fields?: Record<string, unknown>): Promise<number>;
  /**
   * Starts a fake vendor with `start`, closed after the fixture (as `adopt`), and creates a channel pointing
   * at it: `base_url` its address, then `fields` over that (a function of the vendor when they name more of
   * it). Returns the vendor and the channel's id.
   */
  addVendorChannel<T extends VendorResource>(
    start: () => Promise<T>,
    fields: Record<string, unknown> | ((vendor: T) => Record<string, unknown>),
  ): Promise<{ vendor: T; channelId: number }>;
  /** Creates another key of the same user. */
  addToken(fields?: Record<string, unknown>): Promise<TokenView>;
  clientFor(key: string): OpenAI;
  /** POSTs `body` as JSON to `path` of the gateway with the user's key (routes or bodies the SDKs lack). */
  postWithKey(path: string, body: unknown): Promise<Response>;
  setOption(key: string, value: string): Promise<void>;
  /** Sets the JSON map option `key` (ModelRatio, ModelPrice…) to what it holds now with `entries` over it. */
  mergeJsonOption(key: string, entries: Record<string, number>): Promise<void>;
  /**
   * Adds `modelRatios` to ModelRatio; with `completionRatios`, sets CompletionRatio to them alone (a model
   * not in it falls back to the built-in ratios: resolveCompletionRatio in server/src/relay/billing/pricing.ts).
   */
  setModelRatios(
    modelRatios: Record<string, number>,
    completionRatios?: Record<string, number>,
  ): Promise<void>;
  /** Closes `resource` (a fake vendor) after the fixture, in `close()`; returns it. */
  adopt<T extends { close(): Promise<void> }>(resource: T): T;
  /** Writes queued quota and log rows so the database can be inspected. */
  flush(): Promise<void>;
  userQuota(): Promise<number>;
  /** The newest consumption log row (type 2), after a flush. */
  lastConsumeLog(): Promise<Selectable<Database['logs']>>;
  /** Every consumption log row (type 2), oldest first, after a flush. */
  consumeLogs(): Promise<Selectable<Database['logs']>[]>;
  /** Runs `call`; returns its result, what it took from the user's quota and the newest consumption log. */
  charged<T>(call: () => Promise<T>): Promise<Charge<T>>;
  /** Runs a call that must fail (as `failureOf`); returns its failure and what it took from the user's quota. */
  chargedFailure(call: () => Promise<unknown>): Promise<{ failure: RelayFailure; spent: number }>;
  close(): Promise<void>;
}

/** A fake vendor as addVendorChannel takes it: an address to point a channel at, and a way to stop it. */
interface VendorResource {
  url: string;
  close(): Promise<void>;
}

export interface Charge<T> {
  result: T;
  /** The user's quota before the call less the quota after it. */
  spent: number;
  log: Record<string, unknown>;
}

/** Alternating user and assistant turns. */
export const TURNS: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
  { role: 'user', content: 'Hi' },
  { role: 'assistant', content: 'Hello' },
  { role: 'user', content: 'Who are you?' },
];

/**
 * A system prompt then TURNS: what the provider tests send to see the conversation converted to the
 * provider's shape (each spells a converted shape out itself; a provider that keeps OpenAI's roles and
 * contents is asserted with TURNS or this).
 */
export const SYSTEM_AND_TURNS: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'Be brief.' },
  ...TURNS,
];

/** The system prompt of SYSTEM_AND_TURNS and its first user turn ('Hi'). */
export const SYSTEM_AND_HI = SYSTEM_AND_TURNS.slice(0, 2);

let channelCounter = 0;

export interface RelayFixtureOptions extends TestServerOptions {
  /** The user's quota; 100 000 000 when omitted. */
  userQuota?: number;
}

export async function startRelayFixture(options: RelayFixtureOptions = {}): Promise<RelayFixture> {
  const environment = { BATCH_UPDATE_INTERVAL: '3600', ...options.environment };
  const {
    server,
    root,
    users: { user },
  } = await startTestSite({
    ...(options.database ? { database: options.database } : {}),
    environment,
    users: { user: `relay-user-${Date.now().toString(36)}` },
  });
  const upstream = await startFakeUpstream();
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
  const adopted: { close(): Promise<void> }[] = [];
  /** A test may close the fixture itself (a shutdown test); the harness's afterAll then waits on that. */
  let closing: Promise<void> | undefined;
  const fixture: RelayFixture = {
    server,
    environment,
    upstream,
    root,
    user,
    userId,
    token,
    openai: clientFor(`sk-${token.key}`),
    anthropic: () => new Anthropic({ apiKey: `sk-${token.key}`, baseURL: server.url, maxRetries: 0 }),
    async addChannel(fields = {}) {
      channelCounter += 1;
      const reply = await root.post<CreateChannelsResult>('/api/channel/', {
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
    async addVendorChannel(start, fields) {
      const vendor = fixture.adopt(await start());
      const channelId = await fixture.addChannel({
        base_url: vendor.url,
        ...(typeof fields === 'function' ? fields(vendor) : fields),
      });
      return { vendor, channelId };
    },
    addToken,
    clientFor,
    postWithKey: (path, body) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    setOption: (key, value) => setOptions(root, { [key]: value }),
    async mergeJsonOption(key, entries) {
      const current = server.context.options.getJson<Record<string, number>>(key);
      await fixture.setOption(key, JSON.stringify({ ...current, ...entries }));
    },
    async setModelRatios(modelRatios, completionRatios) {
      await fixture.mergeJsonOption('ModelRatio', modelRatios);
      if (completionRatios) await fixture.setOption('CompletionRatio', JSON.stringify(completionRatios));
    },
    adopt(resource) {
      adopted.push(resource);
      return resource;
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
      return row;
    },
    async consumeLogs() {
      await server.context.writer.flush();
      return server.context.logDatabase.db
        .selectFrom('logs')
        .selectAll()
        .where('type', '=', 2)
        .orderBy('id')
        .execute();
    },
    async charged(call) {
      const before = await fixture.userQuota();
      const result = await call();
      const log = await fixture.lastConsumeLog();
      return { result, spent: before - (await fixture.userQuota()), log };
    },
    async chargedFailure(call) {
      const before = await fixture.userQuota();
      const failure = await failureOf(call());
      return { failure, spent: before - (await fixture.userQuota()) };
    },
    close() {
      closing ??= (async () => {
        await server.close();
        await upstream.close();
        for (const resource of adopted) await resource.close();
      })();
      return closing;
    },
  };
  return fixture;
}

/**
 * What a call priced by ratios costs at group ratio 1: (prompt + completion × completion ratio) × model
 * ratio, rounded (quotaForUsage in server/src/relay/billing/pricing.ts).
 */
export function ratioQuota(
  promptTokens: number,
  completionTokens: number,
  modelRatio: number,
  completionRatio: number,
): number {
  return Math.round((promptTokens + completionTokens * completionRatio) * modelRatio);
}

/** A Claude-format client's message of one user turn (`max_tokens` 64), with `system` when given. */
export function claudeMessage(
  anthropic: Anthropic,
  model: string,
  text = 'Hi',
  system?: string,
): Promise<Anthropic.Message> {
  return anthropic.messages.create({
    model,
    max_tokens: 64,
    ...(system === undefined ? {} : { system }),
    messages: [{ role: 'user', content: text }],
  });
}

/** The same turn streamed, read to its final message. */
export function streamedClaudeMessage(
  anthropic: Anthropic,
  model: string,
  text = 'Hi',
): Promise<Anthropic.Message> {
  return anthropic.messages
    .stream({ model, max_tokens: 64, messages: [{ role: 'user', content: text }] })
    .finalMessage();
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

export interface CollectedChatStream {
  /** The non-empty content deltas, in order. */
  pieces: string[];
  text: string;
  /** The last usage a chunk carried (with `stream_options.include_usage`), or null. */
  usage: OpenAI.CompletionUsage | null;
  /** The last finish reason a chunk carried, or null. */
  finish: string | null;
}

async function collectInto(
  stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
  collected: CollectedChatStream,
): Promise<void> {
  for await (const chunk of stream) {
    const piece = chunk.choices[0]?.delta.content;
    if (piece) {
      collected.pieces.push(piece);
      collected.text += piece;
    }
    collected.finish = chunk.choices[0]?.finish_reason ?? collected.finish;
    collected.usage = chunk.usage ?? collected.usage;
  }
}

const emptyCollection = (): CollectedChatStream => ({ pieces: [], text: '', usage: null, finish: null });

/** Reads an OpenAI chat stream to its end (an error of the stream is thrown). */
export async function collectChatStream(
  stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
): Promise<CollectedChatStream> {
  const collected = emptyCollection();
  await collectInto(stream, collected);
  return collected;
}

/** An OpenAI chat stream of the turn 'Hi', usage included, read to its end. */
export async function streamedChat(openai: OpenAI, model: string): Promise<CollectedChatStream> {
  return collectChatStream(
    await openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    }),
  );
}

/**
 * A tool round through the OpenAI Chat API: 'Weather in Paris?' with `tools`, then the model's first tool
 * call answered 'sunny'. Returns both replies and that call.
 */
export async function weatherToolRound(
  openai: OpenAI,
  model: string,
  tools: OpenAI.Chat.Completions.ChatCompletionTool[],
) {
  const question = { role: 'user' as const, content: 'Weather in Paris?' };
  const first = await openai.chat.completions.create({ model, messages: [question], tools });
  const call = first.choices[0]?.message.tool_calls?.[0];
  const second = await openai.chat.completions.create({
    model,
    tools,
    messages: [
      question,
      first.choices[0]!.message,
      { role: 'tool', tool_call_id: call?.id ?? '', content: 'sunny' },
    ],
  });
  return { first, call, second };
}

/** Reads an OpenAI chat stream that must end with an error: what came before it, and the error. */
export async function failedChatStream(
  stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
): Promise<CollectedChatStream & { failure: RelayFailure }> {
  const collected = emptyCollection();
  const failure = await failureOf(collectInto(stream, collected));
  return { ...collected, failure };
}
