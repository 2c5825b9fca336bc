import { describe, expect, it, vi } from 'vitest';
import type { ApiReply, SessionUser } from '../../../../common/api-types.ts';
import { callOnce, oauthOutcome, parseOAuthProvider } from './oauth-callback.ts';

const user: SessionUser = {
  id: 7,
  username: 'alice',
  display_name: 'Alice',
  role: 1,
  status: 1,
  group: 'default',
};

describe('parseOAuthProvider', () => {
  it.each([
    ['github', 'github'],
    ['oidc', 'oidc'],
    ['linuxdo', 'linuxdo'],
    ['wechat', null],
    ['GitHub', null],
    ['', null],
    [undefined, null],
  ])('%o gives %o', (value, expected) => {
    expect(parseOAuthProvider(value)).toBe(expected);
  });
});

describe('oauthOutcome', () => {
  it.each<[ApiReply<SessionUser>, ReturnType<typeof oauthOutcome>]>([
    [{ success: true, message: 'bind' }, { kind: 'bound' }],
    [
      {
        success: true,
        message: 'Enter your two-factor code',
        data: { require_2fa: true } as unknown as SessionUser,
      },
      { kind: 'codeStep' },
    ],
    [
      { success: true, message: '', data: user },
      { kind: 'loggedIn', user },
    ],
    [
      { success: false, message: 'state expired' },
      { kind: 'failed', message: 'state expired' },
    ],
    [
      { success: false, message: 'bind' },
      { kind: 'failed', message: 'bind' },
    ],
    [
      { success: true, message: '' },
      { kind: 'failed', message: '' },
    ],
  ])('%o gives %o', (reply, expected) => {
    expect(oauthOutcome(reply)).toEqual(expected);
  });
});

describe('callOnce', () => {
  it('calls once per key and shares the promise', async () => {
    const call = vi.fn(async () => 'reply');
    const first = callOnce('github|code-1|state-1', call);
    const second = callOnce('github|code-1|state-1', call);
    expect(second).toBe(first);
    expect(await second).toBe('reply');
    expect(call).toHaveBeenCalledTimes(1);
    await callOnce('github|code-2|state-1', call);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
