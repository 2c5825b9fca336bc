/**
 * The stream transcoder (./stream-transcoder.ts) that reads the upstream's events through its format's
 * stream decoder into canonical events (server/src/relay/canonical/types.ts). Between two different formats
 * each event is encoded in the client's format at once; when both sides speak the same format (Claude,
 * Gemini, Responses) the event goes out as it came and is decoded only to meter it. Usage comes from the
 * upstream's usage events; the delivered text is estimated (or tokenized when the upstream cannot report
 * usage) in case none arrives. A converted stream whose upstream reports no usage (PaLM) still gives the
 * client the usage its format carries, made of the counted prompt and the delivered completion (billing
 * counts the same way: server/src/relay/call/pipeline.ts).
 */
import type { SseParserOptions } from '../../lib/sse.ts';
import { formatSseEvent } from '../../lib/sse.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import { CompletionCounter, CompletionEstimator, type CompletionTally } from '../billing/tokens.ts';
import type { SseMessage, StreamDecoder, StreamEncoder } from '../canonical/codec.ts';
import { mergeUsage } from '../canonical/helpers.ts';
import { billingUsage } from '../canonical/metering.ts';
import type { CanonicalUsage, StreamEvent } from '../canonical/types.ts';
import type { StreamTranscoder, TranscoderInput } from './stream-transcoder.ts';

export class CanonicalTranscoder implements StreamTranscoder {
  readonly sse: SseParserOptions | undefined;
  readonly finished = false;
  private readonly decoder: StreamDecoder;
  private readonly counter: CompletionTally;
  private reported: CanonicalUsage | null = null;
  private contentEvents = 0;
  private stopped = false;
  upstreamErrorSent = false;

  constructor(
    private readonly input: TranscoderInput,
    /** Writes the client's format (in pass-through only its interruption notice). */
    private readonly encoder: StreamEncoder,
    /** Same format on both sides: events go out as they came. */
    private readonly passThrough: boolean,
  ) {
    this.sse = input.upstreamCodec.sse;
    this.decoder = input.upstreamCodec.streamDecoder();
    this.counter = input.countPrecisely ? new CompletionCounter(input.model) : new CompletionEstimator();
  }

  get outputDelivered(): boolean {
    return this.contentEvents > 0;
  }

  push(message: SseMessage): string {
    const text = this.emit(this.decoder.push(message));
    return this.passThrough ? formatSseEvent(message) : text;
  }

  end(): string {
    return this.emit(this.decoder.end());
  }

  /** Meters the canonical events; their encoding in the client's format ('' in pass-through). */
  private emit(events: StreamEvent[]): string {
    let text = '';
    for (const event of events) {
      if (event.type === 'stop' && this.reported === null && !this.passThrough) {
        const counted = { inputTokens: this.input.countPromptTokens(), outputTokens: this.counter.total() };
        text += this.encoder.encode({ type: 'usage', usage: counted });
      }
      this.observe(event);
      if (!this.passThrough) text += this.encoder.encode(event);
    }
    return text;
  }

  private observe(event: StreamEvent): void {
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
        this.reported = mergeUsage(this.reported, event.usage);
        break;
      case 'start':
        if (event.id) this.input.onReplyId?.(event.id);
        break;
      case 'stop':
        this.stopped = true;
        break;
      case 'error':
        this.upstreamErrorSent = true;
        break;
      default:
        break;
    }
  }

  endedBadly(): boolean {
    return this.upstreamErrorSent || !this.stopped;
  }

  madeUpUsage(): string {
    return '';
  }

  interruption(): string {
    return this.encoder.encode({ type: 'error', message: 'the upstream stream was interrupted' });
  }

  final(): string | undefined {
    return this.passThrough ? undefined : this.encoder.finish();
  }

  usage(): TokenUsage | null {
    return this.reported ? billingUsage(this.reported) : null;
  }

  deliveredTokens(): number {
    return this.counter.total();
  }
}
