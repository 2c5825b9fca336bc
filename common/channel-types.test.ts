/**
 * The channel-type registry against the specification's type list and docs/providers.md: every type id
 * has one entry, and every capability question has the documented answer for every type.
 */
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_CAPABILITIES,
  CHANNEL_ENDPOINTS,
  CHANNEL_TYPES,
  type ChannelCapability,
  channelType,
  channelTypeNames,
  endpointsOf,
  isTaskCapability,
  keyOptionalChannelTypes,
  relayedChannelTypes,
  servedChannelTypes,
  servesCapability,
  typesServing,
} from './channel-types.ts';

/** The channel types of the specification (docs/reference/console-entities.md "Channel types"). */
const SPECIFIED_TYPES: Readonly<Record<number, string>> = {
  1: 'OpenAI',
  2: 'Midjourney Proxy',
  3: 'Azure OpenAI',
  4: 'Ollama',
  5: 'Midjourney Proxy Plus',
  8: 'Custom',
  11: 'PaLM2',
  14: 'Anthropic Claude',
  15: 'Baidu Wenxin',
  16: 'Zhipu ChatGLM',
  17: 'Alibaba Qwen',
  18: 'iFlytek Spark',
  19: '360 AI',
  20: 'OpenRouter',
  21: 'AI Proxy',
  22: 'FastGPT',
  23: 'Tencent Hunyuan',
  24: 'Google Gemini',
  25: 'Moonshot',
  26: 'Zhipu GLM-4V',
  31: '01.AI',
  33: 'AWS Claude',
  34: 'Cohere',
  35: 'MiniMax',
  36: 'Suno',
  37: 'Dify',
  38: 'Jina',
  39: 'Cloudflare',
  40: 'SiliconCloud',
  41: 'Vertex AI',
  42: 'Mistral',
  43: 'DeepSeek',
  44: 'MokaAI M3E',
  45: 'Volcengine',
  46: 'Baidu Wenxin V2',
  47: 'Xinference',
  48: 'xAI',
};

/**
 * The types new-api added since, with its names (its constant/channel.go; docs/providers/new-api-types.md,
 * docs/providers/coze-replicate.md, docs/tasks.md, docs/providers/custom-routes.md).
 */
const LATER_TYPES: Readonly<Record<number, string>> = {
  6: 'OpenAIMax',
  7: 'OhMyGPT',
  9: 'AILS',
  10: 'AIProxy',
  12: 'API2GPT',
  13: 'AIGC2D',
  27: 'Perplexity',
  49: 'Coze',
  50: 'Kling',
  51: 'Jimeng',
  52: 'Vidu',
  53: 'Submodel',
  54: 'DoubaoVideo',
  55: 'Sora',
  56: 'Replicate',
  57: 'ChatGPT Subscription (Codex)',
  58: 'Advanced Custom',
  59: 'Sub2API',
  60: 'New API',
};

const EVERY_TYPE: Readonly<Record<number, string>> = { ...SPECIFIED_TYPES, ...LATER_TYPES };

// Responses compaction is served only where the Responses API is (OpenAI, type 1, of these).
const EVERY_ROUTE = CHANNEL_ENDPOINTS.filter((endpoint) => endpoint !== 'responses-compact').join(' ');
const OPENAI_COMPATIBLE = `${EVERY_ROUTE} videos`;

/** What each type serves, as docs/providers.md states it ("Relays", "Speaks", docs/realtime.md, docs/tasks.md). */
const SERVES: Readonly<Record<number, string>> = {
  1: `${EVERY_ROUTE} responses-compact realtime videos`,
  2: 'mj',
  3: `${EVERY_ROUTE} realtime`,
  4: 'chat completions embeddings',
  5: 'mj',
  8: OPENAI_COMPATIBLE,
  11: 'chat',
  14: 'chat',
  15: 'chat embeddings',
  16: 'chat',
  17: 'chat embeddings rerank images wan',
  18: 'chat',
  19: OPENAI_COMPATIBLE,
  20: OPENAI_COMPATIBLE,
  21: OPENAI_COMPATIBLE,
  22: OPENAI_COMPATIBLE,
  23: 'chat',
  24: 'chat embeddings veo',
  25: OPENAI_COMPATIBLE,
  26: 'chat embeddings images',
  31: OPENAI_COMPATIBLE,
  33: 'chat',
  34: 'chat embeddings rerank',
  35: 'chat hailuo',
  36: 'suno',
  37: 'chat',
  38: 'embeddings rerank',
  39: 'chat embeddings',
  40: OPENAI_COMPATIBLE,
  41: 'chat',
  42: OPENAI_COMPATIBLE,
  43: OPENAI_COMPATIBLE,
  44: 'embeddings',
  45: 'chat embeddings images',
  46: 'chat embeddings',
  47: OPENAI_COMPATIBLE,
  48: OPENAI_COMPATIBLE,
  // OpenAIMax serves the Responses API through OpenAI's adaptor, so compaction too.
  6: `${EVERY_ROUTE} responses-compact`,
  7: EVERY_ROUTE,
  9: EVERY_ROUTE,
  10: EVERY_ROUTE,
  12: EVERY_ROUTE,
  13: EVERY_ROUTE,
  27: 'chat',
  49: 'chat',
  50: 'kling',
  51: 'jimeng',
  52: 'vidu',
  53: 'chat',
  54: 'doubao-video',
  55: 'videos',
  56: 'images',
  58: 'chat embeddings images rerank',
  59: 'chat completions embeddings images',
  60: 'chat completions embeddings images',
};

/** A type id no gateway of the family uses. */
const UNKNOWN_TYPE = 999;

/** Types that serve only a task platform: no relay route. */
const TASK_ONLY = [2, 5, 36, 50, 51, 52, 54, 55];

const ids = (set: Iterable<number>) => [...set].sort((first, second) => first - second);

describe('the channel-type registry', () => {
  it("has exactly one entry per type id of the specification and of new-api's later list, with its name", () => {
    expect(CHANNEL_TYPES.map((entry) => entry.id)).toEqual(ids(Object.keys(EVERY_TYPE).map(Number)));
    expect(new Set(CHANNEL_TYPES.map((entry) => entry.id)).size).toBe(CHANNEL_TYPES.length);
    for (const [id, name] of Object.entries(EVERY_TYPE)) expect(channelType(Number(id))?.name).toBe(name);
    expect(channelTypeNames).toEqual(EVERY_TYPE);
    expect(channelType(UNKNOWN_TYPE)).toBeUndefined();
  });

  it('refuses 57 for good, with its reason, and serves every other type', () => {
    expect(channelType(57)).toMatchObject({ serves: [], refusal: 'subscription-account' });
    expect(CHANNEL_TYPES.filter((entry) => entry.refusal).map((entry) => entry.id)).toEqual([57]);
  });

  const pairs = Object.keys(SERVES).flatMap((id) =>
    CHANNEL_CAPABILITIES.map((capability) => [Number(id), capability] as [number, ChannelCapability]),
  );
  it.each(pairs)('type %i, capability %s: the documented answer', (type, capability) => {
    const expected = SERVES[type]!.split(' ').includes(capability);
    expect(servesCapability(type, capability)).toBe(expected);
    expect(typesServing(capability).has(type)).toBe(expected);
  });

  it('answers no for a type it does not know', () => {
    for (const capability of CHANNEL_CAPABILITIES)
      expect(servesCapability(UNKNOWN_TYPE, capability)).toBe(false);
    expect(endpointsOf(UNKNOWN_TYPE)).toEqual([]);
  });

  it('derives the relayed, served and key-optional types from the entries', () => {
    expect(ids(relayedChannelTypes)).toEqual(
      ids(Object.keys(SERVES).map(Number)).filter((type) => !TASK_ONLY.includes(type)),
    );
    expect(ids(servedChannelTypes)).toEqual(ids(Object.keys(SERVES).map(Number)));
    expect(ids(keyOptionalChannelTypes)).toEqual([4, 47]);
    expect(endpointsOf(17)).toEqual(['chat', 'embeddings', 'images', 'rerank']);
  });

  it('tells tasks from routes', () => {
    expect(CHANNEL_CAPABILITIES.filter(isTaskCapability)).toEqual([
      'videos',
      'mj',
      'suno',
      'kling',
      'jimeng',
      'vidu',
      'doubao-video',
      'veo',
      'wan',
      'hailuo',
    ]);
  });

  it.each([
    // type, key rule, `other` rule, base URL required
    [4, { optional: true }, undefined, false],
    [15, { hint: 'baidu' }, undefined, false],
    [18, { hint: 'iflytek' }, { kind: 'iflytek', default: 'v2.1' }, false],
    [22, { hint: 'fastgpt' }, undefined, false],
    [23, { hint: 'tencent' }, undefined, false],
    [33, { hint: 'aws' }, undefined, false],
    [39, undefined, { kind: 'cloudflare', required: true }, false],
    [41, { json: true, hint: 'vertex' }, { kind: 'vertex', multiline: true }, false],
    [47, { optional: true }, undefined, false],
    [3, undefined, { kind: 'azure' }, true],
    [8, undefined, undefined, true],
    [45, undefined, undefined, true],
    [49, undefined, { kind: 'cozeBot' }, false],
    [59, undefined, undefined, true],
    [60, undefined, undefined, true],
    [1, undefined, undefined, false],
  ] as const)('type %i: key %o, other %o, base URL required %s', (type, key, other, baseUrlRequired) => {
    const entry = channelType(type)!;
    expect(entry.key).toEqual(key);
    if (other) expect(entry.form?.other).toMatchObject(other);
    else expect(entry.form?.other).toBeUndefined();
    expect(entry.form?.baseUrlRequired === true).toBe(baseUrlRequired);
  });
});
