import { describe, expect, it } from 'vitest';
import { countTextTokens } from '../billing/tokens.ts';
import { readJsonReply } from './json-relay.ts';

const MODEL = 'gpt-4o-mini';
const counted = (text: string) => countTextTokens(text, MODEL);
const usage = (prompt: number, completion: number) => ({
  promptTokens: prompt,
  completionTokens: completion,
});
const reply = (message: string, rest = '') =>
  `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":${message}}}]${rest}}`;

describe('readJsonReply', () => {
  it.each([
    [
      'a reply with usage',
      reply('"Hi"', ',"usage":{"prompt_tokens":5,"completion_tokens":2}'),
      usage(5, 2),
      0,
    ],
    [
      'cached tokens in the details',
      reply(
        '"Hi"',
        ',"usage":{"prompt_tokens":5,"completion_tokens":2,"prompt_tokens_details":{"cached_tokens":3}}',
      ),
      { ...usage(5, 2), cachedTokens: 3 },
      0,
    ],
    ['input/output names', '{"usage":{"input_tokens":7,"output_tokens":1}}', usage(7, 1), 0],
    [
      'usage before the choices',
      `{"usage":{"prompt_tokens":4,"completion_tokens":1},${reply('"Hi"').slice(1)}`,
      usage(4, 1),
      0,
    ],
    [
      'the last of two usage keys',
      '{"usage":{"prompt_tokens":1},"usage":{"prompt_tokens":9,"completion_tokens":9}}',
      usage(9, 9),
      0,
    ],
    [
      'usage null: the text is counted',
      reply('"Hello there"', ',"usage":null'),
      null,
      counted('Hello there'),
    ],
    [
      'usage without counts: the text is counted',
      reply('"Hello there"', ',"usage":{"foo":1}'),
      null,
      counted('Hello there'),
    ],
    ['no usage: the text is counted', reply('"Hello there"'), null, counted('Hello there')],
    [
      'a "usage" inside the content is not the usage',
      reply('"\\"usage\\":{\\"prompt_tokens\\":99}"'),
      null,
      counted('"usage":{"prompt_tokens":99}'),
    ],
    [
      'a usage key nested in the message is not the usage',
      '{"choices":[{"message":{"content":"ok","usage":{"prompt_tokens":99}}}]}',
      null,
      counted('ok'),
    ],
    [
      'nesting deeper than the scanner follows',
      `{"a":${'['.repeat(300)}${']'.repeat(300)},"usage":{"prompt_tokens":3,"completion_tokens":1}}`,
      usage(3, 1),
      0,
    ],
    [
      'a top-level key spelled with escapes',
      '{"usag\\u0065":{"prompt_tokens":6,"completion_tokens":1}}',
      usage(6, 1),
      0,
    ],
  ])('%s', (_name, body, expectedUsage, expectedCounted) => {
    expect(readJsonReply('chat', Buffer.from(body), MODEL)).toEqual({
      upstreamUsage: expectedUsage,
      countedCompletionTokens: expectedCounted,
      outputDelivered: true,
    });
  });

  it.each([
    ['truncated', reply('"Hi"', ',"usage":{"prompt_tokens":5,"completion_tokens":2}').slice(0, -2)],
    ['trailing garbage', `${reply('"Hi"', ',"usage":{"prompt_tokens":5}')}<html>`],
    ['a raw newline in a string', reply('"Hi\nthere"', ',"usage":{"prompt_tokens":5}')],
    ['an HTML page', '<html>502 Bad Gateway</html>'],
    ['an array', '[{"usage":{"prompt_tokens":5}}]'],
    ['empty', ''],
  ])('refuses a body that is not one JSON object: %s', (_name, body) => {
    expect(readJsonReply('chat', Buffer.from(body), MODEL)).toBeNull();
  });
});
