import { describe, expect, it } from 'vitest';
import { jsonColumnText, readJsonColumn } from './json-column.ts';

describe('JSON columns read alike on every database', () => {
  it.each([
    ['a string (SQLite text)', '{"a":1}', '{"a":1}', { a: 1 }],
    ['a parsed object (PostgreSQL json)', { a: 1 }, '{"a":1}', { a: 1 }],
    ['a parsed array (MySQL json)', [1, 2], '[1,2]', [1, 2]],
    ['a Buffer (MySQL json as bytes)', Buffer.from('{"b":"x"}'), '{"b":"x"}', { b: 'x' }],
    ['a number', 5, '5', 5],
    ['NULL', null, null, undefined],
    ['a blank string', '  ', null, undefined],
    ['text that is not JSON', 'not json', 'not json', undefined],
  ])('%s', (_name, value, text, parsed) => {
    expect(jsonColumnText(value)).toEqual(text);
    expect(readJsonColumn(value)).toEqual(parsed);
  });
});
