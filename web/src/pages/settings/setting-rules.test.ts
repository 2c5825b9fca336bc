import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  domainProblem,
  isJsonText,
  numberProblem,
  parseDomainList,
  readOidcEndpoints,
  spaceCjkAndLatin,
} from './setting-rules.ts';

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

describe('addressProblem', () => {
  it.each([
    ['https://id.example/.well-known/openid-configuration', null],
    ['http://localhost:8080/x/', null],
    ['', null],
    [undefined, null],
    ['ftp://id.example', 'settings.common.addressInvalid'],
    ['id.example/.well-known/openid-configuration', 'settings.common.addressInvalid'],
  ])('%s → %s', (value, expected) => {
    expect(addressProblem(value)).toBe(expected);
  });
});

describe('numberProblem', () => {
  it('refuses an empty value and values outside the bounds, without clamping them', () => {
    expect(numberProblem(null, 1)).toEqual({ key: 'settings.common.numberRequired' });
    expect(numberProblem(0, 1)).toEqual({ key: 'settings.common.numberMin', values: { min: 1 } });
    expect(numberProblem(-1, 0)).toEqual({ key: 'settings.common.numberMin', values: { min: 0 } });
    expect(numberProblem(65536, 0, 65535)).toEqual({
      key: 'settings.common.numberMax',
      values: { max: 65535 },
    });
    expect(numberProblem(1, 1)).toBeNull();
    expect(numberProblem(0.5, 0, 1)).toBeNull();
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

describe('spaceCjkAndLatin', () => {
  it.each([
    ['保存SMTP 设置', '保存 SMTP 设置'],
    ['保存OIDC 设置', '保存 OIDC 设置'],
    ['保存Linux DO OAuth', '保存 Linux DO OAuth'],
    ['GitHub登录', 'GitHub 登录'],
    ['保存通用设置', '保存通用设置'],
    ['Save SMTP settings', 'Save SMTP settings'],
    ['保存 SMTP 设置', '保存 SMTP 设置'],
  ])('%s → %s', (text, expected) => {
    expect(spaceCjkAndLatin(text)).toBe(expected);
  });
});
