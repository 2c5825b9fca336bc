import { describe, expect, it } from 'vitest';
import { expiryText, formatUnixTime, fullKey, toggledStatus, tokenStatusLabel } from './token-display.ts';

describe('tokenStatusLabel', () => {
  it.each([
    [1, false, 'tokens.status.enabled', 'green'],
    [1, true, 'tokens.status.enabledRestricted', 'green'],
    [2, false, 'tokens.status.disabled', 'red'],
    [2, true, 'tokens.status.disabled', 'red'],
    [3, false, 'tokens.status.expired', 'gold'],
    [4, true, 'tokens.status.exhausted', 'default'],
    [0, false, 'tokens.status.unknown', 'default'],
    [5, false, 'tokens.status.unknown', 'default'],
  ])('status %i with model limits %s is %s (%s)', (status, modelLimitsEnabled, key, color) => {
    expect(tokenStatusLabel({ status, model_limits_enabled: modelLimitsEnabled })).toEqual({ key, color });
  });
});

describe('toggledStatus', () => {
  it.each([
    [1, 2],
    [2, 1],
    [3, 1],
    [4, 1],
  ])('status %i switches to %i', (status, expected) => {
    expect(toggledStatus(status)).toBe(expected);
  });
});

describe('fullKey', () => {
  it.each([
    ['abc123', 'sk-abc123'],
    ['sk-abc123', 'sk-abc123'],
    ['', 'sk-'],
  ])('%s is shown as %s', (key, expected) => {
    expect(fullKey(key)).toBe(expected);
  });
});

describe('expiryText', () => {
  it('shows never as null and a time in local format', () => {
    const seconds = new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(expiryText(-1)).toBeNull();
    expect(expiryText(seconds)).toBe('2025-01-02 03:04:05');
    expect(formatUnixTime(seconds)).toBe('2025-01-02 03:04:05');
  });
});
