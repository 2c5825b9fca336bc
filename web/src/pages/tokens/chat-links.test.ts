import { describe, expect, it } from 'vitest';
import {
  type ChatLinksResult,
  chatIndexFromParam,
  chatLinkAt,
  chatServerAddress,
  fillChatLink,
  parseChatLinks,
} from './chat-links.ts';

describe('parseChatLinks', () => {
  it.each<[string, unknown, ChatLinksResult]>([
    ['an empty list', [], { ok: true, links: [] }],
    ['nothing configured', null, { ok: true, links: [] }],
    ['undefined', undefined, { ok: true, links: [] }],
    [
      'a list',
      [{ Next: 'https://next/?key={key}' }, { Lobe: 'https://lobe/{address}' }],
      {
        ok: true,
        links: [
          { index: 0, name: 'Next', template: 'https://next/?key={key}' },
          { index: 1, name: 'Lobe', template: 'https://lobe/{address}' },
        ],
      },
    ],
    [
      'JSON text with an unnamed entry',
      '[{}, {"AMA": "ama://x?key={key}"}]',
      { ok: true, links: [{ index: 1, name: 'AMA', template: 'ama://x?key={key}' }] },
    ],
    [
      'an entry with two names (the first wins)',
      [{ A: 'https://a', B: 'https://b' }],
      { ok: true, links: [{ index: 0, name: 'A', template: 'https://a' }] },
    ],
    ['broken JSON text', '[{"a":', { ok: false }],
    ['an object instead of a list', { Next: 'https://next' }, { ok: false }],
    ['a string entry', ['https://next'], { ok: false }],
    ['a list entry', [['Next', 'https://next']], { ok: false }],
    ['a non-string link', [{ Next: 42 }], { ok: false }],
    ['a number', 5, { ok: false }],
  ])('%s', (_case, raw, expected) => {
    expect(parseChatLinks(raw)).toEqual(expected);
  });
});

describe('chatServerAddress', () => {
  it.each([
    ['https://gw.example.com', 'http://localhost:3000', 'https://gw.example.com'],
    ['https://gw.example.com/', 'http://localhost:3000', 'https://gw.example.com'],
    ['  ', 'http://localhost:3000', 'http://localhost:3000'],
    ['', 'http://localhost:3000', 'http://localhost:3000'],
    [null, 'http://localhost:3000', 'http://localhost:3000'],
    [undefined, 'https://console.example', 'https://console.example'],
  ])('%o with origin %s gives %s', (serverAddress, origin, expected) => {
    expect(chatServerAddress(serverAddress, origin)).toBe(expected);
  });
});

describe('fillChatLink', () => {
  const key = 'a'.repeat(48);
  it.each([
    ['https://chat/?key={key}', `https://chat/?key=sk-${key}`],
    [
      'ama://set-api-key?server={address}&key={key}',
      `ama://set-api-key?server=https%3A%2F%2Fgw.example.com&key=sk-${key}`,
    ],
    [
      'https://app/#/?settings={"key":"{key}","url":"{address}"}',
      `https://app/#/?settings={"key":"sk-${key}","url":"https%3A%2F%2Fgw.example.com"}`,
    ],
    ['https://chat/{key}/{key}', `https://chat/sk-${key}/sk-${key}`],
    ['https://static.example', 'https://static.example'],
  ])('%s is filled as %s', (template, expected) => {
    expect(fillChatLink(template, key, 'https://gw.example.com')).toBe(expected);
  });
});

describe('chatLinkAt and chatIndexFromParam', () => {
  const links = [
    { index: 1, name: 'B', template: 'b' },
    { index: 2, name: 'C', template: 'c' },
  ];
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['3', 3],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
  ])('param %o is position %o', (param, expected) => {
    expect(chatIndexFromParam(param)).toBe(expected);
  });

  it.each([
    [1, 'B'],
    [2, 'C'],
    [0, undefined],
    [9, undefined],
  ])('position %i is %o', (index, name) => {
    expect(chatLinkAt(links, index)?.name).toBe(name);
  });
});

describe('unsafe chat links', () => {
  it('drops links that could run script in the console, keeping the others in place', () => {
    const result = parseChatLinks([
      { Evil: 'javascript:alert(document.cookie)' },
      { Web: 'https://chat.example.com/?key={key}' },
      { Sneaky: ' java\tscript:alert(1)' },
      { App: 'ama://set-api-key?key={key}' },
    ]);
    expect(result).toEqual({
      ok: true,
      links: [
        { index: 1, name: 'Web', template: 'https://chat.example.com/?key={key}' },
        { index: 3, name: 'App', template: 'ama://set-api-key?key={key}' },
      ],
    });
  });
});
