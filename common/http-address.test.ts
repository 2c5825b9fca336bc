import { describe, expect, it } from 'vitest';
import { isHttpAddress, normalizeHttpAddress } from './http-address.ts';

describe('http addresses', () => {
  it.each([
    ['https://gw.example.com', true],
    ['http://127.0.0.1:3000/', true],
    [' https://id.example.com/.well-known/openid-configuration ', true],
    ['', false],
    ['   ', false],
    ['gw.example.com', false],
    ['ftp://files.example.com', false],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['http//missing-colon.example.com', false],
  ])('%o → %s', (text, expected) => {
    expect(isHttpAddress(text)).toBe(expected);
  });

  it('trims and drops trailing slashes', () => {
    expect(normalizeHttpAddress('  https://gw.example.com///  ')).toBe('https://gw.example.com');
  });
});
