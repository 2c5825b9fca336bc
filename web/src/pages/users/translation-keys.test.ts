import { describe, expect, it } from 'vitest';
import personalEn from '../../i18n/parts/personal.en.json';
import personalZh from '../../i18n/parts/personal.zh.json';
import usersEn from '../../i18n/parts/users.en.json';
import usersZh from '../../i18n/parts/users.zh.json';
import { areaTranslationProblems, flattenKeys, keysUsedInSource } from './translation-keys.ts';

const usersSources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const personalSources = import.meta.glob<string>(['../personal/*.{ts,tsx}', '!../personal/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function joinSources(files: Record<string, string>): string {
  return Object.values(files).join('\n');
}

describe('flattenKeys', () => {
  it.each([
    [{}, []],
    [{ a: 'x' }, ['a']],
    [{ a: { b: 'x', c: { d: 'y' } } }, ['a.b', 'a.c.d']],
  ])('%o gives %o', (messages, expected) => {
    expect(flattenKeys(messages)).toEqual(expected);
  });
});

describe('keysUsedInSource', () => {
  it.each([
    ["t('users.add.title')", ['users.add.title']],
    [
      'key: "users.role.common", other: `users.status.cancelled`',
      ['users.role.common', 'users.status.cancelled'],
    ],
    ["t('users.actions.' + toggle)", []],
    ["'personal.title'", []],
  ])('%s gives %o', (source, expected) => {
    expect(keysUsedInSource(source, 'users')).toEqual(expected);
  });
});

describe('areaTranslationProblems', () => {
  it('reports nothing when both languages define exactly the keys the source uses', () => {
    const messages = { shop: { title: 'x', list: { empty: 'y' } } };
    expect(areaTranslationProblems('shop', messages, messages, "t('shop.title'); 'shop.list.empty'")).toEqual(
      {
        missingInEn: [],
        missingInZh: [],
        outsideArea: [],
        undefinedKeys: [],
        unusedKeys: [],
      },
    );
  });

  it('reports keys missing in a language, outside the area, undefined and unused', () => {
    const zh = { shop: { title: 'x', old: 'y' }, other: { key: 'z' } };
    const en = { shop: { title: 'x', extra: 'w' }, other: { key: 'z' } };
    expect(areaTranslationProblems('shop', zh, en, "t('shop.title'); t('shop.new')")).toEqual({
      missingInEn: ['shop.old'],
      missingInZh: ['shop.extra'],
      outsideArea: ['other.key'],
      undefinedKeys: ['shop.new'],
      unusedKeys: ['shop.old', 'other.key'],
    });
  });
});

describe.each([
  ['users', usersZh, usersEn, usersSources],
  ['personal', personalZh, personalEn, personalSources],
])('%s translations', (area, zh, en, sources) => {
  const zhKeys = flattenKeys(zh);
  const enKeys = flattenKeys(en);

  it('has the same keys in zh and en', () => {
    expect([...zhKeys].sort()).toEqual([...enKeys].sort());
  });

  it('keeps every key under its area', () => {
    expect(zhKeys.filter((key) => !key.startsWith(`${area}.`))).toEqual([]);
  });

  it('defines every key the screen uses', () => {
    const used = new Set(keysUsedInSource(joinSources(sources), area));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((key) => !zhKeys.includes(key))).toEqual([]);
  });
});
