import { describe, expect, it } from 'vitest';
import { errorBody, readErrorBody, UPSTREAM_ERROR_TYPE } from './errors.ts';

describe('errorBody', () => {
  it('builds the OpenAI error JSON with param null by default', () => {
    expect(errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key')).toEqual({
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    expect(errorBody('bad', 'invalid_request_error', null, 'messages')).toEqual({
      error: { message: 'bad', type: 'invalid_request_error', param: 'messages', code: null },
    });
  });
});

describe('readErrorBody', () => {
  it.each([
    {
      name: 'the OpenAI shape',
      body: {
        error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' },
      },
      expected: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    },
    {
      name: 'extra fields kept',
      body: { error: { message: 'm', type: 't', code: 400, param: 'p', innererror: { code: 'x' } } },
      expected: { message: 'm', type: 't', code: 400, param: 'p', innererror: { code: 'x' } },
    },
    {
      name: 'Azure without a type',
      body: { error: { code: '404', message: 'Resource not found' } },
      expected: { message: 'Resource not found', type: UPSTREAM_ERROR_TYPE, param: null, code: '404' },
    },
    {
      name: 'a bare string',
      body: { error: 'upstream unavailable' },
      expected: { message: 'upstream unavailable', type: UPSTREAM_ERROR_TYPE, param: null, code: null },
    },
    {
      name: 'a top-level message',
      body: { message: 'quota exceeded', code: 'insufficient_quota' },
      expected: {
        message: 'quota exceeded',
        type: UPSTREAM_ERROR_TYPE,
        param: null,
        code: 'insufficient_quota',
      },
    },
  ])('reads $name', ({ body, expected }) => {
    expect(readErrorBody(body)).toEqual(expected);
  });

  it.each([null, 'text', [1], {}, { error: null }, { error: {} }, { choices: [] }])('ignores %j', (body) => {
    expect(readErrorBody(body)).toBeUndefined();
  });
});
