/**
 * Streams of the Claude, Gemini and Responses formats. Between two different formats each upstream event
 * is decoded into canonical events (server/src/relay/canonical/types.ts) and re-encoded in the client's
 * format at once; when both sides speak the same format (no encoder) each event passes through as it came
 * and is only decoded for metering. No buffering of the reply, constant memory, backpressure from a slow
 * client pauses the upstream read. Usage comes from
 * the upstream's usage events; the delivered text is estimated (or tokenized when the upstream cannot
 * report usage) in case none arrives. The ending rules are those of server/src/relay/deliver/stream-relay.ts.
 */

import type { ServerResponse } from 'node:http';
import { formatSseEvent, SseParser, type SseParserOptions } from '../../lib/sse.ts';
import { CompletionCounter, CompletionEstimator, type CompletionTally } from '../billing/tokens.ts';
import type { EndResponse } from '../call/call-state.ts';
import type { SseMessage, StreamDecoder, StreamEncoder } from '../canonical/codec.ts';
import { mergeUsage } from '../canonical/helpers.ts';
import { billingUsage } from '../canonical/metering.ts';
import type { CanonicalUsage, StreamEvent } from '../canonical/types.ts';
import { type StreamRelayResult, startPings, streamOutcome, waitForDrain } from './stream-relay.ts';

export interface ConvertedStreamInput {
  raw: ServerResponse;
  upstream: AsyncIterable<Uint8Array>;
  /** Reads the upstream's format. */
  decoder: StreamDecoder;
  /** Parser options of the upstream's format (UpstreamCodec.sse). */
  sse?: SseParserOptions;
  /** Writes the client's format. */
  encoder: StreamEncoder;
  /** Same format on both sides: events pass through as they came (the encoder only renders an interruption). */
  passThrough: boolean;
  /** The model the client asked for (for counting). */
  model: string;
  pingSeconds: number;
  startedAt: number;
  /** Tokenize the delivered text (the upstream cannot report stream usage), or only estimate it. */
  countPrecisely: boolean;
  clientGone: () => boolean;
  /**
   * The prompt counted locally: when the upstream reports no usage (PaLM), the client still gets the
   * usage its format carries, made of the counted prompt and the delivered completion (billing is not
   * affected: it counts the same way in server/src/relay/call/pipeline.ts).
   */
  countPromptTokens?: () => number;
  /**
   * Ends the response with its last bytes (server/src/relay/call/call-state.ts deferredEnd); raw.end when
   * absent.
   */
  end?: EndResponse;
  /** Told the id of the upstream's reply when its start event arrives. */
  onStart?: (id: string) => void;
}

/** What a stream delivered so far, read off the canonical events. */
class StreamTally {
  usage: CanonicalUsage | null = null;
  contentEvents = 0;
  upstreamError = false;
  stopped = false;
  readonly counter: CompletionTally;

  constructor(model: string, precise: boolean) {
    this.counter = precise ? new CompletionCounter(model) : new CompletionEstimator();
  }

  observe(event: StreamEvent): void {
    switch (event.type) {
      case 'text_delta':
      case 'thinking_delta':
        this.counter.add(event.text);
        this.contentEvents += 1;
        break;
      case 'arguments_delta':
        this.counter.add(event.json);
        this.contentEvents += 1;
        break;
      case 'block_start':
        if (event.block.type === 'tool_call') this.counter.add(event.block.name);
        break;
      case 'usage':
        this.usage = mergeUsage(this.usage, event.usage);
        break;
      case 'stop':
        this.stopped = true;
        break;
      case 'error':
        this.upstreamError = true;
        break;
      default:
        break;
    }
  }
}

export async function relayConvertedStream(input: ConvertedStreamInput): Promise<StreamRelayResult> {
  const { raw, decoder, encoder } = input;
  const parser = new SseParser(input.sse);
  const tally = new StreamTally(input.model, input.countPrecisely);
  let firstResponseMs: number | null = null;
  let failed = false;

  const write = async (text: string) => {
    if (text === '' || raw.destroyed) return;
    if (firstResponseMs === null) firstResponseMs = Date.now() - input.startedAt;
    if (!raw.write(text)) await waitForDrain(raw);
  };
  const emit = async (events: StreamEvent[]) => {
    for (const event of events) {
      if (event.type === 'stop' && tally.usage === null && input.countPromptTokens && !input.passThrough) {
        const counted = { inputTokens: input.countPromptTokens(), outputTokens: tally.counter.total() };
        await write(encoder.encode({ type: 'usage', usage: counted }));
      }
      tally.observe(event);
      if (event.type === 'start' && event.id) input.onStart?.(event.id);
      if (!input.passThrough) await write(encoder.encode(event));
    }
  };

  const ping = startPings(raw, input.pingSeconds);
  try {
    const relay = async (message: SseMessage) => {
      await emit(decoder.push(message));
      if (input.passThrough) await write(formatSseEvent(message));
    };
    for await (const chunk of input.upstream) {
      for (const message of parser.push(chunk)) await relay(message);
    }
    for (const message of parser.end()) await relay(message);
    await emit(decoder.end());
  } catch {
    failed = true;
  } finally {
    if (ping) clearInterval(ping);
  }
  failed ||= tally.upstreamError || !tally.stopped;

  const outputDelivered = tally.contentEvents > 0;
  const gone = input.clientGone();
  if (!gone && !raw.destroyed) {
    if (failed && outputDelivered && !tally.upstreamError) {
      // Tell the client the reply was cut short rather than letting it look complete.
      await write(encoder.encode({ type: 'error', message: 'the upstream stream was interrupted' }));
    }
    const final = input.passThrough ? undefined : encoder.finish();
    if (input.end) input.end(final);
    else raw.end(final);
  }

  return {
    outcome: streamOutcome(gone, failed, outputDelivered, tally.usage !== null),
    upstreamUsage: tally.usage ? billingUsage(tally.usage) : null,
    deliveredCompletionTokens: tally.counter.total(),
    outputDelivered,
    firstResponseMs,
  };
}
