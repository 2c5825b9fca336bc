import { describe, expect, it } from 'vitest';
import { readUsage, usageFromCounts } from './usage.ts';

describe('readUsage', () => {
  it.each([
    { value: null, expected: undefined },
    { value: 'usage', expected: undefined },
    { value: {}, expected: undefined },
    { value: { prompt_tokens: 'ten' }, expected: undefined },
    {
      value: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
      expected: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    },
    {
      value: { prompt_tokens: 5, total_tokens: 5 },
      expected: { prompt_tokens: 5, completion_tokens: 0, total_tokens: 5 },
    },
    {
      value: { completion_tokens: -3 },
      expected: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    },
    {
      value: {
        prompt_tokens: 4,
        completion_tokens: 1,
        prompt_tokens_details: null,
        completion_tokens_details: 'x',
      },
      expected: { prompt_tokens: 4, completion_tokens: 1, total_tokens: 5 },
    },
    {
      value: {
        input_tokens: 9,
        prompt_tokens: 1,
        completion_tokens: 1,
        prompt_tokens_details: { cached_tokens: 1 },
      },
      expected: {
        input_tokens: 9,
        prompt_tokens: 1,
        completion_tokens: 1,
        total_tokens: 2,
        prompt_tokens_details: { cached_tokens: 1 },
      },
    },
  ])('readUsage($value)', ({ value, expected }) => {
    expect(readUsage(value)).toEqual(expected);
  });

  it('makes usage from counts', () => {
    expect(usageFromCounts(10, 5)).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  });
});
