import { describe, expect, it } from 'vitest';
import { invalidAllowListEntries, parseAllowList } from './ip-allow-list.ts';

describe('parseAllowList', () => {
  it('is null (no restriction) when empty', () => {
    expect(parseAllowList('')).toBeNull();
    expect(parseAllowList('  \n ')).toBeNull();
    expect(parseAllowList(null)).toBeNull();
  });

  it.each([
    ['10.0.0.1', '10.0.0.1', true],
    ['10.0.0.1', '10.0.0.2', false],
    ['10.0.0.0/24', '10.0.0.200', true],
    ['10.0.0.0/24', '10.0.1.1', false],
    ['127.0.0.1\n192.168.1.0/24', '192.168.1.9', true],
    ['127.0.0.1', '::ffff:127.0.0.1', true],
    ['::1', '::1', true],
    ['2001:db8::/32', '2001:db8:1::5', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['not-an-ip', '1.2.3.4', false],
    ['1.2.3.4', 'garbage', false],
  ])('%j allows %s: %s', (list, address, expected) => {
    expect(parseAllowList(list)?.allows(address)).toBe(expected);
  });

  it('reports invalid entries', () => {
    expect(invalidAllowListEntries('1.2.3.4\nfoo\n10.0.0.0/33\n::1/128\n1.1.1.1/x')).toEqual([
      'foo',
      '10.0.0.0/33',
      '1.1.1.1/x',
    ]);
  });
});
