import { describe, expect, it } from 'vitest';
import { languageOf, messageCatalogue, translate } from './messages.ts';

describe('messages', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr', 'zh'],
  ] as const)('Accept-Language %s -> %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });

  it('fills parameters and leaves unknown codes as they are', () => {
    expect(translate('user.password_too_short', 'en', { min: 8 })).toBe(
      'Password length must not be less than 8',
    );
    expect(translate('user.password_too_short', 'zh', { min: 8 })).toBe('密码长度不得小于 8 位');
    expect(translate('some upstream text', 'en')).toBe('some upstream text');
  });

  it('has both languages and the same placeholders in every entry', () => {
    for (const [key, entry] of Object.entries(messageCatalogue)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(entry.en.length, key).toBeGreaterThan(0);
      expect(entry.zh.length, key).toBeGreaterThan(0);
      expect(placeholders(entry.zh), key).toEqual(placeholders(entry.en));
    }
  });
});
