/**
 * The stream transcoder (./stream-transcoder.ts) of an OpenAI Chat Completions or text-completions call to
 * an upstream of the same format: each `data:` payload is parsed once (server/src/relay/formats/openai/
 * stream.ts) for its text, usage and id, and goes out as it came; the usage-only chunk goes out only when
 * the client asked for it (stream_options.include_usage), and is made up from counts when the upstream
 * sent none; `[DONE]` ends the read and always ends the client's stream.
 */
import type { SseParserOptions } from '../../lib/sse.ts';
import { SSE_DONE } from '../../lib/sse.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import { CompletionCounter, CompletionEstimator, type CompletionTally } from '../billing/tokens.ts';
import type { SseMessage } from '../canonical/codec.ts';
import {
  buildCompletionUsageChunk,
  buildUsageChunk,
  inspectChatChunk,
  inspectCompletionChunk,
} from '../formats/openai/stream.ts';
import { usageFromCounts } from '../formats/openai/usage.ts';
import { tokenUsageOf } from './openai-usage.ts';
import type { StreamTranscoder, TranscoderInput } from './stream-transcoder.ts';

const interruptionNotice = `data: ${JSON.stringify({
  error: {
    message: 'the upstream stream was interrupted',
    type: 'upstream_error',
    code: 'stream_interrupted',
  },
})}\n\n`;

export class OpenAiChunkTranscoder implements StreamTranscoder {
  readonly sse: SseParserOptions | undefined = undefined;
  readonly upstreamErrorSent = false;
  finished = false;
  private readonly chat: boolean;
  private readonly counter: CompletionTally;
  private reported: TokenUsage | null = null;
  private chunksDelivered = 0;
  private lastId = '';
  private lastCreated = 0;

  constructor(
    private readonly input: TranscoderInput,
    private readonly clientWantsUsage: boolean,
  ) {
    this.chat = input.endpoint === 'chat';
    this.counter = input.countPrecisely ? new CompletionCounter(input.model) : new CompletionEstimator();
  }

  get outputDelivered(): boolean {
    return this.chunksDelivered > 0;
  }

  push(message: SseMessage): string {
    const { data } = message;
    if (data === '[DONE]') {
      this.finished = true;
      return '';
    }
    const inspection = this.chat ? inspectChatChunk(data) : inspectCompletionChunk(data);
    if (inspection.id) this.lastId = inspection.id;
    if (inspection.created) this.lastCreated = inspection.created;
    if (inspection.usage) this.reported = tokenUsageOf(inspection.usage);
    if (inspection.deltaText) this.counter.add(inspection.deltaText);
    if (inspection.isUsageOnly) {
      if (!this.clientWantsUsage) return '';
    } else {
      this.chunksDelivered += 1;
    }
    return `data: ${data}\n\n`;
  }

  end(): string {
    return '';
  }

  endedBadly(): boolean {
    return false;
  }

  madeUpUsage(): string {
    if (!this.clientWantsUsage || this.reported !== null) return '';
    const init = {
      id: this.lastId || `chatcmpl-${this.input.requestId}`,
      model: this.input.model,
      created: this.lastCreated || Math.floor(Date.now() / 1000),
      usage: usageFromCounts(this.input.countPromptTokens(), this.counter.total()),
    };
    const chunk = this.chat ? buildUsageChunk(init) : buildCompletionUsageChunk(init);
    return `data: ${JSON.stringify(chunk)}\n\n`;
  }

  interruption(): string {
    return interruptionNotice;
  }

  final(): string {
    return SSE_DONE;
  }

  usage(): TokenUsage | null {
    return this.reported;
  }

  deliveredTokens(): number {
    return this.counter.total();
  }
}
