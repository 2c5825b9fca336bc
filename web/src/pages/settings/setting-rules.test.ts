import { describe, expect, it } from 'vitest';
import { domainProblem, isHttpUrl, isJsonText, parseDomainList, readOidcEndpoints } from './setting-rules.ts';

describe('isJsonText', () => {
  it.each([
    ['{"default":1}', true],
    ['[1,2]', true],
    ['', true],
    ['{default:1}', false],
    ['{"a":1,}', false],
  ])('%s → %s', (text, expected) => {
    expect(isJsonText(text)).toBe(expected);
  });
});

describe('parseDomainList', () => {
  it.each([
    ['gmail.com,qq.com', ['gmail.com', 'qq.com']],
    [' a.com , ,b.org ', ['a.com', 'b.org']],
    ['', []],
  ])('%s → %o', (stored, expected) => {
    expect(parseDomainList(stored)).toEqual(expected);
  });
});

describe('domainProblem', () => {
  const list = ['gmail.com', 'qq.com'];
  it.each([
    ['example.org', null],
    ['mail.example.co.uk', null],
    ['not a domain', 'settings.email.domainInvalid'],
    ['localhost', 'settings.email.domainInvalid'],
    ['-bad.com', 'settings.email.domainInvalid'],
    ['Gmail.com', 'settings.email.domainDuplicate'],
  ])('%s → %s', (domain, expected) => {
    expect(domainProblem(domain, list)).toBe(expected);
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://id.example/.well-known/openid-configuration', true],
    ['http://localhost:8080/x', true],
    ['ftp://id.example', false],
    ['id.example', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(isHttpUrl(url)).toBe(expected);
  });
});

describe('readOidcEndpoints', () => {
  const full = {
    authorization_endpoint: 'https://id/a',
    token_endpoint: 'https://id/t',
    userinfo_endpoint: 'https://id/u',
  };
  it.each([
    [full, full],
    [{ ...full, userinfo_endpoint: undefined }, null],
    ['text', null],
    [null, null],
  ])('%o → %o', (document, expected) => {
    expect(readOidcEndpoints(document)).toEqual(expected);
  });
});
