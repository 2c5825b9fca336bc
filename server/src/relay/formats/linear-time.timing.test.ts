/**
 * Every step a conversation takes through the format codecs grows linearly with its size
 * (docs/decisions/0010-relay-admission-and-usage-bounds.md): decoding each client format, counting the
 * prompt, and encoding for every upstream format, including the providers' own dialects. Each shape is
 * timed at N and 8·N items; a linear step takes about 8 times as long, a quadratic one 64 times (merging
 * same-role messages by copying, and matching Gemini function responses by searching, were such steps:
 * 40,000 messages took 13 s). The bound, 24 times, leaves room for the collector's noise.
 */
import { describe, expect, it } from 'vitest';
import { fastestOf } from '../../test-support/timing.ts';
import { codecFor } from '../call/conversion.ts';
import type { FormatCodec, UpstreamCodec, WireFormat } from '../canonical/codec.ts';
import { countRequestTokens } from '../canonical/metering.ts';
import type { CanonicalRequest } from '../canonical/types.ts';
import { adaptorForChannel } from '../channel-types.ts';

const SMALL = 2_000;
const LARGE = 8 * SMALL;
const MAX_GROWTH = 24;
/** Below this, a step is too fast for its ratio to mean anything. */
const NOISE_MS = 15;

const clientFormats: WireFormat[] = ['openai-chat', 'claude', 'openai-responses', 'gemini'];

/** The upstream codecs: the client formats' and every provider dialect (channel types with one). */
function upstreamCodecs(): UpstreamCodec[] {
  const codecs = new Map<string, UpstreamCodec>();
  for (const format of clientFormats) codecs.set(format, codecFor(format));
  for (let type = 1; type <= 60; type += 1) {
    for (const other of ['', 'library-id']) {
      const dialect = adaptorForChannel({ type, baseUrl: 'http://upstream', other })?.dialect;
      if (dialect) codecs.set(dialect.id, dialect);
    }
  }
  return [...codecs.values()];
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);
const schema = { type: 'object', properties: { a: { type: 'string' } } };

/** Request bodies of each client format that grow with `n` in one direction each. */
const shapes: Record<WireFormat, Record<string, (n: number) => Record<string, unknown>>> = {
  'openai-chat': {
    'same-role messages': (n) => ({ messages: range(n).map(() => ({ role: 'user', content: 'a' })) }),
    'alternating messages': (n) => ({
      messages: range(n).map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'a' })),
    }),
    'system messages between user messages': (n) => ({
      messages: range(n).map((i) => ({ role: i % 2 ? 'system' : 'user', content: 'a' })),
    }),
    'parts of one message': (n) => ({
      messages: [{ role: 'user', content: range(n).map(() => ({ type: 'text', text: 'a' })) }],
    }),
    'tool calls answered in reverse order': (n) => ({
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: null,
          tool_calls: range(n).map((i) => ({
            id: `c${i}`,
            type: 'function',
            function: { name: 'f', arguments: '{}' },
          })),
        },
        ...range(n)
          .reverse()
          .map((i) => ({ role: 'tool', tool_call_id: `c${i}`, content: 'r' })),
      ],
    }),
    tools: (n) => ({
      messages: [{ role: 'user', content: 'q' }],
      tools: range(n).map((i) => ({ type: 'function', function: { name: `t${i}`, parameters: schema } })),
    }),
  },
  claude: {
    'same-role messages': (n) => ({
      max_tokens: 5,
      messages: range(n).map(() => ({ role: 'user', content: 'a' })),
    }),
    'alternating messages': (n) => ({
      max_tokens: 5,
      messages: range(n).map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'a' })),
    }),
    'system entries between messages': (n) => ({
      max_tokens: 5,
      messages: range(n).map((i) => ({ role: i % 2 ? 'system' : 'user', content: 'a' })),
    }),
    'system blocks': (n) => ({
      max_tokens: 5,
      system: range(n).map(() => ({ type: 'text', text: 'a' })),
      messages: [{ role: 'user', content: 'a' }],
    }),
    'tool uses answered in reverse order': (n) => ({
      max_tokens: 5,
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: range(n).map((i) => ({ type: 'tool_use', id: `c${i}`, name: 'f', input: {} })),
        },
        {
          role: 'user',
          content: range(n)
            .reverse()
            .map((i) => ({ type: 'tool_result', tool_use_id: `c${i}`, content: 'r' })),
        },
      ],
    }),
    'blocks of one tool result': (n) => ({
      max_tokens: 5,
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'f', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'c',
              content: range(n).map(() => ({ type: 'text', text: 'a' })),
            },
          ],
        },
      ],
    }),
    tools: (n) => ({
      max_tokens: 5,
      messages: [{ role: 'user', content: 'q' }],
      tools: range(n).map((i) => ({ name: `t${i}`, input_schema: schema })),
    }),
  },
  'openai-responses': {
    'same-role items': (n) => ({ input: range(n).map(() => ({ role: 'user', content: 'a' })) }),
    'alternating items': (n) => ({
      input: range(n).map((i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'a' })),
    }),
    'developer items between user items': (n) => ({
      input: range(n).map((i) => ({ role: i % 2 ? 'developer' : 'user', content: 'a' })),
    }),
    'parts of one item': (n) => ({
      input: [{ role: 'user', content: range(n).map(() => ({ type: 'input_text', text: 'a' })) }],
    }),
    'function calls answered in reverse order': (n) => ({
      input: [
        { role: 'user', content: 'q' },
        ...range(n).map((i) => ({ type: 'function_call', call_id: `c${i}`, name: 'f', arguments: '{}' })),
        ...range(n)
          .reverse()
          .map((i) => ({ type: 'function_call_output', call_id: `c${i}`, output: 'r' })),
      ],
    }),
    tools: (n) => ({
      input: 'q',
      tools: range(n).map((i) => ({ type: 'function', name: `t${i}`, parameters: schema })),
    }),
  },
  gemini: {
    'same-role contents': (n) => ({
      contents: range(n).map(() => ({ role: 'user', parts: [{ text: 'a' }] })),
    }),
    'alternating contents': (n) => ({
      contents: range(n).map((i) => ({ role: i % 2 ? 'model' : 'user', parts: [{ text: 'a' }] })),
    }),
    'parts of one content': (n) => ({
      contents: [{ role: 'user', parts: range(n).map(() => ({ text: 'a' })) }],
    }),
    'system parts': (n) => ({
      systemInstruction: { parts: range(n).map(() => ({ text: 'a' })) },
      contents: [{ role: 'user', parts: [{ text: 'a' }] }],
    }),
    'function calls answered in reverse order': (n) => ({
      contents: [
        { role: 'user', parts: [{ text: 'q' }] },
        {
          role: 'model',
          parts: range(n).map((i) => ({ functionCall: { id: `c${i}`, name: 'f', args: {} } })),
        },
        {
          role: 'user',
          parts: range(n)
            .reverse()
            .map((i) => ({ functionResponse: { id: `c${i}`, name: 'f', response: { output: 'r' } } })),
        },
      ],
    }),
    'function calls without ids': (n) => ({
      contents: [
        { role: 'user', parts: [{ text: 'q' }] },
        { role: 'model', parts: range(n).map(() => ({ functionCall: { name: 'f', args: {} } })) },
        {
          role: 'user',
          parts: range(n).map(() => ({ functionResponse: { name: 'f', response: { output: 'r' } } })),
        },
      ],
    }),
    'function declarations': (n) => ({
      contents: [{ role: 'user', parts: [{ text: 'q' }] }],
      tools: [{ functionDeclarations: range(n).map((i) => ({ name: `t${i}`, parameters: schema })) }],
    }),
  },
};

/** Milliseconds per step (decode, count, each upstream's encode) of one shape at size `n`. */
function timings(
  codec: FormatCodec,
  make: (n: number) => Record<string, unknown>,
  n: number,
  targets: UpstreamCodec[],
) {
  const body = { model: 'gpt-4o', ...make(n) };
  const times = new Map<string, number>();
  let request: CanonicalRequest | undefined;
  times.set(
    'decode',
    fastestOf(() => {
      request = codec.decodeRequest({ ...body }, { model: 'gpt-4o', stream: false });
    }),
  );
  const decoded = request as CanonicalRequest;
  times.set(
    'count',
    fastestOf(() => countRequestTokens(decoded, 'gpt-4o')),
  );
  for (const target of targets) {
    times.set(
      `encode for ${target.id}`,
      fastestOf(() => JSON.stringify(target.encodeRequest({ ...decoded, maxTokens: 5 }))),
    );
  }
  return times;
}

describe('the format codecs take time linear in the size of a conversation', () => {
  const targets = upstreamCodecs();
  const cases = clientFormats.flatMap((format) =>
    Object.entries(shapes[format]).map(([shape, make]) => ({ format, shape, make })),
  );

  it.each(cases)('$format: $shape', { retry: 2, timeout: 120_000 }, ({ format, make }) => {
    const codec = codecFor(format);
    const small = timings(codec, make, SMALL, targets);
    const large = timings(codec, make, LARGE, targets);
    const steep = [...large].filter(
      ([step, ms]) => ms > NOISE_MS && ms > MAX_GROWTH * (small.get(step) ?? 0),
    );
    expect(
      steep.map(([step, ms]) => `${step}: ${(small.get(step) ?? 0).toFixed(1)} ms → ${ms.toFixed(1)} ms`),
    ).toEqual([]);
  });
});
