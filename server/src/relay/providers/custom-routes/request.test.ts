import { describe, expect, it } from 'vitest';
import type { CustomRoute } from '../../../../../common/channel-types-custom.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { buildRouteRequest } from './request.ts';
import { ChannelRoutes } from './routes.ts';

function channelWith(baseUrl: string): CachedChannel {
  return {
    id: 7,
    type: 58,
    name: 'custom',
    key: 'sk-route',
    baseUrl,
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
  };
}

const body = { model: 'team/model', messages: [{ role: 'user', content: 'Hi' }], user: 'a\r\nb' };

function build(
  route: CustomRoute,
  options: { stream?: boolean; baseUrl?: string; clientHeaders?: Record<string, string> } = {},
) {
  const [compiled] = new ChannelRoutes(JSON.stringify({ advanced_custom: { advanced_routes: [route] } }))
    .routes;
  if (!compiled) throw new Error('route not servable');
  return buildRouteRequest(compiled, {
    channel: channelWith(options.baseUrl ?? 'https://upstream.example/base/'),
    endpoint: compiled.endpoint,
    body,
    upstreamModel: 'team/model',
    stream: options.stream ?? false,
    ...(options.clientHeaders ? { clientHeaders: options.clientHeaders } : {}),
  });
}

const chat: CustomRoute = { incoming_path: '/v1/chat/completions', upstream_path: '/v1/chat/completions' };

describe('buildRouteRequest', () => {
  it.each<[string, CustomRoute, string]>([
    ['a path under the base URL', chat, 'https://upstream.example/base/v1/chat/completions'],
    [
      'the model in the path, encoded',
      { ...chat, upstream_path: '/m/{model}/chat?v=2' },
      'https://upstream.example/base/m/team%2Fmodel/chat?v=2',
    ],
    [
      'a full URL',
      { ...chat, upstream_path: 'http://other.example:8080/chat' },
      'http://other.example:8080/chat',
    ],
    [
      'the key as a query parameter',
      { ...chat, auth: { type: 'query', name: 'key', value: '{api_key}' } },
      'https://upstream.example/base/v1/chat/completions?key=sk-route',
    ],
  ])('sends to %s', (_name, route, url) => {
    expect(build(route)?.url).toBe(url);
  });

  it('asks a Gemini route for its stream as SSE', () => {
    const gemini: CustomRoute = {
      incoming_path: '/v1beta/models/{model}:generateContent',
      upstream_path: '/v1beta/models/{model}:generateContent',
    };
    const request = build(gemini, { stream: true });
    expect(request?.url).toBe(
      'https://upstream.example/base/v1beta/models/team%2Fmodel:streamGenerateContent?alt=sse',
    );
    // Gemini's body names no model and no stream flag.
    expect(JSON.parse(String(request?.body))).toEqual({ messages: body.messages, user: body.user });
  });

  it.each<[string, CustomRoute, Record<string, string | undefined>]>([
    ['a Bearer token by default', chat, { authorization: 'Bearer sk-route' }],
    ['no key for none', { ...chat, auth: { type: 'none' } }, { authorization: undefined }],
    [
      'the key in a named header',
      { ...chat, auth: { type: 'header', name: 'X-Api-Key', value: 'Key {api_key}' } },
      { 'x-api-key': 'Key sk-route', authorization: undefined },
    ],
    [
      'route headers last, over the defaults',
      { ...chat, headers: { 'Content-Type': 'application/vnd.team+json', Authorization: 'Token {api_key}' } },
      { 'content-type': 'application/vnd.team+json', authorization: 'Token sk-route' },
    ],
    [
      'a client value without its line breaks',
      { ...chat, headers: { 'X-User': '{request.user}' } },
      { 'x-user': 'a b' },
    ],
  ])('sends %s', (_name, route, headers) => {
    const sent = build(route)?.headers ?? {};
    for (const [name, value] of Object.entries(headers)) expect(sent[name]).toBe(value);
  });

  it('sends Claude’s version and the client’s betas on a route that speaks Claude', () => {
    const route: CustomRoute = {
      ...chat,
      upstream_path: '/v1/messages',
      converter: 'openai_chat_completions_to_anthropic_messages',
    };
    expect(build(route)?.headers['anthropic-version']).toBe('2023-06-01');
    const headers = build(route, {
      clientHeaders: { 'anthropic-version': '2024-01-01', 'anthropic-beta': 'a, b' },
    })?.headers;
    expect(headers).toMatchObject({ 'anthropic-version': '2024-01-01', 'anthropic-beta': 'a,b' });
  });

  it('sends the body a template makes', () => {
    const route: CustomRoute = {
      ...chat,
      request_body_template: { prompt: '{request.messages.0.content}', engine: '{model}' },
    };
    expect(JSON.parse(String(build(route)?.body))).toEqual({ prompt: 'Hi', engine: 'team/model' });
  });

  it('builds nothing for a path when the channel has no base URL', () => {
    expect(build(chat, { baseUrl: '' })).toBeNull();
    expect(build({ ...chat, upstream_path: 'https://full.example/chat' }, { baseUrl: '' })?.url).toBe(
      'https://full.example/chat',
    );
  });
});
