import { describe, expect, it } from 'vitest';
import {
  channelTypeNames,
  VERTEX_REGION_TEMPLATE,
  VOLCENGINE_BASE_URLS,
} from '../../../../common/channel-types.ts';
import { channelTypeOptions, typeFields } from './type-fields.ts';

describe('typeFields', () => {
  it.each([
    [1, 'channels.form.baseUrl.default.label', null, null, true],
    [2, 'channels.form.baseUrl.midjourney.label', null, null, false],
    [
      3,
      'channels.form.baseUrl.azure.label',
      'channels.form.other.azure.label',
      'channels.form.notice.azure',
      false,
    ],
    [5, 'channels.form.baseUrl.midjourney.label', null, null, false],
    [8, 'channels.form.baseUrl.custom.label', null, 'channels.form.notice.custom', false],
    [18, 'channels.form.baseUrl.default.label', 'channels.form.other.iflytek.label', null, false],
    [21, 'channels.form.baseUrl.default.label', 'channels.form.other.knowledgeBase.label', null, false],
    [22, 'channels.form.baseUrl.fastgpt.label', null, null, false],
    [33, 'channels.form.baseUrl.default.label', null, 'channels.form.notice.aws', false],
    [36, 'channels.form.baseUrl.suno.label', null, 'channels.form.notice.suno', false],
    [37, 'channels.form.baseUrl.default.label', null, 'channels.form.notice.dify', false],
    [39, 'channels.form.baseUrl.default.label', 'channels.form.other.cloudflare.label', null, false],
    [40, 'channels.form.baseUrl.default.label', null, 'channels.form.notice.siliconcloud', false],
    [
      41,
      'channels.form.baseUrl.default.label',
      'channels.form.other.vertex.label',
      'channels.form.notice.vertex',
      false,
    ],
    [45, 'channels.form.baseUrl.volcengine.label', null, 'channels.form.notice.volcengine', false],
    [14, 'channels.form.baseUrl.default.label', null, null, false],
  ])(
    'type %i: base URL %s, other %o, notice %o, organization %o',
    (type, baseUrl, other, notice, organization) => {
      const fields = typeFields(type);
      expect(fields.baseUrl.labelKey).toBe(baseUrl);
      expect(fields.other?.labelKey ?? null).toBe(other);
      expect(fields.notice?.textKey ?? null).toBe(notice);
      expect(fields.organization).toBe(organization);
    },
  );

  it('makes the key optional for Ollama and Xinference only', () => {
    expect([4, 47].map((type) => typeFields(type).keyOptional)).toEqual([true, true]);
    expect([1, 8, 14, 15, 41].map((type) => typeFields(type).keyOptional)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('requires an address for Azure, custom and Volcengine', () => {
    expect([3, 8, 45].map((type) => typeFields(type).baseUrl.required)).toEqual([true, true, true]);
    expect([1, 14, 41].map((type) => typeFields(type).baseUrl.required)).toEqual([false, false, false]);
  });

  it('offers the Volcengine addresses and a Vertex region template with a JSON key', () => {
    expect(typeFields(45).baseUrl.options).toEqual(VOLCENGINE_BASE_URLS);
    expect(typeFields(41).other).toMatchObject({ multiline: true, template: VERTEX_REGION_TEMPLATE });
    expect(JSON.parse(VERTEX_REGION_TEMPLATE)).toHaveProperty('default', 'us-central1');
    expect(typeFields(41).jsonKey).toBe(true);
    expect(typeFields(1).jsonKey).toBe(false);
  });
});

describe('channelTypeOptions', () => {
  it('lists every known type in id order', () => {
    const options = channelTypeOptions();
    expect(options).toHaveLength(Object.keys(channelTypeNames).length);
    expect(options[0]).toEqual({ value: 1, label: 'OpenAI', disabled: false });
    // Every type is served (relayed, or a task type) and selectable, but 57, which is refused for good
    // (docs/providers/new-api-types.md): it is listed, disabled.
    expect(options.filter((option) => option.disabled).map((option) => option.value)).toEqual([57]);
    expect(options.map((option) => option.value)).toEqual(
      [...options.map((option) => option.value)].sort((a, b) => a - b),
    );
  });
});
