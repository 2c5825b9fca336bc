/**
 * What the gateway knows of a realtime session's settings, for billing (docs/realtime.md "Billing"):
 * whether the server's turn detection creates responses by itself, the most output tokens a response may
 * have, the audio formats (how many bytes make an audio token) and the tokens of the instructions and
 * tools. Read from the upstream's `session.created` / `session.updated` (the session as it is), and from
 * the client's `session.update` only where that makes the bound larger (the upstream confirms or refuses
 * it a moment later). Both the beta shape and the GA one (`audio.input` / `audio.output`) are read.
 */
import { CountBudget, countTextTokens } from '../billing/tokens.ts';
import { type Json, record } from './events.ts';

/**
 * Audio tokens of the Realtime API: one per 100 ms of the user's audio, one per 50 ms of the model's
 * (OpenAI, "Managing costs" of the Realtime guide). Bytes per second of each format: PCM is 16-bit mono
 * (24 kHz, the only rate the API takes), G.711 μ-law and A-law 8-bit mono at 8 kHz.
 */
const INPUT_TOKENS_PER_SECOND = 10;
const OUTPUT_TOKENS_PER_SECOND = 20;
const PCM_BYTES_PER_SECOND = 24_000 * 2;
const G711_BYTES_PER_SECOND = 8_000;

function bytesPerSecond(format: unknown): number | null {
  if (typeof format === 'string') {
    if (format === 'pcm16') return PCM_BYTES_PER_SECOND;
    if (format === 'g711_ulaw' || format === 'g711_alaw') return G711_BYTES_PER_SECOND;
    return null;
  }
  const fields = record(format);
  if (!fields) return null;
  if (fields.type === 'audio/pcm') {
    const rate = typeof fields.rate === 'number' && fields.rate > 0 ? fields.rate : 24_000;
    return rate * 2;
  }
  if (fields.type === 'audio/pcmu' || fields.type === 'audio/pcma') return G711_BYTES_PER_SECOND;
  return null;
}

/** A max_output_tokens value: a positive count, or null for `inf`; undefined when it says neither. */
export function outputTokenLimit(value: unknown): number | null | undefined {
  if (value === 'inf') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 1) return Math.floor(value);
  return undefined;
}

export class SessionSettings {
  /**
   * Whether the upstream starts responses by itself (turn detection with create_response). OpenAI's
   * sessions start with server VAD on, so until the upstream says otherwise, it may.
   */
  autoResponses = true;
  /** The session's max_output_tokens; null for `inf`. */
  maxOutputTokens: number | null = null;
  inputBytesPerToken = PCM_BYTES_PER_SECOND / INPUT_TOKENS_PER_SECOND;
  outputBytesPerToken = PCM_BYTES_PER_SECOND / OUTPUT_TOKENS_PER_SECOND;
  /** Tokens of the instructions and tools, as the upstream last described them. */
  private instructionTokens = 0;
  private toolTokens = 0;

  constructor(private readonly model: string) {}

  /** Text tokens every response's prompt starts with. */
  get promptTokens(): number {
    return this.instructionTokens + this.toolTokens;
  }

  /**
   * Takes in a session object: the upstream's (`fromUpstream`, authoritative) or the one a client's
   * `session.update` asks for (only what may make a response cost more is taken from it).
   */
  apply(session: Json, fromUpstream: boolean): void {
    const audio = record(session.audio);
    const input = record(audio?.input);
    const output = record(audio?.output);
    this.applyTurnDetection(session, input, fromUpstream);
    const limit = outputTokenLimit(session.max_output_tokens ?? session.max_response_output_tokens);
    if (limit !== undefined) {
      const larger = this.maxOutputTokens === null || limit === null || limit > this.maxOutputTokens;
      if (fromUpstream || larger) this.maxOutputTokens = limit;
    }
    const inputRate = bytesPerSecond(input?.format ?? session.input_audio_format);
    if (inputRate) this.inputBytesPerToken = inputRate / INPUT_TOKENS_PER_SECOND;
    const outputRate = bytesPerSecond(output?.format ?? session.output_audio_format);
    if (outputRate) this.outputBytesPerToken = outputRate / OUTPUT_TOKENS_PER_SECOND;
    if (!fromUpstream) return;
    const budget = new CountBudget();
    if (typeof session.instructions === 'string')
      this.instructionTokens = countTextTokens(session.instructions, this.model, budget);
    if (Array.isArray(session.tools))
      this.toolTokens =
        session.tools.length > 0 ? countTextTokens(JSON.stringify(session.tools), this.model, budget) : 0;
  }

  private applyTurnDetection(session: Json, input: Json | null, fromUpstream: boolean): void {
    let detection: unknown;
    if (input && 'turn_detection' in input) detection = input.turn_detection;
    else if ('turn_detection' in session) detection = session.turn_detection;
    else return;
    const fields = record(detection);
    const creates = fields !== null && fields.create_response !== false;
    if (fromUpstream || creates) this.autoResponses = creates;
  }

  /** Input audio tokens of `bytes` of audio in the session's input format. */
  inputAudioTokens(bytes: number): number {
    return bytes > 0 ? Math.ceil(bytes / this.inputBytesPerToken) : 0;
  }

  /** Output audio tokens of `bytes` of audio in the session's output format. */
  outputAudioTokens(bytes: number): number {
    return bytes > 0 ? Math.ceil(bytes / this.outputBytesPerToken) : 0;
  }
}
