import { describe, expect, it } from 'vitest';
import { buildInviteLink, isDeleteConfirmed, personalRoleBadge, validateUsername } from './personal-rules.ts';

describe('personalRoleBadge', () => {
  it.each([
    [1, 'personal.role.common', 'blue'],
    [10, 'personal.role.common', 'blue'],
    [99, 'personal.role.common', 'blue'],
    [100, 'personal.role.admin', 'red'],
    [101, 'personal.role.admin', 'red'],
  ])('role %i shows %s in %s', (role, key, color) => {
    expect(personalRoleBadge(role)).toEqual({ key, color });
  });
});

describe('validateUsername', () => {
  it.each([
    ['alice', null],
    ['  alice  ', null],
    ['', 'personal.profile.usernameRequired'],
    ['   ', 'personal.profile.usernameRequired'],
    ['a'.repeat(20), null],
    ['a'.repeat(21), 'personal.profile.usernameTooLong'],
  ])('%o gives %s', (username, expected) => {
    expect(validateUsername(username)).toBe(expected);
  });
});

describe('isDeleteConfirmed', () => {
  it.each([
    ['alice', 'alice', true],
    [' alice ', 'alice', true],
    ['Alice', 'alice', false],
    ['', 'alice', false],
    ['alic', 'alice', false],
    ['', '', false],
  ])('typed %o for %o gives %s', (typed, username, expected) => {
    expect(isDeleteConfirmed(typed, username)).toBe(expected);
  });
});

describe('buildInviteLink', () => {
  it.each([
    ['https://gw.example.com', 'http://localhost:3000', 'abcd', 'https://gw.example.com/register?aff=abcd'],
    ['https://gw.example.com/', 'http://localhost:3000', 'abcd', 'https://gw.example.com/register?aff=abcd'],
    ['', 'http://localhost:3000', 'abcd', 'http://localhost:3000/register?aff=abcd'],
    [undefined, 'http://localhost:3000', 'Xy12', 'http://localhost:3000/register?aff=Xy12'],
    ['   ', 'http://localhost:3000', 'abcd', 'http://localhost:3000/register?aff=abcd'],
  ])('%o / %o / %o gives %s', (serverAddress, origin, code, expected) => {
    expect(buildInviteLink(serverAddress, origin, code)).toBe(expected);
  });
});
