import { describe, expect, it } from 'vitest';
import {
  checkJsonObject,
  checkModelMapping,
  checkStatusCodeMapping,
  resolveMappedModel,
  splitList,
} from './mapping-rules.ts';

describe('checkModelMapping', () => {
  it.each([
    ['', {}],
    ['  ', {}],
    ['{}', {}],
    ['{"gpt-4":"gpt-4o"}', { 'gpt-4': 'gpt-4o' }],
    ['{"a":"b","b":"c"}', { a: 'b', b: 'c' }],
    ['{"a":"a"}', { a: 'a' }],
  ])('accepts %s', (text, value) => {
    expect(checkModelMapping(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['{', { code: 'channel.model_mapping_invalid' }],
    ['[1]', { code: 'channel.model_mapping_invalid' }],
    ['{"a":1}', { code: 'channel.model_mapping_target', params: { model: 'a' } }],
    ['{"a":"b","b":"a"}', { code: 'channel.model_mapping_cycle', params: { chain: 'a → b → a' } }],
    [
      '{"a":"b","b":"c","c":"a"}',
      { code: 'channel.model_mapping_cycle', params: { chain: 'a → b → c → a' } },
    ],
  ])('rejects %s', (text, refusal) => {
    expect(checkModelMapping(text)).toEqual({ ok: false, ...refusal });
  });
});

describe('resolveMappedModel', () => {
  it.each([
    [{}, 'gpt-4', 'gpt-4'],
    [{ 'gpt-4': 'gpt-4o' }, 'gpt-4', 'gpt-4o'],
    [{ a: 'b', b: 'c' }, 'a', 'c'],
    [{ a: 'a' }, 'a', 'a'],
    [{ a: 'b' }, 'z', 'z'],
  ])('%o maps %s to %s', (mapping, model, expected) => {
    expect(resolveMappedModel(mapping, model)).toBe(expected);
  });
});

describe('checkStatusCodeMapping / checkJsonObject / splitList', () => {
  it.each([
    ['', true],
    ['{"400":"500"}', true],
    ['{"429":503}', true],
    ['{"abc":"500"}', false],
    ['{"400":"700"}', false],
    ['nope', false],
  ])('status mapping %s -> %s', (text, ok) => {
    expect(checkStatusCodeMapping(text).ok).toBe(ok);
  });
  it('checks objects and splits lists', () => {
    expect(checkJsonObject('{"temperature":0.2}', 'x')).toEqual({ ok: true, value: { temperature: 0.2 } });
    expect(checkJsonObject('[]', 'param_override')).toEqual({
      ok: false,
      code: 'channel.json_object_invalid',
      params: { field: 'param_override' },
    });
    expect(splitList(' gpt-4o, ,gpt-4o-mini,gpt-4o ,')).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(splitList(null)).toEqual([]);
  });
});
