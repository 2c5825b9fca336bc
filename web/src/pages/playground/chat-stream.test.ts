import { describe, expect, it } from 'vitest';
import {
  type ChunkOutcome,
  consumeChatStream,
  errorFromBody,
  interpretChunk,
  interpretJsonReply,
  type StreamEnd,
} from './chat-stream.ts';

const chunk = (content: unknown) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });

describe('interpretChunk', () => {
  it.each<[string, string, ChunkOutcome]>([
    ['text', chunk('Hello'), { kind: 'delta', text: 'Hello' }],
    ['text with spaces kept', chunk(' world '), { kind: 'delta', text: ' world ' }],
    ['the end marker', '[DONE]', { kind: 'done' }],
    ['the end marker with spaces', ' [DONE] ', { kind: 'done' }],
    [
      'the role-only first chunk',
      JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] }),
      { kind: 'none' },
    ],
    ['empty content', chunk(''), { kind: 'none' }],
    ['null content', chunk(null), { kind: 'none' }],
    ['a finish chunk', JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] }), { kind: 'none' }],
    [
      'a usage chunk with empty choices',
      JSON.stringify({ choices: [], usage: { total_tokens: 3 } }),
      { kind: 'none' },
    ],
    ['no choices at all', JSON.stringify({ id: 'x' }), { kind: 'none' }],
    [
      'a streamed OpenAI error',
      JSON.stringify({ error: { message: 'quota exhausted', type: 'x', code: 'y' } }),
      { kind: 'error', error: { message: 'quota exhausted', code: 'y', type: 'x' } },
    ],
    [
      'a streamed string error',
      JSON.stringify({ error: 'upstream gone' }),
      { kind: 'error', error: { message: 'upstream gone', code: null, type: null } },
    ],
    [
      'an error without message',
      JSON.stringify({ error: { code: 42 } }),
      { kind: 'error', error: { message: '{"code":42}', code: null, type: null } },
    ],
    ['not JSON', 'hello', { kind: 'invalid', data: 'hello' }],
    ['a JSON array', '[1]', { kind: 'invalid', data: '[1]' }],
  ])('%s', (_name, data, expected) => {
    expect(interpretChunk(data)).toEqual(expected);
  });
});

describe('errorFromBody', () => {
  it('keeps the code and type of an OpenAI error body', () => {
    const body =
      '{"error":{"message":"quota used up","type":"new_api_error","code":"insufficient_user_quota"}}';
    expect(errorFromBody(body, 403)).toEqual({
      message: 'quota used up',
      code: 'insufficient_user_quota',
      type: 'new_api_error',
    });
  });

  it.each([
    ['{"error":{"message":"model not found","type":"x"}}', 400, '', 'model not found'],
    ['{"success":false,"message":"not logged in"}', 401, '', 'not logged in'],
    ['{"error":"bad gateway"}', 502, '', 'bad gateway'],
    ['upstream exploded', 502, 'Bad Gateway', 'upstream exploded'],
    ['', 503, 'Service Unavailable', 'HTTP 503 Service Unavailable'],
    ['   ', 500, '', 'HTTP 500'],
    ['{"other":1}', 400, '', '{"other":1}'],
  ])('%j (%i %s) → %s', (body, status, statusText, expected) => {
    expect(errorFromBody(body, status, statusText).message).toBe(expected);
  });

  it('shortens a long text body', () => {
    const { message } = errorFromBody('x'.repeat(5000), 500);
    expect(message).toHaveLength(1001);
    expect(message.endsWith('…')).toBe(true);
  });
});

describe('interpretJsonReply', () => {
  it.each<[string, string, ChunkOutcome]>([
    [
      'a complete reply',
      JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'Hi!' } }] }),
      { kind: 'delta', text: 'Hi!' },
    ],
    [
      'an error reply',
      JSON.stringify({ error: { message: 'nope' } }),
      { kind: 'error', error: { message: 'nope', code: null, type: null } },
    ],
    ['no content', JSON.stringify({ choices: [] }), { kind: 'none' }],
    ['not JSON', '<html>', { kind: 'invalid', data: '<html>' }],
  ])('%s', (_name, body, expected) => {
    expect(interpretJsonReply(body)).toEqual(expected);
  });
});

function streamOf(parts: (string | Uint8Array)[]): {
  body: ReadableStream<Uint8Array>;
  cancelled: () => boolean;
} {
  const encoder = new TextEncoder();
  let cancelled = false;
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[index];
      index += 1;
      if (part === undefined) controller.close();
      else controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, cancelled: () => cancelled };
}

async function run(parts: (string | Uint8Array)[]) {
  const deltas: string[] = [];
  const stream = streamOf(parts);
  const end = await consumeChatStream(stream.body, (text) => deltas.push(text));
  return { deltas, end, cancelled: stream.cancelled() };
}

const event = (data: string) => `data: ${data}\n\n`;
const bytes = new TextEncoder().encode(event(chunk('你好')));
const splitInsideCharacter = bytes.indexOf(0xe4) + 1;

describe('consumeChatStream', () => {
  it.each<[string, (string | Uint8Array)[], string[], StreamEnd, boolean]>([
    [
      'text pieces until [DONE]',
      [event(chunk('Hel')), event(chunk('lo')), event('[DONE]')],
      ['Hel', 'lo'],
      { kind: 'done' },
      true,
    ],
    [
      'events split across chunks mid-line',
      [`data: ${chunk('Hel').slice(0, 10)}`, `${chunk('Hel').slice(10)}\n`, `\ndata: [DO`, 'NE]\n\n'],
      ['Hel'],
      { kind: 'done' },
      true,
    ],
    [
      'a UTF-8 character split between chunks',
      [bytes.slice(0, splitInsideCharacter), bytes.slice(splitInsideCharacter), event('[DONE]')],
      ['你好'],
      { kind: 'done' },
      true,
    ],
    [
      'keep-alive comments and role chunks are skipped',
      [
        ': PING\n\n',
        event(JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })),
        event(chunk('A')),
        event('[DONE]'),
      ],
      ['A'],
      { kind: 'done' },
      true,
    ],
    [
      'stops reading at [DONE]',
      [`${event(chunk('A'))}${event('[DONE]')}`, event(chunk('ignored'))],
      ['A'],
      { kind: 'done' },
      true,
    ],
    [
      'a streamed error after some text',
      [
        event(chunk('partial')),
        event(JSON.stringify({ error: { message: 'upstream failed' } })),
        event(chunk('never')),
      ],
      ['partial'],
      { kind: 'error', error: { message: 'upstream failed', code: null, type: null } },
      true,
    ],
    [
      'a body that closes without [DONE]',
      [event(chunk('A')), 'data: ', `${chunk('B')}`],
      ['A', 'B'],
      { kind: 'closed' },
      false,
    ],
    ['an empty body', [], [], { kind: 'closed' }, false],
    [
      'data that is not JSON',
      [event(chunk('A')), event('oops')],
      ['A'],
      { kind: 'invalid', data: 'oops' },
      true,
    ],
  ])('%s', async (_name, parts, deltas, end, cancelled) => {
    const result = await run(parts);
    expect(result.deltas).toEqual(deltas);
    expect(result.end).toEqual(end);
    expect(result.cancelled).toBe(cancelled);
  });

  it('rejects when the read fails (an aborted fetch)', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(event(chunk('A'))));
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    await expect(consumeChatStream(body, () => {})).rejects.toThrow('aborted');
  });
});
