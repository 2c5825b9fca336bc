/**
 * The one stream relay of the delivery stage (docs/relay-walkthrough.md), for every format pair: each
 * upstream server-sent event is handed to the call's transcoder (./stream-transcoder.ts) and what it gives
 * back is written to the client at once — constant memory whatever the length, a slow client pauses the
 * upstream read (backpressure), an idle stream gets pings. One set of ending rules: a stream that broke
 * (or, in the transcoder's format, did not end as it should) after output gets the interruption notice in
 * the client's format; a client that asked for usage gets one made up from counts when the upstream sent
 * none; the last bytes go out through `end`, after the call is settled
 * (server/src/relay/call/call-state.ts deferredEnd). Billing rules per ending:
 * docs/decisions/0005-stream-metering.md.
 */

import type { ServerResponse } from 'node:http';
import { formatSseComment, SseParser } from '../../lib/sse.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import type { CallOutcome } from '../billing/settlement.ts';
import type { EndResponse } from '../call/call-state.ts';
import type { StreamTranscoder } from './stream-transcoder.ts';

export interface EventStreamInput {
  raw: ServerResponse;
  upstream: AsyncIterable<Uint8Array>;
  /** What this call's format pair does with each event (./stream-transcoder.ts transcoderFor). */
  transcoder: StreamTranscoder;
  pingSeconds: number;
  startedAt: number;
  /** True once the client has gone away (the caller aborts the upstream then). */
  clientGone: () => boolean;
  /** Ends the response with its last bytes (server/src/relay/call/call-state.ts deferredEnd). */
  end: EndResponse;
}

export interface StreamResult {
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
 * How a relayed stream ended. `usageReported`: the upstream sent usage, so a stream with no output but its
 * usage is complete.
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

/** Relays the upstream's event stream through the transcoder; the headers are already written. */
export async function relayEventStream(input: EventStreamInput): Promise<StreamResult> {
  const { raw, transcoder } = input;
  const parser = new SseParser(transcoder.sse);
  let firstResponseMs: number | null = null;
  let failed = false;

  const write = async (text: string) => {
    if (text === '' || raw.destroyed) return;
    if (!raw.write(text)) await waitForDrain(raw);
  };
  const forward = async (text: string) => {
    if (text === '' || raw.destroyed) return;
    if (firstResponseMs === null) firstResponseMs = Date.now() - input.startedAt;
    if (!raw.write(text)) await waitForDrain(raw);
  };

  const ping = startPings(raw, input.pingSeconds);
  try {
    for await (const chunk of input.upstream) {
      for (const message of parser.push(chunk)) await forward(transcoder.push(message));
      // The upstream's end marker (OpenAI's `[DONE]`): the rest of its body is not read.
      if (transcoder.finished) break;
    }
    if (!transcoder.finished) for (const message of parser.end()) await forward(transcoder.push(message));
    await forward(transcoder.end());
  } catch {
    failed = true;
  } finally {
    if (ping) clearInterval(ping);
  }
  failed ||= transcoder.endedBadly();

  const { outputDelivered } = transcoder;
  const gone = input.clientGone();
  if (!gone && !raw.destroyed) {
    await write(transcoder.madeUpUsage());
    // Tell the client the reply was cut short rather than letting it look complete (unless the upstream's
    // own error event already said so).
    if (failed && outputDelivered && !transcoder.upstreamErrorSent) await write(transcoder.interruption());
    input.end(transcoder.final());
  }

  const usage = transcoder.usage();
  return {
    outcome: streamOutcome(gone, failed, outputDelivered, usage !== null),
    upstreamUsage: usage,
    deliveredCompletionTokens: transcoder.deliveredTokens(),
    outputDelivered,
    firstResponseMs,
  };
}
