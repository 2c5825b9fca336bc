import { describe, expect, it } from 'vitest';
import '../app.ts';
import { isMessageKey, languageOf, messageCatalogue, registerMessages, translate } from './messages.ts';

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

  it('holds the tables the features register in app.ts', () => {
    expect(translate('channel.type_invalid', 'en', { type: 99 })).toBe('Unknown channel type 99');
    expect(translate('option.invalid_json', 'zh')).toBe('不是合法的 JSON 字符串');
    expect(translate('wallet.aff_insufficient', 'en')).toBe('Not enough invitation earnings');
    for (const prefix of [
      'common',
      'option',
      'channel',
      'token',
      'redemption',
      'wallet',
      'oauth',
      'verification',
    ]) {
      expect(
        Object.keys(messageCatalogue()).some((key) => key.startsWith(`${prefix}.`)),
        prefix,
      ).toBe(true);
    }
  });

  it('registers a table once: the same text again is harmless, another text for a key is refused', () => {
    expect(isMessageKey('test.registered')).toBe(false);
    const table = { 'test.registered': { en: 'Registered {n}', zh: '已注册 {n}' } };
    registerMessages(table);
    registerMessages(table);
    expect(isMessageKey('test.registered')).toBe(true);
    expect(translate('test.registered', 'en', { n: 2 })).toBe('Registered 2');
    expect(() => registerMessages({ 'test.registered': { en: 'Other', zh: '其他' } })).toThrow(
      'message test.registered is registered twice with different texts',
    );
    expect(() => registerMessages({ 'common.not_found': { en: 'Gone', zh: '没了' } })).toThrow(
      'common.not_found',
    );
    expect(translate('common.not_found', 'en')).toBe('Not found');
  });

  it('has both languages and the same placeholders in every entry', () => {
    const entries = Object.entries(messageCatalogue());
    expect(entries.length).toBeGreaterThan(150);
    for (const [key, entry] of entries) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(entry.en.length, key).toBeGreaterThan(0);
      expect(entry.zh.length, key).toBeGreaterThan(0);
      expect(placeholders(entry.zh), key).toEqual(placeholders(entry.en));
    }
  });
});
