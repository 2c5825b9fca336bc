import { describe, expect, it } from 'vitest';
import {
  applyHeaderOverride,
  headerOverrideProblem,
  parseHeaderOverride,
  resolveHeaderOverride,
} from './header-override.ts';

describe('headerOverrideProblem (refused at save)', () => {
  it.each([
    ['empty', '', null],
    ['an object of strings', '{"X-Team":"blue","Authorization":"Bearer {api_key}"}', null],
    ['not JSON', '{x', { code: 'not_object' }],
    ['an array', '["a"]', { code: 'not_object' }],
    ['a number value', '{"X-Retries":3}', { code: 'not_string', header: 'X-Retries' }],
    ['Host', '{"Host":"example.com"}', { code: 'forbidden', header: 'Host' }],
    ['content-length', '{"content-length":"1"}', { code: 'forbidden', header: 'content-length' }],
    [
      'Transfer-Encoding',
      '{"Transfer-Encoding":"chunked"}',
      { code: 'forbidden', header: 'Transfer-Encoding' },
    ],
    ['Connection', '{"Connection":"close"}', { code: 'forbidden', header: 'Connection' }],
    ['a name with a space', '{"X Team":"blue"}', { code: 'invalid_name', header: 'X Team' }],
    ['pass-through of every header', '{"*":""}', { code: 'passthrough', header: '*' }],
    ['pass-through by regex', '{"re:^x-":""}', { code: 'passthrough', header: 're:^x-' }],
  ])('%s', (_name, text, problem) => {
    expect(headerOverrideProblem(text)).toEqual(problem);
  });
});

describe('header override on a request', () => {
  const templates = parseHeaderOverride(
    JSON.stringify({
      Authorization: 'Bearer {api_key}',
      'X-Team': 'blue',
      'X-Beta': '{client_header:Anthropic-Beta}',
      Host: 'ignored.example',
      '*': '',
      'X-Count': 3,
    }),
  );

  it.each([
    [
      'placeholders resolved, the client header copied',
      { 'anthropic-beta': 'tools-1' },
      { authorization: 'Bearer key-1', 'x-team': 'blue', 'x-beta': 'tools-1', accept: 'application/json' },
    ],
    [
      'a client header the client did not send is left out',
      undefined,
      { authorization: 'Bearer key-1', 'x-team': 'blue', accept: 'application/json' },
    ],
  ])('%s', (_name, clientHeaders, expected) => {
    const headers: Record<string, string> = { authorization: 'Bearer adaptor', accept: 'application/json' };
    applyHeaderOverride(headers, resolveHeaderOverride(templates, 'key-1'), clientHeaders);
    expect(headers).toEqual(expected);
  });

  it('reads the column as PostgreSQL and MySQL hand it back (parsed)', () => {
    expect(parseHeaderOverride({ 'X-Team': 'red' })).toEqual([
      { name: 'x-team', kind: 'value', value: 'red' },
    ]);
    expect(parseHeaderOverride(null)).toEqual([]);
    expect(parseHeaderOverride('not json')).toEqual([]);
  });
});
