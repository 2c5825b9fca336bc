import { describe, expect, it } from 'vitest';
import { fileNamePart, keysFileContent, keysFileName, keysText } from './created-keys.ts';

describe('keysText and keysFileContent', () => {
  it.each([
    [[], '', ''],
    [['a'], 'a', 'a\n'],
    [['a', 'b', 'c'], 'a\nb\nc', 'a\nb\nc\n'],
  ])('%o copies as %o and downloads as %o', (keys, copied, downloaded) => {
    expect(keysText(keys)).toBe(copied);
    expect(keysFileContent(keys)).toBe(downloaded);
  });
});

describe('fileNamePart', () => {
  it.each([
    ['gift', 'gift'],
    ['$0.20', '0.20'],
    ['spring sale / vip', 'spring_sale_vip'],
    ['春节礼包', '春节礼包'],
    ['../etc/passwd', 'etc_passwd'],
    ['***', ''],
  ])('%s becomes %s', (name, expected) => {
    expect(fileNamePart(name)).toBe(expected);
  });
});

describe('keysFileName', () => {
  const createdAt = new Date(2025, 0, 2, 3, 4, 5);
  it.each([
    ['gift', 'redemption-codes-gift-20250102-030405.txt'],
    ['$0.20', 'redemption-codes-0.20-20250102-030405.txt'],
    ['', 'redemption-codes-20250102-030405.txt'],
  ])('%s gives %s', (name, expected) => {
    expect(keysFileName(name, createdAt)).toBe(expected);
  });
});
