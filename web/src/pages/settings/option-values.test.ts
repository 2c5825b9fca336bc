import { describe, expect, it } from 'vitest';
import {
  changedOptions,
  type FieldKind,
  type FormValue,
  loadedSignature,
  type SaveResult,
  saveOutcome,
  stripTrailingSlash,
  toFormValue,
  toOptionMap,
  toOptionString,
} from './option-values.ts';

describe('toFormValue', () => {
  it.each<[FieldKind, string | undefined, FormValue]>([
    ['switch', 'true', true],
    ['switch', 'false', false],
    ['switch', undefined, false],
    ['number', '42', 42],
    ['number', '0.5', 0.5],
    ['number', '', null],
    ['number', 'abc', null],
    ['secret', 'anything', ''],
    ['json', '{"a":1}', '{"a":1}'],
    ['text', undefined, ''],
  ])('%s %o → %o', (kind, stored, expected) => {
    expect(toFormValue(kind, stored)).toEqual(expected);
  });
});

describe('toOptionString', () => {
  it.each<[FieldKind, FormValue, string]>([
    ['switch', true, 'true'],
    ['switch', false, 'false'],
    ['switch', undefined, 'false'],
    ['number', 3, '3'],
    ['number', null, ''],
    ['text', 'abc', 'abc'],
    ['text', undefined, ''],
  ])('%s %o → %o', (kind, value, expected) => {
    expect(toOptionString(kind, value)).toBe(expected);
  });
});

describe('stripTrailingSlash', () => {
  it.each([
    ['https://a.example/', 'https://a.example'],
    ['https://a.example///', 'https://a.example'],
    [' https://a.example/x ', 'https://a.example/x'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(stripTrailingSlash(input)).toBe(expected);
  });
});

describe('changedOptions', () => {
  const kinds: Record<string, FieldKind> = {
    RegisterEnabled: 'switch',
    SystemName: 'text',
    RetryTimes: 'number',
    SMTPToken: 'secret',
  };
  const loaded = { RegisterEnabled: 'true', SystemName: 'Yard', RetryTimes: '0' };

  it.each<[string, Record<string, FormValue>, Array<{ key: string; value: string }>]>([
    ['nothing changed', { RegisterEnabled: true, SystemName: 'Yard', RetryTimes: 0, SMTPToken: '' }, []],
    [
      'a text and a number',
      { RegisterEnabled: true, SystemName: 'New', RetryTimes: 2, SMTPToken: '' },
      [
        { key: 'SystemName', value: 'New' },
        { key: 'RetryTimes', value: '2' },
      ],
    ],
    [
      'switches go last, secrets only when typed',
      { RegisterEnabled: false, SystemName: 'Yard', RetryTimes: 0, SMTPToken: 'pw' },
      [
        { key: 'SMTPToken', value: 'pw' },
        { key: 'RegisterEnabled', value: 'false' },
      ],
    ],
    [
      'blank secret is not sent',
      { RegisterEnabled: true, SystemName: 'Yard', RetryTimes: 0, SMTPToken: '  ' },
      [],
    ],
  ])('%s', (_name, values, expected) => {
    expect(changedOptions(kinds, loaded, values)).toEqual(expected);
  });
});

describe('saveOutcome', () => {
  const ok = (key: string): SaveResult => ({ key, ok: true });
  const refused = (key: string): SaveResult => ({ key, ok: false, message: 'no' });
  const unanswered = (key: string): SaveResult => ({ key, ok: false, message: null });
  it.each<[SaveResult[], string]>([
    [[], 'nothing-changed'],
    [[ok('a'), ok('b')], 'saved'],
    [[ok('a'), refused('b')], 'partly-saved'],
    [[ok('a'), unanswered('b')], 'partly-unanswered'],
    [[refused('a'), unanswered('b')], 'failed'],
  ])('%o → %s', (results, expected) => {
    expect(saveOutcome(results)).toBe(expected);
  });
});

describe('toOptionMap and loadedSignature', () => {
  it('maps entries and changes the signature only when one of the keys changes', () => {
    const map = toOptionMap([
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
    ]);
    expect(map).toEqual({ A: '1', B: '2' });
    expect(loadedSignature(['A'], map)).toBe(loadedSignature(['A'], { ...map, B: '3' }));
    expect(loadedSignature(['A'], map)).not.toBe(loadedSignature(['A'], { ...map, A: '9' }));
  });
});
