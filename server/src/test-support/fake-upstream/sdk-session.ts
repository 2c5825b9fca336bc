/**
 * What the fake upstream's own tests share: one fake for the test file, reset after each test, and
 * clients of the official OpenAI SDK pointed at it.
 */
import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './fake-upstream.ts';

/** The conversation the tests send; the fake answers it with 'Hello from fake upstream'. */
export const helloMessages = [{ role: 'user' as const, content: 'Say hello to the fake' }];

/** The text of streamed chunks, joined. */
export const contentOf = (chunks: ChatCompletionChunk[]) =>
  chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');

export interface FakeUpstreamSession {
  readonly upstream: FakeUpstream;
  /** A client with the key `sk-test-key`. */
  readonly client: OpenAI;
  clientFor(apiKey: string): OpenAI;
}

/** Starts the fake before the file's tests, resets it after each and closes it after the last. */
export function setUpFakeUpstream(): FakeUpstreamSession {
  let upstream: FakeUpstream | undefined;
  let client: OpenAI | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the fake upstream is not started yet (use it inside a test)');
    return value;
  };
  const session: FakeUpstreamSession = {
    get upstream() {
      return started(upstream);
    },
    get client() {
      return started(client);
    },
    clientFor: (apiKey) => new OpenAI({ apiKey, baseURL: `${started(upstream).url}/v1`, maxRetries: 0 }),
  };
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    client = session.clientFor('sk-test-key');
  });
  afterEach(() => upstream?.reset());
  afterAll(async () => {
    await upstream?.close();
  });
  return session;
}
