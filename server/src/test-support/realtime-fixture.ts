/**
 * What the realtime relay tests (server/src/relay/realtime/*.test.ts) share: the real server with a
 * user and key (relay-fixture.ts), three fake Realtime upstreams (fake-vendors/realtime-upstream.ts) behind
 * an OpenAI channel, an Azure OpenAI channel and a channel of another type, the model ratios of the test
 * models and the quota a usage costs at them, and clients: the official openai SDK's realtime client, and a
 * plain ws client that shows a refused upgrade as its HTTP reply.
 */
import { createConnection } from 'node:net';
import { OpenAIRealtimeWS as BetaRealtimeWS } from 'openai/beta/realtime/ws';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';
import { type FakeRealtime, startFakeRealtime } from './fake-vendors/realtime-upstream.ts';
import { type RelayFixture, type RelayFixtureOptions, startRelayFixture } from './relay-fixture.ts';

type Json = Record<string, unknown>;

export const MODEL = 'gpt-4o-realtime-preview';
export const AZURE_MODEL = 'azure-realtime';
/** Served only by the channel of another type (8, Custom). */
export const OTHER_TYPE_MODEL = 'custom-realtime';
export const OPENAI_KEY = 'openai-realtime-key-1';
export const AZURE_KEY = 'azure-realtime-key-1';
export const AZURE_API_VERSION = '2025-04-01-preview';
export const AZURE_DEPLOYMENT_MODEL = 'gpt-4o-realtime.deployment';
/** The ratios configured for MODEL (every other test model gets MODEL_RATIO only). */
export const MODEL_RATIO = 2.5;
export const COMPLETION_RATIO = 4;
export const CACHE_RATIO = 0.5;
// The audio ratios are the built-in ones of gpt-4o-realtime-preview, from OpenAI's list prices per 1M
// tokens (text $5 in / $20 out, audio $40 in / $80 out): audio 40 / 5 = 8, audio completion 80 / 20 = 4.
export const AUDIO_RATIO = 8;
export const AUDIO_COMPLETION_RATIO = 4;

/** A usage as the Realtime API reports it (`response.usage`), the parts it needs for billing. */
export interface RealtimeUsageShape {
  input_tokens: number;
  output_tokens: number;
  input_token_details: {
    text_tokens: number;
    audio_tokens: number;
    cached_tokens_details: { text_tokens: number };
  };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

/**
 * What a response of MODEL costs (group ratio 1): uncached text + cached text × cache ratio + audio × audio
 * ratio, plus (text out + audio out × audio completion ratio) × completion ratio, all × model ratio.
 */
export function quotaOf(usage: RealtimeUsageShape): number {
  const input = usage.input_token_details;
  const cachedText = input.cached_tokens_details.text_tokens;
  return Math.round(
    (input.text_tokens -
      cachedText +
      cachedText * CACHE_RATIO +
      input.audio_tokens * AUDIO_RATIO +
      (usage.output_token_details.text_tokens +
        usage.output_token_details.audio_tokens * AUDIO_COMPLETION_RATIO) *
        COMPLETION_RATIO) *
      MODEL_RATIO,
  );
}

export async function until<T>(
  check: () => T | undefined | false,
  what: string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
}

export type Upgrade =
  | { ok: true; socket: WebSocket; headers: Record<string, unknown>; closed: ReturnType<typeof closeOf> }
  | { ok: false; status: number; body: Json };

export interface RealtimeFixture {
  relay: RelayFixture;
  /** The OpenAI channel's upstream, the Azure channel's, and the other type's (never to be reached). */
  fake: FakeRealtime;
  azureFake: FakeRealtime;
  otherFake: FakeRealtime;
  openAiChannel: number;
  azureChannel: number;
  /** The user's `sk-` key (unlimited). */
  key: string;
  openSdk: (apiKey?: string, model?: string, beta?: boolean) => Promise<SdkSession>;
  upgrade: (path: string, headers: Record<string, string>, protocols?: string[]) => Promise<Upgrade>;
  /** The used_quota of the user and of the fixture's key, after a flush. */
  accountsUsed(): Promise<{ user: number; token: number }>;
  /** The used_quota and remain_quota of a key, after a flush. */
  keyBalance(tokenId: number): Promise<{ used: number; remain: number }>;
  /** Consumption log rows with an id above `id`, oldest first, after a flush. */
  consumeLogsAfter(id: number): Promise<Json[]>;
  lastLogId(): Promise<number>;
  /** Sets entries of a model-ratio option, keeping the others. */
  mergeOption(name: string, values: Record<string, number>): Promise<void>;
  close(): Promise<void>;
}

export interface SdkSession {
  rt: OpenAIRealtimeWS | BetaRealtimeWS;
  events: Json[];
  closed: Promise<{ code: number; reason: string }>;
  ofType(type: string): Json[];
  /** Resolves with the events of `type` once there are `count` of them. */
  waitFor(type: string, count?: number): Promise<Json[]>;
}

export async function startRealtimeFixture(options: RelayFixtureOptions = {}): Promise<RealtimeFixture> {
  const relay = await startRelayFixture(options);
  const key = `sk-${relay.token.key}`;
  const [fake, azureFake, otherFake] = await Promise.all([
    startFakeRealtime(OPENAI_KEY),
    startFakeRealtime(AZURE_KEY),
    startFakeRealtime('other-type-key'),
  ]);
  const mergeOption = (name: string, values: Record<string, number>) => {
    const current = relay.server.context.options.getJson<Record<string, number>>(name);
    return relay.setOption(name, JSON.stringify({ ...current, ...values }));
  };

  /** The official SDK's realtime client. The SDK always builds a wss:// URL; the test server speaks plain
   * HTTP, so ws gets a plain TCP connection (its createConnection option). */
  const openSdk = async (apiKey = key, model = MODEL, beta = false): Promise<SdkSession> => {
    const client = relay.clientFor(apiKey);
    const props = { model, options: { createConnection } };
    const events: Json[] = [];
    const keep = (event: object) => events.push(event as Json);
    // The SDK reports `error` events to its error listener too; they are kept as events.
    const ignore = () => undefined;
    let rt: OpenAIRealtimeWS | BetaRealtimeWS;
    if (beta) {
      const betaClient = new BetaRealtimeWS(props, client);
      betaClient.on('event', keep).on('error', ignore);
      rt = betaClient;
    } else {
      const gaClient = new OpenAIRealtimeWS(props, client);
      gaClient.on('event', keep).on('error', ignore);
      rt = gaClient;
    }
    const closed = closeOf(rt.socket);
    await new Promise<void>((resolve, reject) => {
      rt.socket.once('open', () => resolve());
      rt.socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
    });
    const ofType = (type: string) => events.filter((event) => event.type === type);
    const waitFor = (type: string, count = 1) =>
      until(() => ofType(type).length >= count && ofType(type), type);
    return { rt, events, closed, ofType, waitFor };
  };

  const upgrade = (path: string, headers: Record<string, string>, protocols: string[] = []) =>
    new Promise<Upgrade>((resolve) => {
      const socket = new WebSocket(`${relay.server.url.replace('http', 'ws')}${path}`, protocols, {
        headers,
      });
      let responseHeaders: Record<string, unknown> = {};
      socket.on('error', () => undefined);
      socket.once('upgrade', (response) => {
        responseHeaders = response.headers;
      });
      const closed = closeOf(socket);
      socket.once('open', () => resolve({ ok: true, socket, headers: responseHeaders, closed }));
      socket.once('unexpected-response', (request, response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => {
          request.destroy();
          resolve({ ok: false, status: response.statusCode ?? 0, body: JSON.parse(text || '{}') as Json });
        });
      });
    });

  const consumeLogsAfter = async (id: number) => {
    await relay.flush();
    const rows = await relay.server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 2)
      .where('id', '>', id)
      .orderBy('id')
      .execute();
    return rows as unknown as Json[];
  };

  const priced = [MODEL, AZURE_MODEL, OTHER_TYPE_MODEL];
  await mergeOption('ModelRatio', Object.fromEntries(priced.map((model) => [model, MODEL_RATIO])));
  await mergeOption('CompletionRatio', { [MODEL]: COMPLETION_RATIO });
  await mergeOption('CacheRatio', { [MODEL]: CACHE_RATIO });
  const openAiChannel = await relay.addChannel({ base_url: fake.url, key: OPENAI_KEY, models: MODEL });
  // A channel of another type, preferred by priority: never chosen for the Realtime API.
  await relay.addChannel({
    type: 8,
    base_url: otherFake.url,
    key: 'other-type-key',
    models: `${MODEL},${OTHER_TYPE_MODEL}`,
    priority: 10,
  });
  const azureChannel = await relay.addChannel({
    type: 3,
    base_url: azureFake.url,
    key: AZURE_KEY,
    other: AZURE_API_VERSION,
    models: AZURE_MODEL,
    model_mapping: JSON.stringify({ [AZURE_MODEL]: AZURE_DEPLOYMENT_MODEL }),
  });

  return {
    relay,
    fake,
    azureFake,
    otherFake,
    openAiChannel,
    azureChannel,
    key,
    openSdk,
    upgrade,
    async accountsUsed() {
      await relay.flush();
      const { db } = relay.server.context.database;
      const [user, token] = await Promise.all([
        db.selectFrom('users').select('used_quota').where('id', '=', relay.userId).executeTakeFirstOrThrow(),
        db
          .selectFrom('tokens')
          .select('used_quota')
          .where('id', '=', relay.token.id)
          .executeTakeFirstOrThrow(),
      ]);
      return { user: Number(user.used_quota), token: Number(token.used_quota) };
    },
    async keyBalance(tokenId) {
      await relay.flush();
      const row = await relay.server.context.database.db
        .selectFrom('tokens')
        .select(['used_quota', 'remain_quota'])
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow();
      return { used: Number(row.used_quota), remain: Number(row.remain_quota) };
    },
    consumeLogsAfter,
    async lastLogId() {
      return Number((await consumeLogsAfter(0)).at(-1)?.id ?? 0);
    },
    mergeOption,
    async close() {
      await relay.close();
      await Promise.all([fake.close(), azureFake.close(), otherFake.close()]);
    },
  };
}
