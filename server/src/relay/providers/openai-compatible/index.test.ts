import { describe, expect, it } from 'vitest';
import {
  channelTypeNames,
  relayedChannelTypes,
  servedChannelTypes,
} from '../../../../../common/channel-types.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { adaptorFor, isServedChannelType } from '../../channel-types.ts';
import { azureDeployment, openAiCompatibleAdaptor } from './index.ts';

function channel(overrides: Partial<CachedChannel>): CachedChannel {
  return {
    id: 1,
    type: 1,
    name: 'c',
    key: 'upstream-key',
    baseUrl: '',
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
    ...overrides,
  };
}

const body = { model: 'gpt-4o', messages: [] };

describe('openAiCompatibleAdaptor.buildRequest', () => {
  it.each([
    [
      { type: 1 },
      'chat',
      'https://api.openai.com/v1/chat/completions',
      { authorization: 'Bearer upstream-key' },
    ],
    [{ type: 1, baseUrl: 'http://127.0.0.1:9/' }, 'embeddings', 'http://127.0.0.1:9/v1/embeddings', {}],
    [
      { type: 1, openaiOrganization: 'org-1' },
      'chat',
      'https://api.openai.com/v1/chat/completions',
      { 'openai-organization': 'org-1' },
    ],
    [{ type: 43 }, 'chat', 'https://api.deepseek.com/v1/chat/completions', {}],
    [{ type: 20 }, 'completions', 'https://openrouter.ai/api/v1/completions', {}],
    [{ type: 48 }, 'moderations', 'https://api.x.ai/v1/moderations', {}],
    [
      { type: 3, baseUrl: 'https://res.openai.azure.com', other: '2024-06-01' },
      'chat',
      'https://res.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-06-01',
      { 'api-key': 'upstream-key' },
    ],
    [
      { type: 4, key: '', baseUrl: 'http://10.0.0.5:11434/v1' },
      'chat',
      'http://10.0.0.5:11434/v1/chat/completions',
      {},
    ],
  ] as const)('%o %s', (overrides, endpoint, url, headers) => {
    const request = openAiCompatibleAdaptor.buildRequest({
      channel: channel(overrides),
      endpoint,
      body,
      upstreamModel: 'gpt-4o',
      stream: false,
    });
    expect(request?.url).toBe(url);
    expect(request?.headers).toMatchObject(headers);
    expect(JSON.parse(String(request!.body))).toEqual(body);
  });

  it('sends no authorization to a keyless Ollama and never an api-key outside Azure', () => {
    const request = openAiCompatibleAdaptor.buildRequest({
      channel: channel({ type: 4, key: '' }),
      endpoint: 'chat',
      body,
      upstreamModel: 'x',
      stream: true,
    });
    expect(request?.headers).not.toHaveProperty('authorization');
    expect(request?.headers.accept).toBe('text/event-stream');
  });

  it.each([
    [{ type: 8 }, 'chat'],
    [{ type: 3 }, 'chat'],
    [{ type: 44, baseUrl: 'http://m3e' }, 'chat'],
  ] as const)('refuses %o for %s (no base URL or unsupported endpoint)', (overrides, endpoint) => {
    expect(
      openAiCompatibleAdaptor.buildRequest({
        channel: channel(overrides),
        endpoint,
        body,
        upstreamModel: 'm',
        stream: false,
      }),
    ).toBeNull();
  });

  it.each([
    [1, 'https://api.openai.com/v1/responses'],
    [8, null],
    [3, null],
  ])('speaks the Responses API only where the provider serves it (type %i)', (type, url) => {
    const request = openAiCompatibleAdaptor.buildRequest({
      channel: channel({ type, baseUrl: type === 1 ? '' : 'http://127.0.0.1:9' }),
      endpoint: 'chat',
      body: { model: 'gpt-4o', input: 'hi' },
      upstreamModel: 'gpt-4o',
      stream: true,
      format: 'openai-responses',
    });
    expect(request?.url ?? null).toBe(url);
    if (request) expect(request.headers.accept).toBe('text/event-stream');
  });

  it('maps Azure deployments and registers every OpenAI-compatible type', () => {
    expect(azureDeployment('gpt-3.5-turbo')).toBe('gpt-35-turbo');
    for (const type of [3, 4, 8, 19, 20, 21, 22, 25, 31, 40, 42, 43, 44, 47, 48])
      expect(adaptorFor(type)).toBe(openAiCompatibleAdaptor);
    expect(adaptorFor(1)?.formats).toEqual(['openai-chat', 'openai-responses']);
    expect(adaptorFor(14)?.formats).toEqual(['claude']);
    expect(adaptorFor(24)?.formats).toEqual(['gemini']);
    const registered = Object.keys(channelTypeNames)
      .map(Number)
      .filter((type) => isServedChannelType(type));
    expect(new Set(registered)).toEqual(servedChannelTypes);
    expect(new Set(registered.filter((type) => adaptorFor(type)))).toEqual(relayedChannelTypes);
    expect(isServedChannelType(57)).toBe(false);
  });
});
