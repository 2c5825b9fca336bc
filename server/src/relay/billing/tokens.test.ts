import * as cl100k from 'gpt-tokenizer/encoding/cl100k_base';
import * as o200k from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countRequestTokens } from '../canonical/metering.ts';
import {
  CompletionCounter,
  CompletionEstimator,
  type CountableChatMessage,
  CountBudget,
  countChatPromptTokens,
  countInPieces,
  countOrEstimate,
  countTextTokens,
  EXACT_COUNT_CHARACTERS,
  encodingForModel,
  estimateTokensFromBytes,
  estimateTokensFromLength,
  MAX_BUFFERED_CHARACTERS,
  MIN_CHARACTERS_PER_COUNT,
} from './tokens.ts';

describe('encodingForModel', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini', 'o200k_base'],
    ['gpt-4.1', 'o200k_base'],
    ['gpt-4.5-preview', 'o200k_base'],
    ['gpt-5', 'o200k_base'],
    ['o1', 'o200k_base'],
    ['o3-mini', 'o200k_base'],
    ['claude-3-5-sonnet-20241022', 'o200k_base'],
    ['some-unknown-model', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-0613', 'cl100k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['GPT-4-32k', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['gpt-35-turbo', 'cl100k_base'],
    ['text-embedding-3-small', 'cl100k_base'],
    ['text-embedding-ada-002', 'cl100k_base'],
  ])('%s → %s', (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });
});

describe('countTextTokens', () => {
  // Chinese text tokenizes differently in the two encodings, which shows the right one was used.
  const chinese = '今天天气很好，我们一起去公园散步吧。人工智能正在改变世界。';

  it('uses o200k_base or cl100k_base by model', () => {
    const withO200k = o200k.countTokens(chinese);
    const withCl100k = cl100k.countTokens(chinese);
    expect(withO200k).not.toBe(withCl100k);
    expect(countTextTokens(chinese, 'gpt-4o')).toBe(withO200k);
    expect(countTextTokens(chinese, 'gpt-4')).toBe(withCl100k);
  });

  it.each([
    ['', 0],
    ['hello world', 2],
    ['Hello, world!', 4],
  ])('%j → %s tokens', (text, expected) => {
    expect(countTextTokens(text, 'gpt-4o')).toBe(expected);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(countTextTokens('<|endoftext|> hi', 'gpt-4o')).toBeGreaterThan(2);
    expect(countTextTokens('<|im_start|>system', 'gpt-3.5-turbo')).toBeGreaterThan(2);
  });
});

describe('countOrEstimate', () => {
  it('falls back to about four characters per token when the tokenizer throws', () => {
    const failing = () => {
      throw new Error('tokenizer failure');
    };
    expect(countOrEstimate('x'.repeat(10), failing)).toBe(3);
    expect(countOrEstimate('abcd', failing)).toBe(1);
    expect(countOrEstimate('', failing)).toBe(0);
    expect(countOrEstimate('abcd', () => 7)).toBe(7);
    expect(estimateTokensFromLength('x'.repeat(400))).toBe(100);
  });
});

describe('countChatPromptTokens', () => {
  // The example of OpenAI's cookbook "How to count tokens with tiktoken", whose counts the API confirmed:
  // 129 prompt tokens for gpt-3.5-turbo and gpt-4-0613, 124 for gpt-4o and gpt-4o-mini.
  const cookbookMessages: CountableChatMessage[] = [
    {
      role: 'system',
      content:
        'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.',
    },
    { role: 'system', name: 'example_user', content: 'New synergies will help drive top-line growth.' },
    {
      role: 'system',
      name: 'example_assistant',
      content: 'Things working well together will increase revenue.',
    },
    {
      role: 'system',
      name: 'example_user',
      content:
        "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.",
    },
    {
      role: 'system',
      name: 'example_assistant',
      content: "Let's talk later when we're less busy about how to do better.",
    },
    {
      role: 'user',
      content: "This late pivot means we don't have time to boil the ocean for the client deliverable.",
    },
  ];

  it.each([
    ['gpt-3.5-turbo', 129],
    ['gpt-4-0613', 129],
    ['gpt-4o', 124],
    ['gpt-4o-mini', 124],
  ])("matches OpenAI's count for %s (%s)", (model, expected) => {
    expect(countChatPromptTokens(cookbookMessages, model)).toBe(expected);
  });

  const hello = (model: string) => countTextTokens('Hello there', model);
  const user = (model: string) => countTextTokens('user', model);

  it.each<[string, CountableChatMessage[], string, (model: string) => number]>([
    ['no messages: the reply priming only', [], 'gpt-4o', () => 3],
    ['one message', [{ role: 'user', content: 'Hello there' }], 'gpt-4o', (m) => 3 + 3 + user(m) + hello(m)],
    [
      'a name costs its tokens + 1',
      [{ role: 'user', name: 'bob', content: 'Hello there' }],
      'gpt-4o',
      (m) => 3 + 3 + user(m) + hello(m) + countTextTokens('bob', m) + 1,
    ],
    [
      'null content',
      [{ role: 'assistant', content: null }],
      'gpt-4o',
      (m) => 3 + 3 + countTextTokens('assistant', m),
    ],
    [
      'text parts are counted',
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hello there' },
            { type: 'text', text: 'Hello there' },
          ],
        },
      ],
      'gpt-4o',
      (m) => 3 + 3 + user(m) + 2 * hello(m),
    ],
    [
      'image parts: low 85, high/auto 765',
      [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/b.png', detail: 'high' } },
            { type: 'image_url', image_url: { url: 'https://example.com/c.png' } },
            { type: 'image_url', image_url: 'https://example.com/d.png' },
          ],
        },
      ],
      'gpt-4o',
      (m) => 3 + 3 + user(m) + 85 + 765 + 765 + 765,
    ],
    [
      'image parts on gpt-4o-mini: low 2833, high 25501',
      [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
            { type: 'image_url', image_url: { url: 'https://example.com/b.png', detail: 'auto' } },
          ],
        },
      ],
      'gpt-4o-mini',
      (m) => 3 + 3 + user(m) + 2833 + 25501,
    ],
    [
      'audio parts are left to the upstream usage',
      [{ role: 'user', content: [{ type: 'input_audio' }] }],
      'gpt-4o',
      (m) => 3 + 3 + user(m),
    ],
  ])('%s', (_name, messages, model, expected) => {
    expect(countChatPromptTokens(messages, model)).toBe(expected(model));
  });

  it('counts tool definitions, legacy functions and tool calls as their JSON text', () => {
    const tools = [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Get the weather for a city',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ];
    const toolCalls = [
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
    ];
    const messages: CountableChatMessage[] = [{ role: 'user', content: 'Hello there' }];
    const plain = countChatPromptTokens(messages, 'gpt-4o');
    expect(countChatPromptTokens(messages, 'gpt-4o', { tools })).toBe(
      plain + countTextTokens(JSON.stringify(tools), 'gpt-4o'),
    );
    expect(countChatPromptTokens(messages, 'gpt-4o', { functions: [tools[0]?.function] })).toBe(
      plain + countTextTokens(JSON.stringify([tools[0]?.function]), 'gpt-4o'),
    );
    expect(
      countChatPromptTokens(
        [...messages, { role: 'assistant', content: null, tool_calls: toolCalls }],
        'gpt-4o',
      ),
    ).toBe(
      plain +
        3 +
        countTextTokens('assistant', 'gpt-4o') +
        countTextTokens(JSON.stringify(toolCalls), 'gpt-4o'),
    );
  });

  it('ignores malformed entries instead of throwing', () => {
    const messages = [null, 7, { role: 'user', content: [null, 'x', { type: 'text', text: 'Hello there' }] }];
    expect(countChatPromptTokens(messages as unknown as CountableChatMessage[], 'gpt-4o')).toBe(
      3 + 3 + user('gpt-4o') + hello('gpt-4o'),
    );
  });
});

/** Deterministic varied text: English prose, numbers, code, Chinese, emoji, blank lines. */
function streamText(targetLength: number): string {
  const fragments = [
    'The quick brown fox jumps over the lazy dog.',
    'In 2024, revenue grew by 12.5% to $3,400,000.',
    'const total = items.reduce((sum, item) => sum + item.price, 0);',
    '人工智能正在改变世界，我们需要认真思考它的影响。',
    'Emoji are fine too 🎉🚀 — even with dashes.',
    '\n\n## Heading\n\n- first point\n- second point\n',
    'supercalifragilisticexpialidocious antidisestablishmentarianism',
    '    indented_code_line(with, arguments)\n',
  ];
  const pieces: string[] = [];
  let length = 0;
  let seed = 7;
  while (length < targetLength) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const fragment = fragments[seed % fragments.length] ?? '';
    pieces.push(fragment, seed % 3 === 0 ? '\n' : ' ');
    length += fragment.length + 1;
  }
  return pieces.join('');
}

describe('CompletionCounter', () => {
  it('counts a 2 MB stream of 1-character deltas in bounded memory, within 2% of the whole count', () => {
    const text = streamText(2 * 1024 * 1024);
    const counter = new CompletionCounter('gpt-4o');
    let largestBuffer = 0;
    for (const character of text) {
      counter.add(character);
      if (counter.bufferedLength > largestBuffer) largestBuffer = counter.bufferedLength;
    }
    const whole = countTextTokens(text, 'gpt-4o', new CountBudget(Number.POSITIVE_INFINITY));
    expect(largestBuffer).toBeLessThanOrEqual(MAX_BUFFERED_CHARACTERS);
    expect(Math.abs(counter.total() - whole) / whole).toBeLessThan(0.02);
  });

  it.each([
    ['English prose', 'The quick brown fox jumps over the lazy dog. '.repeat(400)],
    ['Chinese without spaces', '人工智能正在改变世界，我们需要认真思考它的影响。'.repeat(200)],
    ['base64-like text without whitespace', 'QUJDRGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo0NTY3ODk='.repeat(100)],
    ['emoji', '🎉🚀✨'.repeat(1000)],
    ['blank lines', 'line\n\n\n'.repeat(1000)],
  ])('stays within 2 percent of the whole count for %s, whatever the delta size', (_name, text) => {
    const whole = countTextTokens(text, 'gpt-4o');
    for (const deltaSize of [1, 3, 17, 500, 5000]) {
      const counter = new CompletionCounter('gpt-4o');
      for (let offset = 0; offset < text.length; offset += deltaSize) {
        counter.add(text.slice(offset, offset + deltaSize));
        expect(counter.bufferedLength).toBeLessThanOrEqual(MAX_BUFFERED_CHARACTERS);
      }
      expect(Math.abs(counter.total() - whole) / whole).toBeLessThan(0.02);
    }
  });

  it('keeps the buffer bounded when one delta is huge', () => {
    const counter = new CompletionCounter('gpt-4o');
    counter.add('x'.repeat(100_000));
    expect(counter.bufferedLength).toBeLessThanOrEqual(MAX_BUFFERED_CHARACTERS);
    expect(counter.total()).toBeGreaterThan(0);
  });

  it('never splits a surrogate pair when it must cut without whitespace', () => {
    // Each emoji is two UTF-16 code units; a cut between them would count replacement characters.
    const text = `a${'😀'.repeat(3000)}`;
    const counter = new CompletionCounter('gpt-4o');
    for (let offset = 0; offset < text.length; offset += 1) counter.add(text.charAt(offset));
    const whole = countTextTokens(text, 'gpt-4o');
    expect(Math.abs(counter.total() - whole) / whole).toBeLessThan(0.02);
  });

  it('reports a total without consuming the tail, and counts the encoding of its model', () => {
    const counter = new CompletionCounter('gpt-4');
    counter.add('Hello');
    expect(counter.total()).toBe(1);
    expect(counter.total()).toBe(1);
    counter.add(' world');
    expect(counter.total()).toBe(countTextTokens('Hello world', 'gpt-4'));
    expect(new CompletionCounter('gpt-4o').total()).toBe(0);
  });

  it('ignores empty deltas', () => {
    const counter = new CompletionCounter('gpt-4o');
    counter.add('');
    expect(counter.bufferedLength).toBe(0);
    expect(counter.total()).toBe(0);
  });
});

describe('CompletionEstimator', () => {
  it.each([
    [['Hello', ' world'], 3],
    [['你好', '世界'], 4],
    [['😀'], 1],
    [[], 0],
    [['a'.repeat(400)], 100],
  ])('%j -> %i', (deltas, expected) => {
    const estimator = new CompletionEstimator();
    for (const delta of deltas) estimator.add(delta);
    expect(estimator.total()).toBe(expected);
  });
});

describe('counting in bounded time', () => {
  it.each([
    ['ordinary words stay whole', 'hello world foo', ['hello world foo']],
    [
      'a long run is cut every MAX_PIECE_CHARACTERS',
      'a'.repeat(300),
      ['a'.repeat(128), 'a'.repeat(128), 'a'.repeat(44)],
    ],
    ['a long run of spaces is cut too', ' '.repeat(130), [' '.repeat(128), '  ']],
    [
      'a run restarts at each class change',
      `${'b'.repeat(128)} ${'c'.repeat(128)}`,
      [`${'b'.repeat(128)} ${'c'.repeat(128)}`],
    ],
    ['a surrogate pair is never split', `${'x'.repeat(127)}😀`, [`${'x'.repeat(127)}😀`]],
  ])('%s', (_name, text, pieces) => {
    const seen: string[] = [];
    countInPieces(text, (piece) => {
      seen.push(piece);
      return piece.length;
    });
    expect(seen).toEqual(pieces);
  });

  it('counts long runs without whitespace in linear time (the quadratic BPE case)', () => {
    const started = performance.now();
    const tokens = countTextTokens('a'.repeat(400_000), 'gpt-4o', new CountBudget(Number.POSITIVE_INFINITY));
    // Before the fix: about 100 s. Generous bound: this only guards against the quadratic case.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(tokens).toBeGreaterThan(400_000 / 128);
  });

  it('counts exactly within the budget and estimates the rest from the UTF-8 size', () => {
    const head = 'word '.repeat(1000);
    const tail = 'x'.repeat(4000);
    const budget = new CountBudget(head.length);
    const counted = countTextTokens(head + tail, 'gpt-4o', budget);
    expect(counted).toBe(countTextTokens(head, 'gpt-4o') + estimateTokensFromBytes(tail));
    expect(budget.remaining).toBe(0);
    // An exhausted budget only estimates; CJK text is estimated from its bytes (3 per character).
    expect(countTextTokens('人工智能', 'gpt-4o', budget)).toBe(3);
  });

  it('shares one budget across the messages of a prompt', () => {
    const big = 'lorem ipsum '.repeat(Math.ceil(EXACT_COUNT_CHARACTERS / 12) + 1000);
    const budget = new CountBudget();
    countChatPromptTokens(
      [
        { role: 'user', content: big },
        { role: 'user', content: big },
      ],
      'gpt-4o',
      {},
      budget,
    );
    expect(budget.remaining).toBe(0);
  });

  it('charges each exact count at least MIN_CHARACTERS_PER_COUNT, so many tiny texts exhaust it too', () => {
    const budget = new CountBudget(10 * MIN_CHARACTERS_PER_COUNT);
    for (let index = 0; index < 10; index += 1) expect(countTextTokens('a', 'gpt-4o', budget)).toBe(1);
    expect(budget.remaining).toBe(0);
    // Beyond it, a tiny text is estimated (the estimate of one character is one token too).
    expect(countTextTokens('hello world', 'gpt-4o', budget)).toBe(estimateTokensFromBytes('hello world'));
  });

  it('counts a canonical request within one budget, however many messages it has', () => {
    const text = 'lorem ipsum '.repeat(Math.ceil(EXACT_COUNT_CHARACTERS / 12));
    const messages = Array.from({ length: 3 }, () => ({
      role: 'user' as const,
      content: [{ type: 'text' as const, text }],
    }));
    const request = { model: 'gpt-4o', system: [], messages, tools: [], stream: false };
    // The first message is counted exactly; the budget is then spent, and the other two are estimated.
    const exact = countTextTokens(text, 'gpt-4o', new CountBudget(Number.POSITIVE_INFINITY));
    expect(countRequestTokens(request, 'gpt-4o')).toBe(3 + 3 * 3 + exact + 2 * estimateTokensFromBytes(text));
  });
});
