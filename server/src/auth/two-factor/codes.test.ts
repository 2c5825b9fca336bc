import { describe, expect, it } from 'vitest';
import {
  cleanTotpCode,
  matchTotpStep,
  newBackupCodes,
  normalizeBackupCode,
  stepOf,
  totpCodeAt,
} from './codes.ts';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, and its published 8-digit values
// truncated to the 6 digits authenticator apps show.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s (RFC 6238)', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, seconds * 1000)).toBe(code);
    expect(matchTotpStep(RFC_SECRET, code, seconds * 1000)).toBe(stepOf(seconds * 1000));
  });

  it.each([
    ['the step before', -30_000, -1],
    ['the step after', 30_000, 1],
  ])('accepts %s and names its step', (_, shift, delta) => {
    const now = 1_700_000_000_000;
    const code = totpCodeAt(RFC_SECRET, now + shift);
    expect(matchTotpStep(RFC_SECRET, code, now)).toBe(stepOf(now) + delta);
  });

  it('refuses codes two steps away, malformed codes and a secret that is not base32', () => {
    const now = 1_700_000_000_000;
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotpStep('not base32!', '123456', now)).toBeNull();
  });

  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['12345a', null],
    ['1234567', null],
  ])('cleans %j to %j', (input, output) => {
    expect(cleanTotpCode(input)).toBe(output);
  });
});

describe('backup codes', () => {
  it('are two groups of four of A-Z and 0-9 with a dash (AB12-CD34), all different', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(new Set(codes).size).toBe(8);
  });

  it.each([
    ['ABCD-1234', 'ABCD-1234'],
    ['abcd1234', 'ABCD-1234'],
    [' ab cd-12 34 ', 'ABCD-1234'],
    ['ABCD-123', null],
    ['ABCD-12345', null],
    ['ABCD_1234', null],
  ])('normalizes %j to %j', (input, output) => {
    expect(normalizeBackupCode(input)).toBe(output);
  });
});
