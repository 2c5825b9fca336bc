import { describe, expect, it } from 'vitest';
import { addQuota, parseQuota, validateNewUser, validateOptionalPassword } from './user-form-rules.ts';

describe('validateNewUser', () => {
  it.each([
    [{ username: 'alice', password: 'secret' }, null],
    [{ username: '', password: 'secret' }, 'users.validation.required'],
    [{ username: '   ', password: 'secret' }, 'users.validation.required'],
    [{ username: 'alice', password: '' }, 'users.validation.required'],
    [{ username: '', password: '' }, 'users.validation.required'],
  ])('%o gives %s', (input, expected) => {
    expect(validateNewUser(input)).toBe(expected);
  });
});

describe('validateOptionalPassword', () => {
  it.each([
    ['', null],
    ['1234567', 'users.validation.passwordTooShort'],
    ['a', 'users.validation.passwordTooShort'],
    ['12345678', null],
    ['a much longer password', null],
  ])('%o gives %s', (password, expected) => {
    expect(validateOptionalPassword(password)).toBe(expected);
  });
});

describe('parseQuota', () => {
  it.each([
    [500000, 500000],
    [12.9, 12],
    [-3.5, -3],
    ['42', 42],
    ['42.7', 42],
    ['-10', -10],
    ['', 0],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
  ])('%o parses to %i', (value, expected) => {
    expect(parseQuota(value)).toBe(expected);
  });
});

describe('addQuota', () => {
  it.each([
    [1000, 500, 1500],
    [1000, -400, 600],
    [1000, -1500, -500],
    ['1000', '250', 1250],
    [null, 100, 100],
    [1000, null, 1000],
  ])('%o + %o = %i', (current, amount, expected) => {
    expect(addQuota(current, amount)).toBe(expected);
  });
});
