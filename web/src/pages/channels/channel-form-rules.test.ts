import { describe, expect, it } from 'vitest';
import { SAMPLE_CHANNEL_PAYLOAD } from '../../../../common/api/test-channel-payload.ts';
import type { ChannelView } from '../../api/channels.ts';
import {
  addCustomModels,
  type ChannelFormValues,
  copyFormValues,
  defaultFormValues,
  endsWithV1,
  formValuesFromChannel,
  isJsonOrEmpty,
  jsonObjectFieldError,
  keyHintKey,
  keyLines,
  mergeModels,
  modelChoices,
  modelsAfterTypeChange,
  parseInteger,
  prepareSubmission,
  prettyJson,
  stripTrailingSlash,
} from './channel-form-rules.ts';

const valid: ChannelFormValues = {
  ...defaultFormValues(),
  name: ' main ',
  key: ' sk-abc ',
  models: ['gpt-4o', ' o3 ', 'gpt-4o', ''],
};

describe('defaultFormValues', () => {
  it('is an OpenAI channel of the default group with auto-ban on', () => {
    expect(defaultFormValues()).toMatchObject({
      type: 1,
      groups: ['default'],
      auto_ban: true,
      priority: 0,
      weight: 0,
      batch: false,
    });
  });
});

describe('keyHintKey', () => {
  it.each([
    [1, 'channels.form.keyHint.default'],
    [15, 'channels.form.keyHint.baidu'],
    [18, 'channels.form.keyHint.iflytek'],
    [22, 'channels.form.keyHint.fastgpt'],
    [23, 'channels.form.keyHint.tencent'],
    [33, 'channels.form.keyHint.aws'],
    [41, 'channels.form.keyHint.vertex'],
    [4, 'channels.form.keyHint.optional'],
    [47, 'channels.form.keyHint.optional'],
  ])('type %i hints %s', (type, key) => {
    expect(keyHintKey(type)).toBe(key);
  });
});

describe('parseInteger', () => {
  it.each([
    [5, 5],
    [-3.7, -3],
    ['12', 12],
    [' -999 ', -999],
    ['7abc', 7],
    ['', null],
    ['abc', null],
    [null, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%o gives %o', (value, expected) => {
    expect(parseInteger(value)).toBe(expected);
  });
});

describe('base URL rules', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com///', 'https://api.example.com'],
    [' https://api.example.com ', 'https://api.example.com'],
    ['', ''],
  ])('stripTrailingSlash(%o) is %o', (url, expected) => {
    expect(stripTrailingSlash(url)).toBe(expected);
  });

  it.each([
    ['https://api.example.com/v1', true],
    ['https://api.example.com/v1/', true],
    ['https://api.example.com/V1', true],
    ['https://api.example.com', false],
    ['https://api.example.com/v1/chat/completions', false],
    ['https://v1.example.com', false],
  ])('endsWithV1(%o) is %o', (url, expected) => {
    expect(endsWithV1(url)).toBe(expected);
  });
});

describe('keyLines', () => {
  it('keeps the non-empty trimmed lines', () => {
    expect(keyLines(' k1 \n\n k2\r\nk3\n  ')).toEqual(['k1', 'k2', 'k3']);
    expect(keyLines('')).toEqual([]);
  });
});

describe('isJsonOrEmpty and prettyJson', () => {
  it.each([
    ['', true],
    ['   ', true],
    [null, true],
    ['{"a":"b"}', true],
    ['[1]', true],
    ['{a:b}', false],
    ['{"a":', false],
  ])('isJsonOrEmpty(%o) is %o', (text, expected) => {
    expect(isJsonOrEmpty(text)).toBe(expected);
  });

  it('indents JSON and keeps other text', () => {
    expect(prettyJson('{"a":"b"}')).toBe('{\n  "a": "b"\n}');
    expect(prettyJson('{broken')).toBe('{broken');
    expect(prettyJson(null)).toBe('');
  });
});

describe('jsonObjectFieldError', () => {
  it.each([
    ['header_override', '', null],
    ['header_override', '  ', null],
    ['header_override', undefined, null],
    ['header_override', ' {"X-Team":"blue"} ', null],
    ['header_override', '{}', null],
    ['header_override', '["X-Team"]', 'channels.validation.headerOverrideJson'],
    ['header_override', 'null', 'channels.validation.headerOverrideJson'],
    ['header_override', '{x', 'channels.validation.headerOverrideJson'],
    ['param_override', '42', 'channels.validation.paramOverrideJson'],
    ['setting', '"proxy"', 'channels.validation.settingJson'],
    ['status_code_mapping', '[]', 'channels.validation.statusCodeMappingJson'],
  ] as const)('%s %o gives %o', (field, text, expected) => {
    expect(jsonObjectFieldError(field, text)).toBe(expected);
  });
});

describe('addCustomModels', () => {
  it.each<[string[], string, ReturnType<typeof addCustomModels>]>([
    [['a'], 'b, c', { ok: true, models: ['a', 'b', 'c'] }],
    [['a'], ' b ,, ,c ', { ok: true, models: ['a', 'b', 'c'] }],
    [['a'], '', { ok: true, models: ['a'] }],
    [['a'], 'a', { ok: false, error: 'channels.form.modelsExist' }],
    [['a'], 'b, a', { ok: false, error: 'channels.form.modelsExist' }],
    [[], 'b, b', { ok: false, error: 'channels.form.modelsExist' }],
  ])('%o + %o gives %o', (current, input, expected) => {
    expect(addCustomModels(current, input)).toEqual(expected);
  });

  it('does not change the current list', () => {
    const current = ['a'];
    addCustomModels(current, 'b');
    expect(current).toEqual(['a']);
  });
});

describe('mergeModels and modelChoices', () => {
  it('adds fetched names once, in first-seen order', () => {
    expect(mergeModels(['a', 'b'], ['b', ' c ', '', 'a', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('offers the type models, the known models and the chosen ones', () => {
    expect(modelChoices(['k1', 't1'], ['t1', 't2'], ['custom', 'k1'])).toEqual(['t1', 't2', 'k1', 'custom']);
  });
});

describe('modelsAfterTypeChange', () => {
  it.each<[string[], string[], string[], string[]]>([
    [[], ['a'], ['x', 'y'], ['x', 'y']],
    [['a', 'b'], ['a', 'b'], ['x'], ['x']],
    [['b', 'a'], ['a', 'b'], ['x'], ['x']],
    [['a'], ['a', 'b'], ['x'], ['a']],
    [['a', 'b', 'custom'], ['a', 'b'], ['x'], ['a', 'b', 'custom']],
    [['a', 'b'], ['a', 'b'], [], []],
  ])('%o (previous type %o, next type %o) gives %o', (current, previous, next, expected) => {
    expect(modelsAfterTypeChange(current, previous, next)).toEqual(expected);
  });
});

describe('prepareSubmission', () => {
  it.each<[string, Partial<ChannelFormValues>, 'create' | 'edit', string]>([
    ['an empty name on create', { name: '' }, 'create', 'channels.validation.nameKeyRequired'],
    ['an empty key on create', { key: '  ' }, 'create', 'channels.validation.nameKeyRequired'],
    [
      'batch keys that are all blank',
      { batch: true, key: '\n \n' },
      'create',
      'channels.validation.nameKeyRequired',
    ],
    ['an empty name on edit', { name: ' ' }, 'edit', 'channels.validation.nameRequired'],
    ['no models', { models: [] }, 'create', 'channels.validation.modelsRequired'],
    ['only blank models', { models: [' ', ''] }, 'edit', 'channels.validation.modelsRequired'],
    [
      'a model mapping that is not JSON',
      { model_mapping: '{gpt: x}' },
      'create',
      'channels.validation.modelMappingJson',
    ],
    [
      'a status code mapping that is not an object',
      { status_code_mapping: '[1]' },
      'edit',
      'channels.validation.statusCodeMappingJson',
    ],
    ['a setting that is not JSON', { setting: 'proxy=x' }, 'create', 'channels.validation.settingJson'],
    [
      'a param override that is not an object',
      { param_override: '"x"' },
      'create',
      'channels.validation.paramOverrideJson',
    ],
    [
      'a Vertex key that is not JSON',
      { type: 41, key: 'plain-key' },
      'create',
      'channels.validation.vertexKeyJson',
    ],
    [
      'an Azure channel without address',
      { type: 3, base_url: ' / ' },
      'create',
      'channels.validation.baseUrlRequired',
    ],
    ['a Volcengine channel without address', { type: 45 }, 'edit', 'channels.validation.baseUrlRequired'],
  ])('refuses %s', (_case, overrides, mode, error) => {
    expect(prepareSubmission({ ...valid, ...overrides }, mode)).toEqual({ ok: false, error });
  });

  it('builds the payload of a new channel', () => {
    // The caps are added by the form from their own section (use-channel-form.ts channelLimitsFromForm).
    const { limits: _caps, ...withoutCaps } = SAMPLE_CHANNEL_PAYLOAD;
    expect(prepareSubmission(valid, 'create')).toEqual({
      ok: true,
      batch: false,
      multiKeyMode: null,
      needsV1Confirmation: false,
      payload: withoutCaps,
    });
  });

  it('strips the trailing slash and asks about a /v1 address', () => {
    const check = prepareSubmission({ ...valid, base_url: 'https://relay.example.com/v1/' }, 'create');
    expect(check).toMatchObject({
      ok: true,
      needsV1Confirmation: true,
      payload: { base_url: 'https://relay.example.com/v1' },
    });
    expect(prepareSubmission({ ...valid, base_url: 'https://relay.example.com/' }, 'create')).toMatchObject({
      needsV1Confirmation: false,
      payload: { base_url: 'https://relay.example.com' },
    });
  });

  it.each<[Partial<ChannelFormValues>, { priority: number; weight: number }]>([
    [
      { priority: '5', weight: '3' },
      { priority: 5, weight: 3 },
    ],
    [
      { priority: 2.9, weight: 1.9 },
      { priority: 2, weight: 1 },
    ],
    [
      { priority: -5000, weight: -4 },
      { priority: -999, weight: 0 },
    ],
    [
      { priority: null, weight: '' },
      { priority: 0, weight: 0 },
    ],
  ])('parses priority and weight %o as integers', (overrides, expected) => {
    expect(prepareSubmission({ ...valid, ...overrides }, 'create')).toMatchObject({
      ok: true,
      payload: expected,
    });
  });

  it('defaults the iFlytek version to v2.1 and keeps a given one', () => {
    expect(prepareSubmission({ ...valid, type: 18 }, 'create')).toMatchObject({ payload: { other: 'v2.1' } });
    expect(prepareSubmission({ ...valid, type: 18, other: 'v3.5' }, 'create')).toMatchObject({
      payload: { other: 'v3.5' },
    });
  });

  it('sends one key per line in batch mode', () => {
    expect(prepareSubmission({ ...valid, batch: true, key: ' k1 \n\nk2\n' }, 'create')).toMatchObject({
      ok: true,
      batch: true,
      payload: { key: 'k1\nk2' },
    });
  });

  it.each(['random', 'polling'] as const)('makes one %s multi-key channel of the key lines', (mode) => {
    expect(
      prepareSubmission({ ...valid, batch: true, multi_key_mode: mode, key: ' k1 \n\nk2\n' }, 'create'),
    ).toMatchObject({ ok: true, batch: false, multiKeyMode: mode, payload: { key: 'k1\nk2' } });
    const edited = prepareSubmission({ ...valid, batch: true, multi_key_mode: mode, key: 'k3' }, 'edit');
    expect(edited).toMatchObject({ ok: true, batch: false, multiKeyMode: null, payload: { key: 'k3' } });
  });

  it('ignores the batch switch when editing and leaves an empty key out', () => {
    const check = prepareSubmission({ ...valid, batch: true, key: '' }, 'edit');
    expect(check).toMatchObject({ ok: true, batch: false });
    expect(check.ok && 'key' in check.payload).toBe(false);
  });

  it('accepts a Vertex service-account key and joins groups', () => {
    const key = '{"type":"service_account","project_id":"p"}';
    expect(
      prepareSubmission(
        { ...valid, type: 41, key, groups: ['vip', ' default ', 'vip'], auto_ban: false },
        'create',
      ),
    ).toMatchObject({ ok: true, payload: { key, group: 'vip,default', auto_ban: 0 } });
  });

  it.each([4, 47])('saves a type %i channel (no key needed) without a key, batch or not', (type) => {
    for (const batch of [false, true]) {
      const check = prepareSubmission({ ...valid, type, key: ' \n ', batch }, 'create');
      expect(check).toMatchObject({ ok: true, batch: false, payload: { type, name: 'main' } });
      expect(check.ok && 'key' in check.payload).toBe(false);
    }
    expect(prepareSubmission({ ...valid, type, name: '', key: '' }, 'create')).toEqual({
      ok: false,
      error: 'channels.validation.nameKeyRequired',
    });
  });

  it('still needs a key for the other types', () => {
    for (const type of [1, 14, 15, 41])
      expect(prepareSubmission({ ...valid, type, key: '' }, 'create')).toEqual({
        ok: false,
        error: 'channels.validation.nameKeyRequired',
      });
  });

  it('uses the default group when none is chosen', () => {
    expect(prepareSubmission({ ...valid, groups: [] }, 'create')).toMatchObject({
      payload: { group: 'default' },
    });
  });
});

describe('formValuesFromChannel and copyFormValues', () => {
  const channel: ChannelView = {
    id: 9,
    type: 3,
    name: 'azure',
    key: 'secret',
    base_url: 'https://x.openai.azure.com',
    other: '2024-10-21',
    models: 'gpt-4o, gpt-4o-mini',
    group: 'default,vip',
    model_mapping: '{"gpt-4o":"gpt4o"}',
    status_code_mapping: null,
    setting: '',
    param_override: null,
    auto_ban: 0,
    test_model: null,
    priority: 3,
    weight: 2,
    tag: 'team',
    openai_organization: null,
    max_input_tokens: 0,
    status: 1,
    response_time: 0,
    balance: 0,
    used_quota: 0,
    other_info: null,
    test_time: 0,
    balance_updated_time: 0,
    created_time: 0,
  };

  it('fills the form and submits the same channel back', () => {
    const values = formValuesFromChannel(channel);
    expect(values).toMatchObject({
      models: ['gpt-4o', 'gpt-4o-mini'],
      groups: ['default', 'vip'],
      auto_ban: false,
      key: 'secret',
      model_mapping: '{\n  "gpt-4o": "gpt4o"\n}',
    });
    expect(prepareSubmission(values, 'edit')).toMatchObject({
      ok: true,
      payload: {
        type: 3,
        name: 'azure',
        key: 'secret',
        base_url: 'https://x.openai.azure.com',
        other: '2024-10-21',
        models: 'gpt-4o,gpt-4o-mini',
        group: 'default,vip',
        auto_ban: 0,
        priority: 3,
        weight: 2,
        tag: 'team',
      },
    });
  });

  it('leaves the key empty when the server did not send it', () => {
    const { key: _key, ...withoutKey } = channel;
    expect(formValuesFromChannel(withoutKey).key).toBe('');
  });

  it('copies a channel under a new name', () => {
    expect(copyFormValues(channel, 'azure copy')).toMatchObject({ name: 'azure copy', type: 3, tag: 'team' });
  });
});
