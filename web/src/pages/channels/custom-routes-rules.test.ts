import { describe, expect, it } from 'vitest';
import { customRoutesProblem } from '../../../../common/channel-types-custom.ts';
import {
  converterOptions,
  draftOfRoute,
  draftsFromSettings,
  newRouteDraft,
  type RouteDraft,
  routeOfDraft,
  settingsWithDrafts,
} from './custom-routes-rules.ts';

const stored = {
  incoming_path: '/v1/chat/completions',
  upstream_path: '/gateway/{model}/respond',
  converter: 'openai_chat_completions_to_openai_responses',
  models: ['team-gpt', 're:^gpt-5'],
  auth: { type: 'header', name: 'X-Team-Key', value: '{api_key}' },
  headers: { 'X-Tenant': 'acme' },
};

describe('converterOptions', () => {
  it.each([
    [
      '/v1/chat/completions',
      [
        'none',
        'openai_chat_completions_to_anthropic_messages',
        'openai_chat_completions_to_openai_responses',
        'openai_chat_completions_to_gemini_generate_content',
      ],
    ],
    [
      '/v1/responses',
      ['none', 'openai_responses_to_openai_chat_completions', 'openai_responses_to_gemini_generate_content'],
    ],
    ['/v1/messages', ['none', 'anthropic_messages_to_openai_chat_completions']],
    [
      '/v1beta/models/{model}:generateContent',
      ['none', 'gemini_generate_content_to_openai_chat_completions'],
    ],
    ['/v1/embeddings', ['none']],
    ['/somewhere', ['none']],
  ])('%s → %o', (path, expected) => {
    expect(converterOptions(path)).toEqual(expected);
  });
});

describe('drafts and stored routes', () => {
  it('round-trip a stored route with every field', () => {
    const draft = draftOfRoute(stored);
    expect(draft).toMatchObject({
      auth: 'header',
      authName: 'X-Team-Key',
      headers: [{ name: 'X-Tenant', value: 'acme' }],
    });
    expect(routeOfDraft(draft)).toEqual(stored);
  });

  it('store a new route with only its paths (new-api’s defaults for the rest)', () => {
    expect(routeOfDraft(newRouteDraft())).toEqual({
      incoming_path: '/v1/chat/completions',
      upstream_path: '/v1/chat/completions',
    });
  });

  it.each<[string, Partial<RouteDraft>, Record<string, unknown>]>([
    ['no key sent', { auth: 'none', authName: 'x' }, { auth: { type: 'none' } }],
    [
      'the key in a query parameter',
      { auth: 'query', authName: ' key ', authValue: '{api_key}' },
      { auth: { type: 'query', name: 'key', value: '{api_key}' } },
    ],
    ['a method in capitals', { method: 'post' }, { method: 'POST' }],
    ['models without blanks', { models: [' a ', ''] }, { models: ['a'] }],
    [
      'a JSON template',
      { template: '{"texts": "{request.input}"}' },
      { request_body_template: { texts: '{request.input}' } },
    ],
    ['a broken template kept as text', { template: '{"texts": ' }, { request_body_template: '{"texts":' }],
  ])('store %s', (_name, change, expected) => {
    expect(routeOfDraft({ ...newRouteDraft(), ...change })).toMatchObject(expected);
  });

  it('keep a broken template as text, so the rules refuse it and the editor shows it again', () => {
    const settings = settingsWithDrafts('', [{ ...newRouteDraft(), template: '{"texts": ' }]);
    expect(customRoutesProblem(settings)).toEqual({ code: 'template_invalid', route: 0 });
    expect(draftsFromSettings(settings)?.[0]?.template).toBe('{"texts":');
  });
});

describe('settings', () => {
  it('keep the other keys of settings and of advanced_custom', () => {
    const text = JSON.stringify({
      azure_responses_version: 'preview',
      advanced_custom: { advanced_routes: [stored], extra: 1 },
    });
    const drafts = draftsFromSettings(text)!;
    const next = JSON.parse(settingsWithDrafts(text, [...drafts, newRouteDraft()]));
    expect(next.azure_responses_version).toBe('preview');
    expect(next.advanced_custom.extra).toBe(1);
    expect(next.advanced_custom.advanced_routes).toEqual([
      stored,
      { incoming_path: '/v1/chat/completions', upstream_path: '/v1/chat/completions' },
    ]);
  });

  it.each([
    ['empty', '', []],
    ['without routes', '{"azure_responses_version":"x"}', []],
    ['not JSON', '{', null],
    ['a list', '[1]', null],
  ])('read %s settings', (_name, text, expected) => {
    expect(draftsFromSettings(text)).toEqual(expected);
  });

  it('make what the server’s rules accept from the editor’s new route', () => {
    expect(customRoutesProblem(settingsWithDrafts('', [newRouteDraft()]))).toBeNull();
    expect(customRoutesProblem(settingsWithDrafts('', []))).toEqual({ code: 'routes_required' });
  });
});
