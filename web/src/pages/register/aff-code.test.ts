import { describe, expect, it } from 'vitest';
import { AFF_STORAGE_KEY, rememberAffCode } from './aff-code.ts';

describe('rememberAffCode', () => {
  it('stores the code from the address and returns it', () => {
    expect(rememberAffCode('Ab12')).toBe('Ab12');
    expect(localStorage.getItem(AFF_STORAGE_KEY)).toBe('Ab12');
  });

  it('keeps an earlier code when the address has none', () => {
    localStorage.setItem(AFF_STORAGE_KEY, 'Zz99');
    expect(rememberAffCode(null)).toBe('Zz99');
    expect(rememberAffCode('  ')).toBe('Zz99');
  });

  it('returns an empty code when nothing was ever stored', () => {
    expect(rememberAffCode(null)).toBe('');
  });
});
