import { describe, expect, it } from 'vitest';
import { boundUsage, MAX_REPORTED_TOKENS } from './usage-bounds.ts';

describe('boundUsage', () => {
  it.each([
    [
      'sane usage passes unchanged',
      { promptTokens: 10, completionTokens: 5 },
      { promptTokens: 10, completionTokens: 5 },
      {},
    ],
    [
      'a count past the bound is capped and reported',
      { promptTokens: 1e15, completionTokens: 3, cachedTokens: 2 },
      { promptTokens: MAX_REPORTED_TOKENS, completionTokens: 3, cachedTokens: 2 },
      { promptTokens: 1e15 },
    ],
    [
      'negative, fractional and non-finite counts become sane integers',
      { promptTokens: -5, completionTokens: 7.9, cacheCreationTokens: Number.POSITIVE_INFINITY },
      { promptTokens: 0, completionTokens: 7, cacheCreationTokens: 0 },
      { promptTokens: -5, cacheCreationTokens: Number.POSITIVE_INFINITY },
    ],
  ])('%s', (_name, usage, expected, anomalies) => {
    const bounded = boundUsage(usage);
    expect(bounded.usage).toEqual(expected);
    expect(bounded.anomalies).toEqual(anomalies);
  });
});
