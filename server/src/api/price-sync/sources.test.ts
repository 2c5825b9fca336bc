import { describe, expect, it } from 'vitest';
import { buildDifferences } from './diff.ts';
import { emptySyncData, parseSource, SourceFormatError, type SyncData } from './sources.ts';
import { exact, product, quotient } from './sync-decimal.ts';

const data = (partial: Partial<SyncData>): SyncData => ({ ...emptySyncData(), ...partial });

describe('exact ratio arithmetic', () => {
  it.each([
    ['0.0000025 × 500000', product(exact('0.0000025'), exact('500000')), 1.25],
    ['0.00000015 × 500000', product(exact('0.00000015'), exact('500000')), 0.075],
    ['0.3 × 0.5', product(exact('0.3'), exact('0.5')), 0.15],
    ['15 / 2.5', quotient(exact('15'), exact('2.5')), 6],
    ['1 / 3 rounds to 6 places', quotient(exact('1'), exact('3')), 0.333333],
    ['2 / 3 rounds half up', quotient(exact('2'), exact('3')), 0.666667],
    ['0.0000005 / 0.000001 is exactly a half', quotient(exact('0.0000005'), exact('0.000001')), 0.5],
    ['a product below the sixth place rounds half up', product(exact('0.0000005'), exact('1')), 0.000001],
  ])('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});

describe('price source formats', () => {
  it.each([
    [
      'another gateway /api/pricing (per-token and per-call rows)',
      {
        success: true,
        data: [
          { model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, model_price: 0, completion_ratio: 4 },
          { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, model_price: 0.04, completion_ratio: 0 },
          { model_name: '', quota_type: 0, model_ratio: 3 },
        ],
      },
      'pricing',
      data({
        model_ratio: { 'gpt-4o': 1.25 },
        completion_ratio: { 'gpt-4o': 4 },
        model_price: { 'dall-e-3': 0.04 },
      }),
    ],
    [
      '/api/ratio_config (negative and non-numeric values dropped)',
      {
        success: true,
        data: { model_ratio: { a: 2, b: -1, c: 'x' }, cache_ratio: { a: 0.1 }, image_ratio: { a: 2 } },
      },
      'ratio_config',
      data({ model_ratio: { a: 2 }, cache_ratio: { a: 0.1 } }),
    ],
    [
      'OpenRouter /api/v1/models (USD per token as text; -1 skipped; free kept)',
      {
        data: [
          {
            id: 'openai/gpt-4o',
            pricing: { prompt: '0.0000025', completion: '0.00001', input_cache_read: '0.00000125' },
          },
          { id: 'router/auto', pricing: { prompt: '-1', completion: '-1' } },
          { id: 'free/model', pricing: { prompt: '0', completion: '0' } },
        ],
      },
      'openrouter',
      data({
        model_ratio: { 'openai/gpt-4o': 1.25, 'free/model': 0 },
        completion_ratio: { 'openai/gpt-4o': 4 },
        cache_ratio: { 'openai/gpt-4o': 0.5 },
      }),
    ],
    [
      'models.dev /api.json (USD per 1M; cheapest non-zero provider wins)',
      {
        anthropic: { models: { 'claude-x': { cost: { input: 3, output: 15, cache_read: 0.3 } } } },
        reseller: {
          models: {
            'claude-x': { cost: { input: 2.5, output: 12.5 } },
            'free-x': { cost: { input: 0, output: 0 } },
          },
        },
        broken: { models: { 'claude-x': { cost: { input: 0, output: 1 } } } },
      },
      'models.dev',
      data({ model_ratio: { 'claude-x': 1.25, 'free-x': 0 }, completion_ratio: { 'claude-x': 5 } }),
    ],
  ])('%s', (_name, reply, format, expected) => {
    expect(parseSource(reply)).toEqual({ format, data: expected });
  });

  it.each([
    ['a list', []],
    ['an unsuccessful reply', { success: false, message: 'no' }],
    ['an unknown object', { hello: 'world' }],
    ['success without prices', { success: true, data: { group_ratio: {} } }],
  ])('refuses %s', (_name, reply) => {
    expect(() => parseSource(reply)).toThrow(SourceFormatError);
  });
});

describe('differences', () => {
  it('lists only fields where a source differs, "same" and null for the others, and flags the unset marker', () => {
    const local = data({
      model_ratio: { a: 1, b: 2, priced: 5 },
      completion_ratio: { a: 4, b: 1 },
      model_price: { priced: 0.1 },
    });
    const one = data({
      model_ratio: { a: 1.5, b: 2, c: 37.5 },
      completion_ratio: { a: 4, c: 1 },
      model_price: { priced: 0.2 },
    });
    const two = data({ model_ratio: { a: 1 } });
    expect(
      buildDifferences(local, [
        { name: 'one', data: one },
        { name: 'two', data: two },
      ]),
    ).toEqual({
      a: {
        model_ratio: {
          current: 1,
          upstreams: { one: 1.5, two: 'same' },
          confidence: { one: true, two: true },
        },
      },
      c: {
        model_ratio: {
          current: null,
          upstreams: { one: 37.5, two: null },
          confidence: { one: false, two: true },
        },
        completion_ratio: {
          current: null,
          upstreams: { one: 1, two: null },
          confidence: { one: false, two: true },
        },
      },
      // A per-call price wins: the local ratio 5 of "priced" is not compared.
      priced: {
        model_price: {
          current: 0.1,
          upstreams: { one: 0.2, two: null },
          confidence: { one: true, two: true },
        },
      },
    });
  });
});
