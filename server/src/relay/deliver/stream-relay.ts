/**
 * Server-sent-event pass-through (principle 2 of docs/reference/design-principles.md): each upstream event is written to the client as
 * soon as it arrives, usage and text are read incrementally (constant memory whatever the length), the
 * usage-only chunk is forwarded only when the client asked for it (and made up from counts when the
 * upstream sent none), `[DONE]` always ends the stream, and backpressure from a slow client pauses the
 * upstream read instead of buffering.
 */

import type { ServerResponse } from 'node:http';
import { formatSseComment, SSE_DONE, SseParser } from '../../lib/sse.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import type { CallOutcome } from '../billing/settlement.ts';
import { CompletionCounter, CompletionEstimator, type CompletionTally } from '../billing/tokens.ts';
import type { EndResponse } from '../call/call-state.ts';
import {
  buildCompletionUsageChunk,
  buildUsageChunk,
  inspectChatChunk,
  inspectCompletionChunk,
} from '../formats/openai/stream.ts';
import { usageFromCounts } from '../formats/openai/usage.ts';
import { tokenUsageOf } from './openai-usage.ts';

export interface StreamRelayInput {
  raw: ServerResponse;
  upstream: AsyncIterable<Uint8Array>;
  endpoint: 'chat' | 'completions';
  clientWantsUsage: boolean;
  /** The model the client asked for (used for counting and for a made-up usage chunk). */
  model: string;
  requestId: string;
  pingSeconds: number;
  startedAt: number;
  countPromptTokens: () => number;
  /**
   * Tokenize the delivered text (the upstream cannot report stream usage), or only estimate it as a
   * fallback (usage was requested and normally arrives at the end).
   */
  countPrecisely: boolean;
  /** True once the client has gone away (the caller aborts the upstream then). */
  clientGone: () => boolean;
  /**
   * Ends the response with its last bytes (server/src/relay/call/call-state.ts deferredEnd); raw.end when
   * absent.
   */
  end?: EndResponse;
}

export interface StreamRelayResult {
  outcome: CallOutcome;
  upstreamUsage: TokenUsage | null;
  deliveredCompletionTokens: number;
  outputDelivered: boolean;
  firstResponseMs: number | null;
}

/** Resolves when a slow client has taken what was written (or has gone). */
export function waitForDrain(raw: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.once('drain', done);
    raw.once('close', done);
  });
}

/** Writes an SSE comment every `seconds` (never when 0) to keep an idle stream open; clear it at the end. */
export function startPings(raw: ServerResponse, seconds: number): NodeJS.Timeout | undefined {
  if (seconds <= 0) return undefined;
  return setInterval(() => {
    if (!raw.destroyed) raw.write(formatSseComment('PING'));
  }, seconds * 1000);
}

/**
 * How a relayed stream ended (server/src/relay/deliver/converted-stream.ts too). `usageReported`: the
 * upstream sent usage, so a stream with no output but its usage is complete.
 */
export function streamOutcome(
  gone: boolean,
  failed: boolean,
  outputDelivered: boolean,
  usageReported: boolean,
): CallOutcome {
  if (gone) return 'client_aborted';
  if (failed) return outputDelivered ? 'upstream_failed_after_output' : 'upstream_failed_before_output';
  return outputDelivered || usageReported ? 'completed' : 'upstream_failed_before_output';
}

export function writeStreamHeaders(raw: ServerResponse, requestId: string): void {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  });
}

export async function relayStream(input: StreamRelayInput): Promise<StreamRelayResult> {
  const { raw } = input;
  const inspect = input.endpoint === 'chat' ? inspectChatChunk : inspectCompletionChunk;
  const parser = new SseParser();
  const counter: CompletionTally = input.countPrecisely
    ? new CompletionCounter(input.model)
    : new CompletionEstimator();
  let usage: TokenUsage | null = null;
  let chunksDelivered = 0;
  let firstResponseMs: number | null = null;
  let done = false;
  let failed = false;
  let lastId = '';
  let lastCreated = 0;

  const write = async (text: string) => {
    if (raw.destroyed) return;
    if (!raw.write(text)) await waitForDrain(raw);
  };

  const ping = startPings(raw, input.pingSeconds);

  const handle = async (data: string) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    const inspection = inspect(data);
    if (inspection.id) lastId = inspection.id;
    if (inspection.created) lastCreated = inspection.created;
    if (inspection.usage) usage = tokenUsageOf(inspection.usage);
    if (inspection.deltaText) counter.add(inspection.deltaText);
    if (inspection.isUsageOnly && !input.clientWantsUsage) return;
    if (firstResponseMs === null) firstResponseMs = Date.now() - input.startedAt;
    if (!inspection.isUsageOnly) chunksDelivered += 1;
    await write(`data: ${data}\n\n`);
  };

  try {
    for await (const chunk of input.upstream) {
      for (const event of parser.push(chunk)) await handle(event.data);
      if (done) break;
    }
    if (!done) for (const event of parser.end()) await handle(event.data);
  } catch {
    failed = true;
  } finally {
    if (ping) clearInterval(ping);
  }

  const delivered = counter.total();
  const gone = input.clientGone();
  if (!gone && !raw.destroyed) {
    if (input.clientWantsUsage && usage === null) {
      const made = usageFromCounts(input.countPromptTokens(), delivered);
      const init = {
        id: lastId || `chatcmpl-${input.requestId}`,
        model: input.model,
        created: lastCreated || Math.floor(Date.now() / 1000),
        usage: made,
      };
      const chunk = input.endpoint === 'chat' ? buildUsageChunk(init) : buildCompletionUsageChunk(init);
      await write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    if (failed && chunksDelivered > 0) {
      // Tell the client the reply was cut short rather than letting it look complete.
      const error = {
        error: {
          message: 'the upstream stream was interrupted',
          type: 'upstream_error',
          code: 'stream_interrupted',
        },
      };
      await write(`data: ${JSON.stringify(error)}\n\n`);
    }
    if (input.end) input.end(SSE_DONE);
    else raw.end(SSE_DONE);
  }

  const outputDelivered = chunksDelivered > 0;
  return {
    outcome: streamOutcome(gone, failed, outputDelivered, usage !== null),
    upstreamUsage: usage,
    deliveredCompletionTokens: delivered,
    outputDelivered,
    firstResponseMs,
  };
}
