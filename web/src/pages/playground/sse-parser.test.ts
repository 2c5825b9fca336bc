import { describe, expect, it } from 'vitest';
import { type SseEvent, SseParser } from './sse-parser.ts';

function parse(chunks: string[]): SseEvent[] {
  const parser = new SseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

const message = (data: string, event = 'message', id = ''): SseEvent => ({ event, data, id });

describe('SseParser', () => {
  it.each<[string, string[], SseEvent[]]>([
    ['one event', ['data: hello\n\n'], [message('hello')]],
    ['two events in one chunk', ['data: a\n\ndata: b\n\n'], [message('a'), message('b')]],
    ['a chunk split inside the field name', ['da', 'ta: hello\n\n'], [message('hello')]],
    [
      'a chunk split inside the value',
      ['data: {"choices":[{"delta":{"con', 'tent":"Hi"}}]}\n\n'],
      [message('{"choices":[{"delta":{"content":"Hi"}}]}')],
    ],
    ['a chunk split before the blank line', ['data: hello\n', '\n'], [message('hello')]],
    ['CRLF line ends', ['data: a\r\n\r\ndata: b\r\n\r\n'], [message('a'), message('b')]],
    ['CRLF split between \\r and \\n', ['data: a\r', '\n\r', '\n'], [message('a')]],
    ['lone CR line ends', ['data: a\r\rdata: b\r\r'], [message('a'), message('b')]],
    [
      'multi-line data joined with \\n',
      ['data: line one\ndata: line two\n\n'],
      [message('line one\nline two')],
    ],
    ['no space after the colon', ['data:tight\n\n'], [message('tight')]],
    ['only the first space is removed', ['data:  two spaces\n\n'], [message(' two spaces')]],
    ['a field without a colon is an empty value', ['data\n\n'], [message('')]],
    ['comments (keep-alive pings) are ignored', [': PING\n\ndata: a\n\n: PING\n\n'], [message('a')]],
    ['blank lines without data dispatch nothing', ['\n\n\n'], []],
    [
      'event and id fields',
      ['event: error\nid: 7\ndata: boom\n\ndata: next\n\n'],
      [message('boom', 'error', '7'), message('next', 'message', '7')],
    ],
    ['retry and unknown fields are ignored', ['retry: 1000\nfoo: bar\ndata: x\n\n'], [message('x')]],
    ['a byte order mark at the start is dropped', ['\uFEFFdata: a\n\n'], [message('a')]],
    ['the [DONE] marker is plain data', ['data: [DONE]\n\n'], [message('[DONE]')]],
    ['an unterminated last event is still delivered at the end', ['data: tail'], [message('tail')]],
    ['an event missing its blank line is delivered at the end', ['data: tail\n'], [message('tail')]],
    ['empty chunks change nothing', ['', 'data: a', '', '\n\n', ''], [message('a')]],
    ['unicode split across chunks after decoding', ['data: 你', '好\n\n'], [message('你好')]],
  ])('%s', (_name, chunks, expected) => {
    expect(parse(chunks)).toEqual(expected);
  });

  it('gives the same events wherever a stream is cut into two chunks', () => {
    const stream =
      ': PING\r\n\r\ndata: {"choices":[{"delta":{"content":"He"}}]}\r\n\r\n' +
      'data: {"choices":[{"delta":{"content":"llo"}}]}\n\ndata: line1\rdata: line2\r\rdata: [DONE]\n\n';
    const whole = parse([stream]);
    expect(whole.map((event) => event.data)).toEqual([
      '{"choices":[{"delta":{"content":"He"}}]}',
      '{"choices":[{"delta":{"content":"llo"}}]}',
      'line1\nline2',
      '[DONE]',
    ]);
    for (let cut = 0; cut <= stream.length; cut += 1) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    }
  });

  it('gives the same events when fed one character at a time', () => {
    const stream = 'data: a\r\n\r\nevent: x\ndata: b\ndata: c\n\ndata: [DONE]\n\n';
    expect(parse([...stream])).toEqual(parse([stream]));
  });

  it('returns events as soon as their blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('data: first\n')).toEqual([]);
    expect(parser.push('\ndata: sec')).toEqual([message('first')]);
    expect(parser.push('ond\n\n')).toEqual([message('second')]);
    expect(parser.end()).toEqual([]);
  });
});
