import { describe, expect, it } from 'vitest';
import {
  type BindingRow,
  bindingRows,
  validateEmailBinding,
  validateWeChatBinding,
} from './binding-rules.ts';

const unbound = { email: '', wechat_id: '', github_id: '', oidc_id: '', telegram_id: '', linux_do_id: '' };
const allOn = {
  wechat_login: true,
  github_oauth: true,
  oidc_enabled: true,
  telegram_oauth: true,
  linuxdo_oauth: true,
};
const allOff = {
  wechat_login: false,
  github_oauth: false,
  oidc_enabled: false,
  telegram_oauth: false,
  linuxdo_oauth: false,
};

function row(rows: BindingRow[], method: BindingRow['method']): BindingRow | undefined {
  return rows.find((candidate) => candidate.method === method);
}

describe('bindingRows', () => {
  it('lists the six methods in order', () => {
    expect(bindingRows(unbound, allOn).map((entry) => entry.method)).toEqual([
      'email',
      'wechat',
      'github',
      'oidc',
      'telegram',
      'linuxdo',
    ]);
  });

  it.each<[string, typeof unbound, typeof allOn, BindingRow['method'], Omit<BindingRow, 'method'>]>([
    ['unbound email', unbound, allOff, 'email', { boundTo: '', enabled: true, actionable: true }],
    [
      'bound email stays changeable',
      { ...unbound, email: 'a@b.c' },
      allOff,
      'email',
      { boundTo: 'a@b.c', enabled: true, actionable: true },
    ],
    ['wechat off', unbound, allOff, 'wechat', { boundTo: '', enabled: false, actionable: false }],
    ['wechat on', unbound, allOn, 'wechat', { boundTo: '', enabled: true, actionable: true }],
    [
      'github bound',
      { ...unbound, github_id: '42' },
      allOn,
      'github',
      { boundTo: '42', enabled: true, actionable: false },
    ],
    ['oidc on', unbound, allOn, 'oidc', { boundTo: '', enabled: true, actionable: true }],
    [
      'telegram bound',
      { ...unbound, telegram_id: '99' },
      allOn,
      'telegram',
      { boundTo: '99', enabled: true, actionable: false },
    ],
    [
      'linuxdo off',
      { ...unbound, linux_do_id: '5' },
      allOff,
      'linuxdo',
      { boundTo: '5', enabled: false, actionable: false },
    ],
  ])('%s', (_name, user, status, method, expected) => {
    expect(row(bindingRows(user, status), method)).toEqual({ method, ...expected });
  });
});

describe('binding validation', () => {
  it.each([
    ['a@b.c', '123456', null],
    ['', '123456', 'personal.bind.emailAndCodeRequired'],
    ['a@b.c', ' ', 'personal.bind.emailAndCodeRequired'],
  ])('email %o with code %o gives %o', (email, code, expected) => {
    expect(validateEmailBinding(email, code)).toBe(expected);
  });

  it.each([
    ['abc', null],
    ['', 'personal.bind.codeRequired'],
    ['  ', 'personal.bind.codeRequired'],
  ])('wechat code %o gives %o', (code, expected) => {
    expect(validateWeChatBinding(code)).toBe(expected);
  });
});
