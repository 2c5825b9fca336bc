import { describe, expect, it } from 'vitest';
import { emailRefusal, normalizeEmail } from './email-rules.ts';

const open = { domainRestriction: false, whitelist: [], aliasRestriction: false };
const strict = { domainRestriction: true, whitelist: ['gmail.com', 'qq.com'], aliasRestriction: true };

describe('emailRefusal', () => {
  it.each([
    ['a@b.co', open, null],
    ['not-an-email', open, 'verification.email_invalid'],
    ['a@b', open, 'verification.email_invalid'],
    ['me+tag@gmail.com', open, null],
    ['me@gmail.com', strict, null],
    ['me@example.com', strict, 'verification.domain_not_allowed'],
    ['me+tag@gmail.com', strict, 'verification.alias_not_allowed'],
  ] as const)('%s', (email, policy, code) => {
    expect(emailRefusal(email, policy)?.code ?? null).toBe(code);
  });

  it('normalizes case and spaces', () => {
    expect(normalizeEmail('  Me@Gmail.COM ')).toBe('me@gmail.com');
  });
});
