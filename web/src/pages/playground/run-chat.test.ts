import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaygroundChatRequest } from '../../api/playground.ts';
import type { ReplyEvent } from './chat-messages.ts';
import type { RelayErrorInfo } from './relay-error-text.ts';
import { runChat } from './run-chat.ts';

const request: PlaygroundChatRequest = {
  messages: [{ role: 'user', content: 'Hi' }],
  stream: true,
  model: 'gpt-4o-mini',
  group: 'default',
  max_tokens: 0,
  temperature: 0.7,
};

const texts = {
  expired: 'login expired',
  parseFailed: 'parse failed',
  networkError: (detail: string) => `network: ${detail}`,
  relayError: (error: RelayErrorInfo) => (error.code ? `${error.code}: ${error.message}` : error.message),
};

const sse = (...events: string[]) => events.map((data) => `data: ${data}\n\n`).join('');
const chunk = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] });

function eventStream(text: string, status = 200) {
  return new Response(text, { status, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function run(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  const events: ReplyEvent[] = [];
  const onExpired = vi.fn();
  await runChat({
    request,
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
    texts,
    onExpired,
  });
  return { events, onExpired, fetchMock };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('runChat', () => {
  it.each<[string, () => Response | Error, ReplyEvent[], boolean]>([
    [
      'a streamed reply',
      () => eventStream(sse(chunk('Hel'), chunk('lo'), '[DONE]')),
      [{ type: 'delta', text: 'Hel' }, { type: 'delta', text: 'lo' }, { type: 'finish' }],
      false,
    ],
    [
      'a streamed error after text',
      () =>
        eventStream(
          sse(chunk('Hel'), JSON.stringify({ error: { message: 'cut', code: 'stream_interrupted' } })),
        ),
      [
        { type: 'delta', text: 'Hel' },
        { type: 'fail', error: 'stream_interrupted: cut' },
      ],
      false,
    ],
    [
      'an HTTP error with an OpenAI error body',
      () => json({ error: { message: 'no channel for model x', type: 'gateway_error', code: 'x' } }, 503),
      [{ type: 'fail', error: 'x: no channel for model x' }],
      false,
    ],
    [
      'an HTTP error without a body',
      () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
      [{ type: 'fail', error: 'HTTP 502 Bad Gateway' }],
      false,
    ],
    [
      'an expired session (401)',
      () => json({ success: false, message: 'not logged in' }, 401),
      [{ type: 'fail', error: 'login expired' }],
      true,
    ],
    [
      'a complete JSON reply instead of a stream',
      () => json({ choices: [{ message: { role: 'assistant', content: 'Whole' } }] }, 200),
      [{ type: 'delta', text: 'Whole' }, { type: 'finish' }],
      false,
    ],
    [
      'an error object with status 200',
      () => json({ error: { message: 'refused' } }, 200),
      [{ type: 'fail', error: 'refused' }],
      false,
    ],
    [
      'a stream with data that is not JSON',
      () => eventStream(sse(chunk('A'), 'garbage')),
      [
        { type: 'delta', text: 'A' },
        { type: 'fail', error: 'parse failed' },
      ],
      false,
    ],
    [
      'a network failure',
      () => new TypeError('Failed to fetch'),
      [{ type: 'fail', error: 'network: Failed to fetch' }],
      false,
    ],
  ])('%s', async (_name, makeResponse, expected, expired) => {
    const result = await run(makeResponse());
    expect(result.events).toEqual(expected);
    expect(result.onExpired).toHaveBeenCalledTimes(expired ? 1 : 0);
  });

  it('posts the request with the session headers', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 42, username: 'alice', role: 1, status: 1, group: 'default' }),
    );
    const { fetchMock } = await run(eventStream(sse('[DONE]')));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/pg/chat/completions');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'New-Api-User': '42',
      'Cache-Control': 'no-store',
    });
    expect(JSON.parse(String(init.body))).toEqual(request);
  });

  it('keeps what arrived as a complete reply when stopped', async () => {
    const controller = new AbortController();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(encoder.encode(sse(chunk('partial'))));
        controller.signal.addEventListener('abort', () =>
          stream.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
    );
    const events: ReplyEvent[] = [];
    const running = runChat({
      request,
      signal: controller.signal,
      emit: (event) => {
        events.push(event);
        if (event.type === 'delta') controller.abort();
      },
      texts,
      onExpired: () => {},
    });
    await running;
    expect(events).toEqual([{ type: 'delta', text: 'partial' }, { type: 'finish' }]);
  });
});
