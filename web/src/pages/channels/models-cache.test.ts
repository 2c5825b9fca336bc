import { describe, expect, it } from 'vitest';
import {
  MODELS_CACHE_STORAGE_KEY,
  parseModelsByType,
  readCachedModelsByType,
  relatedModels,
  storeModelsByType,
} from './models-cache.ts';

describe('parseModelsByType', () => {
  it.each([
    [null, {}],
    ['', {}],
    ['oops', {}],
    ['[]', {}],
    ['{"1":["gpt-4o","o3"],"14":["claude"]}', { '1': ['gpt-4o', 'o3'], '14': ['claude'] }],
    ['{"1":"gpt-4o","2":["mj_imagine",3]}', { '2': ['mj_imagine'] }],
  ])('%o gives %o', (stored, expected) => {
    expect(parseModelsByType(stored)).toEqual(expected);
  });
});

describe('the local copy', () => {
  it('is stored under channel_models and read back', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => {
        values.set(key, value);
      },
    };
    expect(readCachedModelsByType(storage)).toEqual({});
    storeModelsByType({ '1': ['gpt-4o'] }, storage);
    expect(values.has(MODELS_CACHE_STORAGE_KEY)).toBe(true);
    expect(readCachedModelsByType(storage)).toEqual({ '1': ['gpt-4o'] });
  });
});

describe('relatedModels', () => {
  const models = { '1': ['gpt-4o'], '36': ['suno_music', 'suno_lyrics'] };
  it.each([
    [1, ['gpt-4o']],
    [36, ['suno_music', 'suno_lyrics']],
    [99, []],
  ])('type %i gives %o', (type, expected) => {
    expect(relatedModels(models, type)).toEqual(expected);
  });

  it('returns a copy', () => {
    relatedModels(models, 1).push('changed');
    expect(models['1']).toEqual(['gpt-4o']);
  });
});
