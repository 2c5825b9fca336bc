import { describe, expect, it } from 'vitest';
import {
  disableKeyInMemory,
  keyStatus,
  newKeySet,
  pickKey,
  pickOtherKey,
  splitChannelKeys,
} from './multi-key.ts';

describe('splitChannelKeys (new-api GetKeys)', () => {
  it.each([
    ['one line per key', 'a\nb\nc', ['a', 'b', 'c']],
    ['outer newlines dropped, inner kept as indexes', '\na\n\nb\n', ['a', '', 'b']],
    ['spaces and carriage returns trimmed', ' a\r\nb ', ['a', 'b']],
    [
      'a JSON array of service accounts',
      '[{"type":"service_account"},"k2"]',
      ['{"type":"service_account"}', 'k2'],
    ],
    ['text starting with [ that is not JSON', '[a\nb', ['[a', 'b']],
    ['nothing', '', []],
  ])('%s', (_name, key, keys) => {
    expect(splitChannelKeys(key)).toEqual(keys);
  });
});

describe('pickKey (new-api GetNextEnabledKey)', () => {
  const views = ['k0', 'k1', 'k2', 'k3'];
  it.each([
    [
      'polling from the stored index, skipping disabled keys',
      'polling',
      { 1: 3 },
      3,
      ['k3', 'k0', 'k2', 'k3'],
    ],
    ['no mode: the first enabled key', '', { 0: 2 }, 0, ['k1', 'k1', 'k1', 'k1']],
    ['random draws among enabled keys only', 'random', { 0: 3, 2: 2 }, 0, ['k1', 'k3', 'k1', 'k3']],
  ])('%s', (_name, mode, statuses, pollingIndex, expected) => {
    const set = newKeySet(
      { multi_key_mode: mode, multi_key_status_list: statuses, multi_key_polling_index: pollingIndex },
      views,
    );
    const draws = [0.1, 0.9, 0.2, 0.8];
    expect(draws.map((draw) => pickKey(set, () => draw))).toEqual(expected);
  });

  it('returns null when no key is enabled, and disabling counts what is left', () => {
    const set = newKeySet({ multi_key_mode: 'polling' }, ['a', 'b']);
    expect(disableKeyInMemory(set, 0)).toBe(1);
    expect(disableKeyInMemory(set, 0)).toBe(1);
    expect(pickKey(set)).toBe('b');
    expect(disableKeyInMemory(set, 1)).toBe(0);
    expect(pickKey(set)).toBeNull();
  });

  it('reads statuses as new-api writes them (absent or unknown = enabled)', () => {
    const info = { multi_key_status_list: { 1: 3, 2: 2, 3: 0 } };
    expect([0, 1, 2, 3].map((index) => keyStatus(info, index))).toEqual([1, 3, 2, 1]);
  });
});

describe('pickOtherKey (a retry at the same channel)', () => {
  it.each([
    ['polling: the next enabled key in turn', 'polling', { 2: 3 }, 0, 0.5, 'k1'],
    ['polling: past the last, from the start', 'polling', {}, 3, 0.5, 'k0'],
    ['random: another enabled key', 'random', { 1: 3 }, 0, 0.99, 'k3'],
    ['random: never the key that failed', 'random', { 1: 3, 2: 3 }, 0, 0, 'k3'],
    ['none left but the failed one', 'random', { 1: 3, 2: 3, 3: 2 }, 0, 0, null],
  ])('%s', (_name, mode, statuses, failed, draw, expected) => {
    const set = newKeySet(
      { multi_key_mode: mode, multi_key_status_list: statuses, multi_key_polling_index: (failed + 1) % 4 },
      ['k0', 'k1', 'k2', 'k3'],
    );
    expect(pickOtherKey(set, failed, () => draw)).toBe(expected);
  });
});
