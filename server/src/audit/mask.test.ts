import { describe, expect, it } from 'vitest';
import { isSecretOptionKey } from '../options/definitions.ts';
import { auditStates, changedFields, limitedJson, STATE_LIMIT, TRUNCATED } from './diff.ts';
import { isSecretField, MASKED, maskSecrets } from './mask.ts';

describe('isSecretField', () => {
  it.each([
    ['key', true],
    ['keys', true],
    ['password', true],
    ['access_token', true],
    ['webhook_secret', true],
    ['clientSecret', true],
    ['apiKey', true],
    ['code', true],
    ['backup_codes', true],
    ['credential', true],
    ['name', false],
    ['models', false],
    ['quota', false],
    ['token_name', false],
    ['model_mapping', false],
    ['status_code_mapping', false],
    ['group', false],
  ])('%s → %s', (field, secret) => {
    expect(isSecretField(field)).toBe(secret);
  });
});

describe('maskSecrets', () => {
  it.each([
    [
      { key: 'sk-1', name: 'a' },
      { key: MASKED, name: 'a' },
    ],
    [
      { key: '', name: 'a' },
      { key: '', name: 'a' },
    ],
    [{ password: null }, { password: null }],
    [{ nested: { secret: 's', plain: 1 } }, { nested: { secret: MASKED, plain: 1 } }],
    [{ list: [{ token: 't' }, { token: '' }] }, { list: [{ token: MASKED }, { token: '' }] }],
    [{ keys: ['a', 'b'] }, { keys: MASKED }],
    ['plain text', 'plain text'],
  ])('%j → %j', (input, expected) => {
    expect(maskSecrets(input)).toEqual(expected);
  });

  it('uses the given rule for top-level fields (option values by the catalogue rule)', () => {
    expect(
      maskSecrets({ StripeApiSecret: 'x', TurnstileSiteKey: 'site', SystemName: 'y' }, isSecretOptionKey),
    ).toEqual({ StripeApiSecret: MASKED, TurnstileSiteKey: 'site', SystemName: 'y' });
  });
});

describe('changedFields and auditStates', () => {
  it.each([
    [null, { a: 1 }, null, { a: 1 }],
    [{ a: 1 }, null, { a: 1 }, null],
    [{ a: 1, b: 2 }, { a: 1, b: 3 }, { b: 2 }, { b: 3 }],
    [{ a: 1 }, { a: 1, c: 'new' }, {}, { c: 'new' }],
    [{ o: { x: 1 } }, { o: { x: 1 } }, {}, {}],
  ])('%j → %j', (before, after, changedBefore, changedAfter) => {
    expect(changedFields(before, after)).toEqual({ before: changedBefore, after: changedAfter });
  });

  it('compares before masking: a changed key stays visible as changed, masked on both sides', () => {
    const states = auditStates({ key: 'old', name: 'n' }, { key: 'new', name: 'n' });
    expect(JSON.parse(states.before)).toEqual({ key: MASKED });
    expect(JSON.parse(states.after)).toEqual({ key: MASKED });
    expect(auditStates({ key: 'same' }, { key: 'same' })).toEqual({ before: '{}', after: '{}' });
    expect(auditStates(null, null)).toEqual({ before: '', after: '' });
  });
});

describe('limitedJson', () => {
  it('keeps small states whole, cuts long strings, then the text', () => {
    expect(limitedJson({ a: 'b' })).toBe('{"a":"b"}');
    const long = limitedJson({ text: 'x'.repeat(STATE_LIMIT * 2), other: 1 });
    expect(long.length).toBeLessThanOrEqual(STATE_LIMIT);
    expect(JSON.parse(long)).toEqual({ text: `${'x'.repeat(512)}${TRUNCATED}`, other: 1 });
    const many = Object.fromEntries(
      Array.from({ length: 2000 }, (_, index) => [`field${index}`, 'y'.repeat(20)]),
    );
    const cut = limitedJson(many);
    expect(cut.length).toBeLessThanOrEqual(STATE_LIMIT);
    expect(Object.keys(JSON.parse(cut))).toEqual([TRUNCATED]);
  });
});
