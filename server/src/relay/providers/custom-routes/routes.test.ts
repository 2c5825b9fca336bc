/**
 * The route-set rules (common/channel-types-custom.ts), table-driven, and how a channel's routes choose
 * formats and routes per model (./routes.ts).
 */
import { describe, expect, it } from 'vitest';
import { type CustomRoute, customRoutesProblem } from '../../../../../common/channel-types-custom.ts';
import { channelSettingsProblem, describeCustomRouteProblem } from '../../channel-types-custom.ts';
import { ChannelRoutes } from './routes.ts';

const settingsOf = (routes: CustomRoute[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...extra, advanced_custom: { advanced_routes: routes } });

const chat: CustomRoute = { incoming_path: '/v1/chat/completions', upstream_path: '/v1/chat/completions' };
const chatToResponses: CustomRoute = {
  incoming_path: '/v1/chat/completions',
  upstream_path: '/v1/responses',
  converter: 'openai_chat_completions_to_openai_responses',
};
const responsesToChat: CustomRoute = {
  incoming_path: '/v1/responses',
  upstream_path: '/v1/chat/completions',
  converter: 'openai_responses_to_openai_chat_completions',
};
const messagesToChat: CustomRoute = {
  incoming_path: '/v1/messages',
  upstream_path: '/v1/chat/completions',
  converter: 'anthropic_messages_to_openai_chat_completions',
};

describe('customRoutesProblem', () => {
  it.each<[string, string, ReturnType<typeof customRoutesProblem>]>([
    ['not JSON', '{', { code: 'settings_invalid' }],
    ['a list', '[]', { code: 'settings_invalid' }],
    ['no routes', '{"azure_responses_version":"preview"}', { code: 'routes_required' }],
    ['empty routes', settingsOf([]), { code: 'routes_required' }],
    ['routes not a list', '{"advanced_custom":{"advanced_routes":{}}}', { code: 'settings_invalid' }],
    [
      'a route not an object',
      '{"advanced_custom":{"advanced_routes":[1]}}',
      { code: 'route_invalid', route: 0 },
    ],
    ['no incoming path', settingsOf([{ upstream_path: '/x' }]), { code: 'incoming_path_required', route: 0 }],
    [
      'a query in the incoming path',
      settingsOf([{ ...chat, incoming_path: '/v1/chat/completions?x=1' }]),
      { code: 'incoming_path_invalid', route: 0 },
    ],
    [
      'an incoming path the relay does not route',
      settingsOf([chat, { incoming_path: '/v1/models', upstream_path: '/models' }]),
      { code: 'incoming_path_unsupported', route: 1, value: '/v1/models' },
    ],
    [
      'no upstream path',
      settingsOf([{ incoming_path: '/v1/embeddings' }]),
      { code: 'upstream_path_required', route: 0 },
    ],
    [
      'a protocol-relative upstream',
      settingsOf([{ ...chat, upstream_path: '//evil.example/x' }]),
      { code: 'upstream_path_invalid', route: 0 },
    ],
    [
      'an upstream URL that is not http',
      settingsOf([{ ...chat, upstream_path: 'ftp://files.example/x' }]),
      { code: 'upstream_path_invalid', route: 0 },
    ],
    ['GET', settingsOf([{ ...chat, method: 'get' }]), { code: 'method_unsupported', route: 0, value: 'get' }],
    [
      'an unknown converter',
      settingsOf([{ ...chat, converter: 'chat_to_soap' }]),
      { code: 'converter_unknown', route: 0, value: 'chat_to_soap' },
    ],
    [
      'a converter of another incoming format',
      settingsOf([{ ...chat, converter: 'openai_responses_to_openai_chat_completions' }]),
      { code: 'converter_mismatch', route: 0, value: 'openai_responses_to_openai_chat_completions' },
    ],
    [
      'a template with a converter',
      settingsOf([{ ...chatToResponses, request_body_template: { input: '{request.messages}' } }]),
      { code: 'template_with_converter', route: 0 },
    ],
    [
      'a template that is not an object',
      settingsOf([{ ...chat, request_body_template: '{"broken"' }]),
      { code: 'template_invalid', route: 0 },
    ],
    [
      'a response template',
      settingsOf([{ ...chat, response_body_template: { text: '{x}' } }]),
      { code: 'response_template_unsupported', route: 0 },
    ],
    ['a task route', settingsOf([{ ...chat, task: { poll: {} } }]), { code: 'task_unsupported', route: 0 }],
    [
      'an unknown auth type',
      settingsOf([{ ...chat, auth: { type: 'cookie', name: 'a', value: 'b' } }]),
      { code: 'auth_type_invalid', route: 0, value: 'cookie' },
    ],
    [
      'a header auth without a name',
      settingsOf([{ ...chat, auth: { type: 'header', value: '{api_key}' } }]),
      { code: 'auth_name_required', route: 0 },
    ],
    [
      'a query auth without a value',
      settingsOf([{ ...chat, auth: { type: 'query', name: 'key' } }]),
      { code: 'auth_value_required', route: 0 },
    ],
    [
      'a header auth name with a colon',
      settingsOf([{ ...chat, auth: { type: 'header', name: 'x:y', value: '{api_key}' } }]),
      { code: 'auth_invalid', route: 0 },
    ],
    [
      'a header name with a space',
      settingsOf([{ ...chat, headers: { 'X Team': 'a' } }]),
      { code: 'header_invalid', route: 0, value: 'X Team' },
    ],
    [
      'a header value on two lines',
      settingsOf([{ ...chat, headers: { 'X-Team': 'a\r\nb' } }]),
      { code: 'header_invalid', route: 0, value: 'X-Team' },
    ],
    [
      'two catch-alls for one path',
      settingsOf([chat, chat]),
      { code: 'models_catch_all_twice', route: 1, value: '/v1/chat/completions' },
    ],
    [
      'a model route after the catch-all',
      settingsOf([chat, { ...chat, models: ['gpt-x'] }]),
      { code: 'models_catch_all_not_last', route: 1, value: '/v1/chat/completions' },
    ],
    [
      'one model twice for one path',
      settingsOf([
        { ...chat, models: ['a'] },
        { ...chat, models: ['b', 'a'] },
      ]),
      { code: 'models_duplicate', route: 1, value: 'a' },
    ],
    [
      'a broken pattern',
      settingsOf([{ ...chat, models: ['re:(unclosed'] }]),
      { code: 'models_regex_invalid', route: 0, value: 're:(unclosed' },
    ],
    [
      'two conversions to different formats for the same models',
      settingsOf([chatToResponses, messagesToChat]),
      { code: 'formats_conflict', route: 1, other: 0 },
    ],
    [
      'two routes reaching one format with different requests',
      settingsOf([
        { ...chat, upstream_path: '/a' },
        { ...messagesToChat, upstream_path: '/b' },
      ]),
      { code: 'upstream_conflict', route: 1, other: 0 },
    ],
  ])('refuses %s', (_name, settings, expected) => {
    expect(customRoutesProblem(settings)).toEqual(expected);
  });

  it.each<[string, CustomRoute[]]>([
    ['one chat route', [chat]],
    [
      'chat through Responses, Responses passed on',
      [chatToResponses, { ...chat, incoming_path: '/v1/responses', upstream_path: '/v1/responses' }],
    ],
    ['chat, Responses and Messages all reaching one chat upstream', [chat, responsesToChat, messagesToChat]],
    [
      'conflicting conversions for models that never meet',
      [
        { ...chatToResponses, models: ['gpt-5'] },
        { ...messagesToChat, models: ['claude-x'] },
      ],
    ],
    [
      'a model route before the catch-all, Gemini with {model}',
      [
        { ...chat, models: ['re:^gpt-'], upstream_path: 'https://api.example/v1/chat/completions' },
        {
          ...chat,
          converter: 'openai_chat_completions_to_gemini_generate_content',
          upstream_path: '/v1beta/models/{model}:generateContent',
          auth: { type: 'query', name: 'key', value: '{api_key}' },
        },
        {
          incoming_path: '/v1beta/models/{model}:generateContent',
          upstream_path: '/v1beta/models/{model}:generateContent',
          auth: { type: 'query', name: 'key', value: '{api_key}' },
        },
      ],
    ],
    [
      'embeddings with a template, images, rerank',
      [
        {
          incoming_path: '/v1/embeddings',
          upstream_path: '/embed',
          request_body_template: { texts: '{request.input}' },
        },
        { incoming_path: '/v1/images/generations', upstream_path: '/images', method: 'POST' },
        { incoming_path: '/v1/rerank', upstream_path: '/rerank', auth: { type: 'none' } },
      ],
    ],
  ])('accepts %s', (_name, routes) => {
    expect(customRoutesProblem(settingsOf(routes, { azure_responses_version: 'x' }))).toBeNull();
  });

  it('describes a problem with the route numbered from 1', () => {
    expect(describeCustomRouteProblem({ code: 'formats_conflict', route: 1, other: 0 })).toMatch(
      /^advanced_routes #2: this route and route #1 convert to different upstream formats/,
    );
  });

  it('refuses a header the connection owns, and only checks type 58', () => {
    const settings = settingsOf([{ ...chat, headers: { Host: 'elsewhere.example' } }]);
    expect(channelSettingsProblem(58, settings)).toBe(
      'advanced_routes #1: header Host belongs to the HTTP connection and cannot be set',
    );
    expect(channelSettingsProblem(1, settings)).toBeNull();
    expect(channelSettingsProblem(58, '')).toBe('advanced_custom.advanced_routes needs at least one route');
  });
});

describe('ChannelRoutes', () => {
  it('takes for each incoming path the first route serving the model', () => {
    const routes = new ChannelRoutes(
      settingsOf([
        { ...chatToResponses, models: ['re:^gpt-5'] },
        { ...chat, upstream_path: '/legacy/chat' },
        { ...chat, incoming_path: '/v1/embeddings', upstream_path: '/embed', models: ['embed-1'] },
      ]),
    );
    expect(routes.formatsFor('gpt-5-mini')).toEqual(['openai-responses']);
    expect(routes.routeFor('chat', 'openai-responses', 'gpt-5-mini')?.index).toBe(0);
    expect(routes.formatsFor('llama')).toEqual(['openai-chat']);
    expect(routes.routeFor('chat', 'openai-chat', 'llama')?.route.upstream_path).toBe('/legacy/chat');
    expect(routes.routeFor('chat', 'openai-responses', 'llama')).toBeUndefined();
    expect(routes.routeFor('embeddings', undefined, 'embed-1')?.index).toBe(2);
    expect(routes.routeFor('embeddings', undefined, 'llama')).toBeUndefined();
  });

  it('lists the converted-to format first, then those passed through', () => {
    const routes = new ChannelRoutes(
      settingsOf([
        { ...chat, incoming_path: '/v1/responses', upstream_path: '/v1/responses' },
        {
          ...chat,
          converter: 'openai_chat_completions_to_anthropic_messages',
          upstream_path: '/v1/messages',
        },
      ]),
    );
    expect(routes.formatsFor('any')).toEqual(['claude', 'openai-responses']);
  });

  it('serves a literal Gemini path for its model only, and leaves unservable routes unused', () => {
    const routes = new ChannelRoutes(
      settingsOf([
        { incoming_path: '/v1/models', upstream_path: '/models' },
        { incoming_path: '/v1beta/models/gemini-pro:generateContent', upstream_path: '/g' },
      ]),
    );
    expect(routes.routes.map((route) => route.index)).toEqual([1]);
    expect(routes.formatsFor('gemini-pro')).toEqual(['gemini']);
    expect(routes.formatsFor('gemini-flash')).toEqual([]);
  });

  it('has no routes for settings that do not parse', () => {
    expect(new ChannelRoutes('{').routes).toEqual([]);
    expect(new ChannelRoutes('').formatsFor('x')).toEqual([]);
  });
});
