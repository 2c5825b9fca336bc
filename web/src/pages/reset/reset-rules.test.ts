import { describe, expect, it } from 'vitest';
import { checkResetRequest, readResetLink } from './reset-rules.ts';

describe('readResetLink', () => {
  it.each([
    ['?email=a%40b.com&token=abc', { email: 'a@b.com', token: 'abc' }],
    ['?token=abc&email=a@b.com', { email: 'a@b.com', token: 'abc' }],
    ['?email=%20a%40b.com%20&token=%20abc%20', { email: 'a@b.com', token: 'abc' }],
    ['?email=a@b.com', null],
    ['?token=abc', null],
    ['?email=&token=abc', null],
    ['', null],
  ])('%s gives %o', (search, expected) => {
    expect(readResetLink(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('checkResetRequest', () => {
  it.each<[string, boolean, string, ReturnType<typeof checkResetRequest>]>([
    ['', false, '', 'empty'],
    ['   ', true, '', 'empty'],
    ['a@b.com', true, '', 'turnstile'],
    ['a@b.com', true, 'token', 'ok'],
    ['a@b.com', false, '', 'ok'],
  ])('%o with check %s and token %o gives %s', (email, required, token, expected) => {
    expect(checkResetRequest(email, required, token)).toBe(expected);
  });
});
