import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { geminiCodec as codec } from './codec.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('Gemini error bodies', () => {
  it.each<[number, string]>([
    [400, 'INVALID_ARGUMENT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'PERMISSION_DENIED'],
    [404, 'NOT_FOUND'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
    [504, 'DEADLINE_EXCEEDED'],
    [418, 'FAILED_PRECONDITION'],
    [507, 'INTERNAL'],
  ])('renders HTTP %i with status %s', (status, name) => {
    expect(codec.errorBody({ status, message: 'Nope.', type: 'x', code: 'y' })).toEqual({
      error: { code: status, message: 'Nope.', status: name },
    });
  });

  it.each<[string, unknown, ReturnType<typeof codec.readError>]>([
    [
      'a recorded invalid-key error',
      fixture('error-invalid-key.json'),
      {
        message: 'API key not valid. Please pass a valid API key.',
        type: 'INVALID_ARGUMENT',
        code: 'INVALID_ARGUMENT',
      },
    ],
    [
      'the array form (streamGenerateContent without alt=sse)',
      [fixture('error-quota.json')],
      {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'RESOURCE_EXHAUSTED',
        code: 'RESOURCE_EXHAUSTED',
      },
    ],
    ['an error without status', { error: { message: 'bad' } }, { message: 'bad' }],
    ['a reply', { candidates: [] }, null],
    ['an error without message', { error: { code: 400 } }, null],
    ['text', 'oops', null],
  ])('reads %s', (_, body, expected) => {
    expect(codec.readError(body)).toEqual(expected);
  });
});
