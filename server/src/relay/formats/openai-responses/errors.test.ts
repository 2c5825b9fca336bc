import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { responsesCodec as codec } from './codec.ts';

describe('Responses error bodies', () => {
  it('writes the OpenAI error body', () => {
    expect(
      codec.errorBody({
        status: 400,
        message: 'previous_response_id needs a Responses channel',
        type: 'invalid_request_error',
        code: 'invalid_request',
      }),
    ).toEqual({
      error: {
        message: 'previous_response_id needs a Responses channel',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_request',
      },
    });
    expect(codec.errorBody({ status: 500, message: 'x', type: 'server_error' })).toEqual({
      error: { message: 'x', type: 'server_error', param: null, code: null },
    });
  });

  it.each([
    [
      JSON.parse(readFileSync(new URL('./__fixtures__/error-context-length.json', import.meta.url), 'utf8')),
      {
        message:
          'Your input exceeds the context window of this model. Please adjust your input and try again.',
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      },
    ],
    [
      { object: 'response', status: 'failed', error: { code: 'server_error', message: 'boom' } },
      { message: 'boom', code: 'server_error' },
    ],
    [{ error: { message: 'm', type: 't', code: 429 } }, { message: 'm', type: 't', code: '429' }],
    [{ error: 'plain text' }, { message: 'plain text' }],
    [{ object: 'response', status: 'completed', error: null, output: [] }, null],
    [{ error: { type: 'no message' } }, null],
    ['not json', null],
  ])('reads the upstream error %j', (body, expected) => {
    expect(codec.readError(body)).toEqual(expected);
  });
});
