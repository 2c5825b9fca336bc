/**
 * The gateway adaptor (types 59, 60): each conversation format goes to its own path under the channel's
 * base URL with the key as a Bearer token (and in the format's own header); other routes go as OpenAI's;
 * a channel without a base URL builds nothing.
 */
import { describe, expect, it } from 'vitest';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import type { UpstreamFormat } from '../../canonical/codec.ts';
import type { RelayEndpoint } from '../types.ts';
import { newApiUpstreamAdaptor } from './index.ts';

const channel = (baseUrl: string) =>
  ({
    id: 1,
    type: 60,
    key: 'sk-up',
    baseUrl,
    other: '',
    openaiOrganization: '',
    setting: {},
    paramOverride: {},
  }) as unknown as CachedChannel;

const build = (
  endpoint: RelayEndpoint,
  format: UpstreamFormat,
  stream = false,
  base = 'https://gw.example/',
) =>
  newApiUpstreamAdaptor.buildRequest({
    channel: channel(base),
    endpoint,
    format,
    body: { model: 'm', messages: [], input: 'x', contents: [] },
    upstreamModel: 'm',
    stream,
  });

describe('newApiUpstreamAdaptor', () => {
  it.each([
    ['chat', 'openai-chat', false, 'https://gw.example/v1/chat/completions', {}],
    ['chat', 'openai-responses', false, 'https://gw.example/v1/responses', {}],
    ['chat', 'claude', false, 'https://gw.example/v1/messages', { 'x-api-key': 'sk-up' }],
    [
      'chat',
      'gemini',
      false,
      'https://gw.example/v1beta/models/m:generateContent',
      { 'x-goog-api-key': 'sk-up' },
    ],
    [
      'chat',
      'gemini',
      true,
      'https://gw.example/v1beta/models/m:streamGenerateContent?alt=sse',
      { 'x-goog-api-key': 'sk-up' },
    ],
    ['completions', 'openai-chat', false, 'https://gw.example/v1/completions', {}],
    ['embeddings', 'gemini', false, 'https://gw.example/v1/embeddings', {}],
    ['images', 'openai-chat', false, 'https://gw.example/v1/images/generations', {}],
  ] as const)('%s in %s (stream %s) → %s', (endpoint, format, stream, url, headers) => {
    const request = build(endpoint, format, stream);
    expect(request?.url).toBe(url);
    expect(request?.headers).toMatchObject({ authorization: 'Bearer sk-up', ...headers });
  });

  it.each(['rerank', 'speech', 'moderations'] as const)('builds nothing for %s', (endpoint) => {
    expect(build(endpoint, 'openai-chat')).toBeNull();
  });

  it('builds nothing without a base URL', () => {
    expect(build('chat', 'openai-chat', false, '')).toBeNull();
  });
});
