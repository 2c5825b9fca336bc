import { describe, expect, it } from 'vitest';
import { CHANNEL_CACHE_MAX_DAYS, channelCacheRange } from './ChannelCacheCard.tsx';

const DAY = 86_400;

describe('the range the prompt-cache card asks for', () => {
  it.each([
    ['a day', 10 * DAY, 11 * DAY, { start: 10 * DAY, end: 11 * DAY, clamped: false }],
    [
      'exactly the longest',
      0,
      CHANNEL_CACHE_MAX_DAYS * DAY,
      { start: 0, end: CHANNEL_CACHE_MAX_DAYS * DAY, clamped: false },
    ],
    [
      'a year: its last 31 days',
      0,
      365 * DAY,
      { start: (365 - CHANNEL_CACHE_MAX_DAYS) * DAY, end: 365 * DAY, clamped: true },
    ],
  ])('%s', (_name, start, end, expected) => {
    expect(channelCacheRange(start, end)).toEqual(expected);
  });
});
