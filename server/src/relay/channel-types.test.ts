/**
 * The server's channel-type registry: every type has its server entry; the adaptor of each type builds a
 * request for exactly the routes the type's entry says it serves (so the chooser never picks a channel the
 * adaptor then refuses, nor skips one it would serve); realtime URLs exist for the realtime types only; the
 * account APIs per type; the key and `other` rules asked of the registry.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CHANNEL_ENDPOINTS,
  CHANNEL_TYPES,
  type ChannelEndpoint,
  relayedChannelTypes,
  servedChannelTypes,
  servesCapability,
} from '../../../common/channel-types.ts';
import type { CachedChannel } from './cache/channel-cache.ts';
import {
  adaptorFor,
  adaptorForChannel,
  isServedChannelType,
  keyProblem,
  otherProblem,
  SERVER_CHANNEL_TYPES,
  serverChannelType,
} from './channel-types.ts';
import type { RelayEndpoint } from './providers/types.ts';
import { realtimeTarget } from './realtime/upstream.ts';

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'project',
  client_email: 'relay@project.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n',
});

/** A channel each adaptor can serve: the key in the type's shape, the `other` it needs. */
const SAMPLE_SETTINGS: Readonly<Record<number, Partial<CachedChannel>>> = {
  // Ollama's widest API: the OpenAI-compatible one (a native base URL serves part of it, below).
  4: { key: '', baseUrl: 'http://127.0.0.1:11434/v1' },
  15: { key: 'api-key|secret-key' },
  16: { key: 'key-id.key-secret' },
  18: { key: 'app-id|api-secret|api-key', other: 'v2.1' },
  23: { key: 'app-id|secret-id|secret-key' },
  33: { key: 'access-key|secret-key|us-east-1' },
  39: { other: 'account-id' },
  49: { other: '7342866812345678901' },
  41: { key: SERVICE_ACCOUNT },
  // Advanced Custom serves the routes the channel defines: one of each (common/channel-types-custom.ts).
  58: {
    settings: JSON.stringify({
      advanced_custom: {
        advanced_routes: [
          '/v1/chat/completions',
          '/v1/embeddings',
          '/v1/images/generations',
          '/v1/rerank',
        ].map((path) => ({ incoming_path: path, upstream_path: path })),
      },
    }),
  },
};

function sampleChannel(type: number, overrides: Partial<CachedChannel> = {}): CachedChannel {
  return {
    id: 1,
    type,
    name: 'sample',
    key: 'upstream-key',
    baseUrl: 'https://upstream.example',
    other: '',
    status: 1,
    autoBan: true,
    models: [],
    groups: [],
    modelMapping: {},
    statusCodeMapping: {},
    paramOverride: {},
    setting: {},
    openaiOrganization: '',
    testModel: '',
    tag: '',
    maxInputTokens: 0,
    ...SAMPLE_SETTINGS[type],
    ...overrides,
  };
}

/** The routes a channel's adaptor builds a request for. */
function routesBuilt(channel: CachedChannel): ChannelEndpoint[] {
  const adaptor = adaptorForChannel(channel);
  if (!adaptor) return [];
  const model = channel.type === 33 ? 'claude-3-haiku-20240307' : 'gpt-4o';
  const format = (adaptor.formatsFor?.(model) ?? adaptor.formats)[0];
  return CHANNEL_ENDPOINTS.filter(
    (endpoint) =>
      adaptor.buildRequest({
        channel,
        endpoint,
        body: {
          model,
          messages: [{ role: 'user', content: 'hi' }],
          input: 'hi',
          query: 'q',
          documents: ['d'],
        },
        upstreamModel: model,
        stream: false,
        ...(format && format !== 'openai-chat' ? { format } : {}),
      }) !== null,
  );
}

describe('the server channel-type registry', () => {
  it('has a server entry for every type of common/channel-types.ts', () => {
    expect(SERVER_CHANNEL_TYPES.map((entry) => entry.id)).toEqual(CHANNEL_TYPES.map((entry) => entry.id));
    for (const entry of CHANNEL_TYPES) expect(serverChannelType(entry.id)).toMatchObject(entry);
    expect(serverChannelType(999)).toBeUndefined();
  });

  it('names the relay routes as the relay does', () => {
    expectTypeOf<ChannelEndpoint>().toEqualTypeOf<RelayEndpoint>();
  });

  it('has an adaptor for exactly the types that serve a relay route', () => {
    for (const entry of SERVER_CHANNEL_TYPES)
      expect({ type: entry.id, adaptor: entry.adaptor !== undefined }).toEqual({
        type: entry.id,
        adaptor: relayedChannelTypes.has(entry.id),
      });
    for (const type of [2, 5, 36, 50, 51, 52, 54, 55, 57, 999]) expect(adaptorFor(type)).toBeUndefined();
  });

  it.each([...relayedChannelTypes])(
    'type %i: its adaptor builds requests for exactly the routes its entry serves',
    (type) => {
      const served = CHANNEL_ENDPOINTS.filter((endpoint) => servesCapability(type, endpoint));
      expect(routesBuilt(sampleChannel(type))).toEqual(served);
    },
  );

  it.each([
    // Channels whose settings choose another adaptor serve part of their type's routes.
    [4, { baseUrl: 'http://127.0.0.1:11434' }, ['chat', 'embeddings']],
    [4, { baseUrl: 'http://127.0.0.1:11434/v1' }, ['chat', 'completions', 'embeddings']],
    [21, { other: 'knowledge-base-id' }, ['chat']],
  ] as const)('type %i with %o serves %o', (type, settings, routes) => {
    expect(routesBuilt(sampleChannel(type, settings))).toEqual(routes);
  });

  it('builds realtime URLs for the realtime types only', () => {
    for (const entry of CHANNEL_TYPES) {
      const target = realtimeTarget(sampleChannel(entry.id), 'gpt-4o-realtime-preview', null);
      expect({ type: entry.id, realtime: target !== null }).toEqual({
        type: entry.id,
        realtime: servesCapability(entry.id, 'realtime'),
      });
    }
  });

  it('names the account APIs of each type', () => {
    const modelLists = Object.fromEntries(SERVER_CHANNEL_TYPES.map((entry) => [entry.id, entry.modelList]));
    const special = { 4: 'ollama', 11: 'palm', 14: 'anthropic', 24: 'gemini', 33: 'bedrock', 41: 'vertex' };
    for (const entry of CHANNEL_TYPES) {
      // Perplexity has no model-list API.
      const expected =
        entry.id === 27
          ? undefined
          : (special[entry.id as keyof typeof special] ?? (entry.openAiCompatible ? 'openai' : undefined));
      expect({ type: entry.id, list: modelLists[entry.id] }).toEqual({ type: entry.id, list: expected });
    }
    const balances = SERVER_CHANNEL_TYPES.filter((entry) => entry.balance).map((entry) => [
      entry.id,
      entry.balance,
    ]);
    expect(balances).toEqual([
      [1, 'openai-billing'],
      [8, 'openai-billing'],
      [10, 'aiproxy-points'],
      [12, 'credit-grants-remaining'],
      [13, 'credit-grants-available'],
      [20, 'openrouter'],
      [21, 'openai-billing'],
      [25, 'moonshot'],
      [40, 'siliconcloud'],
      [43, 'deepseek'],
    ]);
  });

  it('answers the key and `other` questions of a type', () => {
    expect(keyProblem(15, 'just-one-part')).toMatch(/APIKey\|SecretKey/);
    expect(keyProblem(15, 'api-key|secret-key')).toBeNull();
    expect(keyProblem(41, 'not json')).toMatch(/JSON/);
    expect(keyProblem(1, 'anything')).toBeNull();
    expect(keyProblem(2, 'anything')).toBeNull();
    expect(keyProblem(50, 'one-part')).toMatch(/AccessKey\|SecretKey/);
    expect(keyProblem(50, 'access-key|secret-key')).toBeNull();
    expect(keyProblem(51, 'one-part')).toMatch(/AccessKey\|SecretKey/);
    expect(otherProblem(39, '  ')).toBe('required');
    expect(otherProblem(39, 'account-id')).toBeNull();
    expect(otherProblem(18, 'v9.9')).toEqual({ reason: expect.stringMatching(/v9\.9/) });
    expect(otherProblem(18, 'v3.5')).toBeNull();
    expect(otherProblem(1, '')).toBeNull();
  });

  it('serves the saved types, and keeps the former lookups at their former address', () => {
    for (const type of [...servedChannelTypes, 57, 999])
      expect(isServedChannelType(type)).toBe(servedChannelTypes.has(type));
    expect(isServedChannelType(57)).toBe(false);
    expect(isServedChannelType(999)).toBe(false);
  });
});
