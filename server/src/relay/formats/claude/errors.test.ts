import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeCodec as codec } from './codec.ts';

describe('Claude error bodies', () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [402, 'permission_error'],
    [403, 'permission_error'],
    [404, 'not_found_error'],
    [409, 'invalid_request_error'],
    [413, 'request_too_large'],
    [422, 'invalid_request_error'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [502, 'api_error'],
    [503, 'overloaded_error'],
    [529, 'overloaded_error'],
  ])('status %i → %s', (status, type) => {
    const body = codec.errorBody({ status, message: 'm (request id: r1)', type: 'new_api_error' });
    expect(body).toEqual({ type: 'error', error: { type, message: 'm (request id: r1)' } });
    expect(codec.readError(body)).toEqual({ message: 'm (request id: r1)', type });
  });

  it("keeps a type that already is Claude's (an upstream Claude error passed on)", () => {
    expect(codec.errorBody({ status: 502, message: 'Overloaded', type: 'overloaded_error' })).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
  });

  it('reads a recorded upstream error and refuses what is not one', () => {
    const body = JSON.parse(
      readFileSync(new URL('./__fixtures__/error-overloaded.json', import.meta.url), 'utf8'),
    );
    expect(codec.readError(body)).toEqual({ message: 'Overloaded', type: 'overloaded_error' });
    expect(codec.readError({ error: { message: 'bare' } })).toEqual({ message: 'bare' });
    for (const other of [null, 'text', { error: 'text' }, { error: { type: 'x' } }, { type: 'message' }])
      expect(codec.readError(other)).toBeNull();
  });
});
