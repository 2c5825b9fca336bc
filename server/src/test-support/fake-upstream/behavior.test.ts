import { describe, expect, it } from 'vitest';
import { checkBehavior, DEFAULT_BEHAVIOR, parseBehaviorHeader, resolveBehavior } from './behavior.ts';

describe('resolveBehavior', () => {
  it('layers later patches over earlier ones, skipping undefined fields', () => {
    const resolved = resolveBehavior(
      { status: 500, replyText: 'global' },
      undefined,
      { replyText: 'per key', status: undefined },
      { latencyMs: 20 },
    );
    expect(resolved).toEqual({ ...DEFAULT_BEHAVIOR, status: 500, replyText: 'per key', latencyMs: 20 });
  });

  it('returns the defaults without layers', () => {
    expect(resolveBehavior()).toEqual(DEFAULT_BEHAVIOR);
  });
});

describe('checkBehavior and parseBehaviorHeader', () => {
  it('accepts known fields of the right type', () => {
    const behavior = { status: 429, chunkDelayMs: 100, omitUsage: true, models: ['a'], errorBody: 'x' };
    expect(checkBehavior(behavior)).toBe(behavior);
    expect(parseBehaviorHeader('{"dropAfterChunks":3}')).toEqual({ dropAfterChunks: 3 });
  });

  it.each([
    { value: null, message: 'must be a JSON object' },
    { value: [1], message: 'must be a JSON object' },
    { value: { colour: 'red' }, message: 'unknown fake behavior field "colour"' },
    { value: { status: 42 }, message: 'invalid fake behavior field "status"' },
    { value: { chunkCount: 1.5 }, message: 'invalid fake behavior field "chunkCount"' },
    { value: { hang: 'yes' }, message: 'invalid fake behavior field "hang"' },
    { value: { models: [1] }, message: 'invalid fake behavior field "models"' },
  ])('refuses $value', ({ value, message }) => {
    expect(() => checkBehavior(value)).toThrow(message);
  });

  it('refuses a header that is not JSON', () => {
    expect(() => parseBehaviorHeader('{status:500}')).toThrow('x-fake-behavior is not valid JSON');
  });
});
