import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  formatSseComment,
  formatSseData,
  formatSseEvent,
  readSseEvents,
  SSE_DONE,
  type SseEvent,
  SseEventTooLargeError,
  SseParser,
} from './sse.ts';

function parseAll(chunks: Array<Uint8Array | string>): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
}

const encoder = new TextEncoder();

describe('SseParser', () => {
  /** [name, the input (one chunk or several), the events; a string stands for an event of that data alone] */
  const cases: Array<[name: string, chunks: string | string[], expected: Array<string | SseEvent>]> = [
    ['one event with a space after the colon', 'data: hello\n\n', ['hello']],
    ['data without a space', 'data:hello\n\n', ['hello']],
    ['only one leading space is removed', 'data:  two\n\n', [' two']],
    ['CRLF line endings', 'data: a\r\n\r\ndata: b\r\n\r\n', ['a', 'b']],
    ['CR line endings', 'data: a\r\rdata: b\r\r', ['a', 'b']],
    ['mixed line endings', 'data: a\r\ndata: b\rdata: c\n\r\n', ['a\nb\nc']],
    ['multi-line data joined by LF', 'data: {"a":\ndata: 1}\n\n', ['{"a":\n1}']],
    ['comments and pings are skipped', ': PING\n\n:another\ndata: x\n: inside\n\n', ['x']],
    [
      'named events with ids (Claude style)',
      'event: message_start\nid: 7\ndata: {"type":"message_start"}\n\nevent: ping\ndata: {}\n\n',
      [
        { event: 'message_start', id: '7', data: '{"type":"message_start"}' },
        { event: 'ping', data: '{}' },
      ],
    ],
    ['an event without data is not dispatched', 'event: ping\n\ndata: after\n\n', ['after']],
    ['an empty data field dispatches an empty event', 'data:\n\n', ['']],
    ['a bare data field name', 'data\n\n', ['']],
    ['extra blank lines are harmless', '\n\n\ndata: a\n\n\n\n', ['a']],
    ['unknown fields and retry are ignored', 'retry: 1000\nfoo: bar\ndata: a\n\n', ['a']],
    ['ids with NUL are ignored', 'id: a\0b\ndata: a\n\n', ['a']],
    ['end() flushes a final event without a blank line', 'data: first\n\ndata: [DONE]', ['first', '[DONE]']],
    ['end() flushes a final event that ended with one line break', 'data: last\n', ['last']],
    ['a leading byte order mark is removed', '\uFEFFdata: a\n\n', ['a']],
    [
      'CR at the end of one chunk and LF at the start of the next',
      ['data: a\r', '\ndata: b\r', '\n\r', '\n'],
      ['a\nb'],
    ],
    ['a field name split across chunks', ['da', 'ta', ': sp', 'lit\n', '\n'], ['split']],
    ['colons inside the value are kept', 'data: {"url":"http://x"}\n\n', ['{"url":"http://x"}']],
  ];

  it.each(cases)('%s', (_name, input, events) => {
    const chunks = typeof input === 'string' ? [input] : input;
    const expected = events.map((event) => (typeof event === 'string' ? { data: event } : event));
    expect(parseAll(chunks)).toEqual(expected);
    expect(parseAll(chunks.map((chunk) => encoder.encode(chunk)))).toEqual(expected);
  });

  it('returns each event as soon as its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('data: one\n')).toEqual([]);
    expect(parser.push('\ndata: two\n\ndata: thr')).toEqual([{ data: 'one' }, { data: 'two' }]);
    expect(parser.push('ee\n\n')).toEqual([{ data: 'three' }]);
    expect(parser.end()).toEqual([]);
  });

  it('decodes a multi-byte character split between chunks', () => {
    const bytes = encoder.encode('data: 你好🙂\n\n');
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(parseAll([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([{ data: '你好🙂' }]);
    }
  });

  it('replaces a truncated character at the end of the stream instead of failing', () => {
    const bytes = encoder.encode('data: 好');
    expect(parseAll([bytes.subarray(0, bytes.length - 1)])).toEqual([{ data: '\uFFFD' }]);
  });

  it('refuses an event larger than the limit instead of buffering without end', () => {
    const parser = new SseParser({ maxEventLength: 16 });
    expect(parser.push('data: 0123456789\n')).toEqual([]);
    expect(() => parser.push('data: 0123456789\n')).toThrow(SseEventTooLargeError);
    const longLine = new SseParser({ maxEventLength: 16 });
    expect(() => longLine.push('data: 01234567890123456789')).toThrow(SseEventTooLargeError);
  });

  it('keeps only the unconsumed tail between pushes', () => {
    const parser = new SseParser({ maxEventLength: 64 });
    // Far more input than the limit in total, but never more than one short event at a time.
    for (let index = 0; index < 10_000; index += 1) {
      expect(parser.push(`data: chunk ${index}\n\n`)).toEqual([{ data: `chunk ${index}` }]);
    }
    expect(parser.end()).toEqual([]);
  });
});

describe('SseParser for dialects that keep the leading space of data (Zhipu v3)', () => {
  const parse = (text: string) => {
    const parser = new SseParser({ keepLeadingSpace: true });
    return [...parser.push(text), ...parser.end()];
  };

  it.each<[name: string, text: string, expected: SseEvent[]]>([
    ['a data value keeps its leading space', 'data: Hello\n\n', [{ data: ' Hello' }]],
    ['a data value written straight after the colon', 'data:Hello\n\n', [{ data: 'Hello' }]],
    [
      'the event name, id and meta lose the one optional space, as the spec says',
      'event: finish\nid: task-1\ndata: end\nmeta: {"usage":{}}\n\n',
      [{ event: 'finish', id: 'task-1', data: ' end', meta: '{"usage":{}}' }],
    ],
    [
      'fields written without a space read the same',
      'event:finish\nid:task-1\ndata:end\nmeta:{"usage":{}}\n\n',
      [{ event: 'finish', id: 'task-1', data: 'end', meta: '{"usage":{}}' }],
    ],
    [
      'only one space is removed from the other fields',
      'event:  add\ndata:  two\n\n',
      [{ event: ' add', data: '  two' }],
    ],
  ])('%s', (_name, text, expected) => {
    expect(parse(text)).toEqual(expected);
  });

  it('is the WHATWG rule for every field without the option', () => {
    const parser = new SseParser();
    expect([...parser.push('event: finish\ndata: end\nmeta: {}\n\n'), ...parser.end()]).toEqual([
      { event: 'finish', data: 'end', meta: '{}' },
    ]);
  });
});

describe('SseParser split at every byte boundary', () => {
  const recorded = [
    ': OPENROUTER PROCESSING\r\n\r\n',
    'data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n',
    'data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"content":"你好，世界"}}]}\n\n',
    'data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"content":" 🙂👍🏽"}}]}\r\n\r\n',
    'event: custom\rid: 42\rdata: line one\rdata: line two\r\r',
    'data:{"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}}\n\n',
    'data: [DONE]\n\n',
  ].join('');
  const bytes = encoder.encode(recorded);
  const expected = parseAll([recorded]);

  it('parses the recorded stream as a whole', () => {
    expect(expected).toHaveLength(6);
    expect(expected[1]?.data).toContain('你好，世界');
    expect(expected[3]).toEqual({ event: 'custom', id: '42', data: 'line one\nline two' });
    expect(expected[5]).toEqual({ data: '[DONE]' });
  });

  it('gets the same events for every two-part split', () => {
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(parseAll([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(expected);
    }
  });

  it('gets the same events one byte at a time', () => {
    const chunks: Uint8Array[] = [];
    for (let index = 0; index < bytes.length; index += 1) chunks.push(bytes.subarray(index, index + 1));
    expect(parseAll(chunks)).toEqual(expected);
  });

  it('gets the same events for random multi-part splits', () => {
    let seed = 12345;
    const nextRandom = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 300; round += 1) {
      const chunks: Uint8Array[] = [];
      let start = 0;
      while (start < bytes.length) {
        const size = 1 + Math.floor(nextRandom() * 40);
        chunks.push(bytes.subarray(start, start + size));
        start += size;
      }
      expect(parseAll(chunks)).toEqual(expected);
    }
  });
});

describe('readSseEvents', () => {
  it('reads events from a byte stream and flushes the last one', async () => {
    const bytes = encoder.encode('data: a\n\n: ping\n\ndata: 你\ndata: 好\n\ndata: [DONE]');
    const chunks = [bytes.subarray(0, 5), bytes.subarray(5, 22), bytes.subarray(22)];
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(Readable.from(chunks))) events.push(event);
    expect(events).toEqual([{ data: 'a' }, { data: '你\n好' }, { data: '[DONE]' }]);
  });

  it('yields nothing for an empty stream', async () => {
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(Readable.from([]))) events.push(event);
    expect(events).toEqual([]);
  });
});

describe('SSE writer helpers', () => {
  it.each([
    { data: '{"a":1}', expected: 'data: {"a":1}\n\n' },
    { data: '', expected: 'data: \n\n' },
    { data: 'one\ntwo', expected: 'data: one\ndata: two\n\n' },
    { data: 'one\r\ntwo\rthree', expected: 'data: one\ndata: two\ndata: three\n\n' },
  ])('formatSseData($data)', ({ data, expected }) => {
    expect(formatSseData(data)).toBe(expected);
    expect(parseAll([formatSseData(data)])).toEqual([{ data: data.replace(/\r\n|\r/g, '\n') }]);
  });

  it('formats the DONE terminator and comments', () => {
    expect(SSE_DONE).toBe('data: [DONE]\n\n');
    expect(formatSseComment('PING')).toBe(': PING\n\n');
    expect(formatSseComment()).toBe(': \n\n');
    expect(formatSseComment('a\nb')).toBe(': a\n: b\n\n');
    expect(parseAll([formatSseComment('PING'), SSE_DONE])).toEqual([{ data: '[DONE]' }]);
  });

  it('formats named events that parse back to themselves', () => {
    const event = { event: 'content_block_delta', id: '3', data: '{"x":1}\n{"y":2}' };
    const text = formatSseEvent(event);
    expect(text).toBe('event: content_block_delta\nid: 3\ndata: {"x":1}\ndata: {"y":2}\n\n');
    expect(parseAll([text])).toEqual([event]);
    expect(formatSseEvent({ event: 'bad\nname', data: 'x' })).toBe('event: badname\ndata: x\n\n');
  });
});
