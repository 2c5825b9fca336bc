/**
 * Benchmark child: many concurrent streaming requests through one pool large enough to open them all
 * at once. Each stream is parsed as SSE; the result says, per stream, whether it ended with [DONE],
 * how many content chunks arrived, and when its first byte came.
 */
import { setMaxListeners } from 'node:events';
import { Pool } from 'undici';
import { SseParser } from '../../server/src/lib/sse.ts';
import { childOptions, runClientChild } from '../lib/child-messages.ts';

export interface SlowStreamsOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  streams: number;
  deadlineMs: number;
}

export interface StreamOutcome {
  status: number;
  done: boolean;
  contentChunks: number;
  firstByteMs: number;
  totalMs: number;
  error?: string;
}

export interface SlowStreamsResult {
  wallMs: number;
  outcomes: StreamOutcome[];
}

function contentOf(data: string): string {
  const parsed = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] };
  const content = parsed.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
}

async function oneStream(
  pool: Pool,
  options: SlowStreamsOptions,
  signal: AbortSignal,
): Promise<StreamOutcome> {
  const url = new URL(options.url);
  const start = performance.now();
  const outcome: StreamOutcome = { status: 0, done: false, contentChunks: 0, firstByteMs: -1, totalMs: -1 };
  try {
    const response = await pool.request({
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body,
      signal,
    });
    outcome.status = response.statusCode;
    const parser = new SseParser();
    for await (const chunk of response.body) {
      if (outcome.firstByteMs < 0) outcome.firstByteMs = performance.now() - start;
      for (const event of parser.push(chunk)) {
        if (event.data === '[DONE]') outcome.done = true;
        else if (contentOf(event.data) !== '') outcome.contentChunks += 1;
      }
    }
  } catch (error) {
    outcome.error = (error as Error).message;
  }
  outcome.totalMs = performance.now() - start;
  return outcome;
}

async function runStreams(options: SlowStreamsOptions): Promise<SlowStreamsResult> {
  const url = new URL(options.url);
  const pool = new Pool(url.origin, {
    connections: options.streams,
    pipelining: 1,
    headersTimeout: options.deadlineMs,
    bodyTimeout: options.deadlineMs,
  });
  const signal = AbortSignal.timeout(options.deadlineMs);
  // Every stream listens to the one deadline signal.
  setMaxListeners(options.streams + 10, signal);
  const start = performance.now();
  try {
    const outcomes = await Promise.all(
      Array.from({ length: options.streams }, () => oneStream(pool, options, signal)),
    );
    return { wallMs: performance.now() - start, outcomes };
  } finally {
    await pool.close();
  }
}

runClientChild(() => runStreams(childOptions<SlowStreamsOptions>()));
