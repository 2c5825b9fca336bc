/**
 * The responses of the fake OpenAI Realtime API (realtime-upstream.ts): every response is the same script
 * of transcript, audio and text deltas, streamed one event every `intervalMs`, ended by a `response.done`
 * whose usage counts what was generated — all of it when the response completes, what was sent so far
 * when it is cancelled (`response.cancel`, or a turn detected by the VAD) or cut at its
 * `max_output_tokens`, as OpenAI reports it. Output audio is 24 kHz 16-bit mono PCM, one token per 50 ms
 * (2,400 bytes); text tokens are those of the o200k_base encoding (the counts are written out below).
 */
import { randomBytes } from 'node:crypto';

type Json = Record<string, unknown>;

/** Output audio tokens: one per 50 ms of 24 kHz 16-bit mono PCM (OpenAI's Realtime cost guide). */
const OUTPUT_AUDIO_BYTES_PER_TOKEN = 2_400;
const AUDIO_CHUNK_TOKENS = 50;

/** The input side of every response's usage (the fake's prompt); details are parts of the totals. */
const INPUT_USAGE = {
  input_tokens: 1264,
  input_token_details: {
    text_tokens: 264,
    audio_tokens: 1000,
    cached_tokens: 64,
    cached_tokens_details: { text_tokens: 64, audio_tokens: 0 },
  },
};

/** The transcript deltas of every response and their o200k_base token counts (100 with FAKE_REALTIME_TEXT). */
const TRANSCRIPT: readonly [string, number][] = [
  ['Hello', 1],
  [' from the', 2],
  [' fake realtime model.', 4],
  [' It counts:', 3],
  [' one, two, three, four,', 8],
  [' five, six, seven, eight,', 8],
  [' nine, ten, eleven, twelve,', 8],
  [' thirteen, fourteen, fifteen, sixteen,', 8],
  [' seventeen, eighteen, nineteen, twenty,', 8],
  [' and back down: twenty, nineteen, eighteen, seventeen,', 12],
  [' sixteen, fifteen, fourteen, thirteen,', 8],
  [' twelve, eleven, ten, nine,', 8],
  [' eight, seven, six, five,', 8],
  [' four, three, two, one.', 8],
  [' That is all for now', 5],
];
export const FAKE_REALTIME_TRANSCRIPT: readonly string[] = TRANSCRIPT.map(([delta]) => delta);
/** The one text delta of every response (one token). */
export const FAKE_REALTIME_TEXT = 'ok';
/** The audio of every response: 300 tokens (15 s), sent in six deltas of 50 tokens. */
export const FAKE_REALTIME_AUDIO = randomBytes(6 * AUDIO_CHUNK_TOKENS * OUTPUT_AUDIO_BYTES_PER_TOKEN);

export type ScriptStep =
  | { kind: 'transcript' | 'text'; delta: string; tokens: number }
  | { kind: 'audio'; bytes: Buffer; tokens: number };

/** Transcript pieces with an audio delta after the 3rd, 6th, 9th, 11th, 13th and 15th, then the text. */
function buildScript(): ScriptStep[] {
  const steps: ScriptStep[] = [];
  const audioAfter = [2, 5, 8, 10, 12, 14];
  const chunkBytes = AUDIO_CHUNK_TOKENS * OUTPUT_AUDIO_BYTES_PER_TOKEN;
  TRANSCRIPT.forEach(([delta, tokens], index) => {
    steps.push({ kind: 'transcript', delta, tokens });
    const chunk = audioAfter.indexOf(index);
    if (chunk >= 0)
      steps.push({
        kind: 'audio',
        bytes: FAKE_REALTIME_AUDIO.subarray(chunk * chunkBytes, (chunk + 1) * chunkBytes),
        tokens: AUDIO_CHUNK_TOKENS,
      });
  });
  steps.push({ kind: 'text', delta: FAKE_REALTIME_TEXT, tokens: 1 });
  return steps;
}

/** The output deltas of every response, in order. */
export const FAKE_REALTIME_SCRIPT: readonly ScriptStep[] = buildScript();

/** The usage of a response after `steps` of the script were generated. */
export function usageAfter(steps: number): Json {
  let text = 0;
  let audio = 0;
  for (const step of FAKE_REALTIME_SCRIPT.slice(0, steps)) {
    if (step.kind === 'audio') audio += step.tokens;
    else text += step.tokens;
  }
  return {
    total_tokens: INPUT_USAGE.input_tokens + text + audio,
    ...INPUT_USAGE,
    output_tokens: text + audio,
    output_token_details: { text_tokens: text, audio_tokens: audio },
  };
}

/** The usage of every completed response: 1264 tokens in, 100 text and 300 audio tokens out. */
export const FAKE_REALTIME_USAGE = usageAfter(FAKE_REALTIME_SCRIPT.length) as {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: typeof INPUT_USAGE.input_token_details;
  output_token_details: { text_tokens: number; audio_tokens: number };
};

/** How the fake streams its responses (set per test with FakeRealtime.behave). */
export interface FakeRealtimeBehaviour {
  /** Milliseconds between two events of a response. */
  intervalMs: number;
  /** Deltas sent before the response stalls (until it is cancelled); null: it never stalls. */
  holdAfterDeltas: number | null;
  /** Never sends `response.done`, not even for a cancel (an upstream that dropped it). */
  omitResponseDone: boolean;
}

export const DEFAULT_BEHAVIOUR: FakeRealtimeBehaviour = {
  intervalMs: 2,
  holdAfterDeltas: null,
  omitResponseDone: false,
};

export interface FakeResponseOptions {
  id: string;
  beta: boolean;
  /** The response's max_output_tokens; null for `inf`. */
  maxOutputTokens: number | null;
  /** False for an out-of-band response (`conversation: "none"`). */
  inConversation: boolean;
  behaviour: FakeRealtimeBehaviour;
  send: (event: Json) => void;
  /** Called once when the response ended (done, cancelled, or its connection closed). */
  onEnd: (response: FakeResponse) => void;
}

/** One response being generated. */
export class FakeResponse {
  private sent = 0;
  private outputTokens = 0;
  private timer: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(private readonly options: FakeResponseOptions) {}

  get id(): string {
    return this.options.id;
  }

  get inConversation(): boolean {
    return this.options.inConversation;
  }

  start(): void {
    this.options.send({
      type: 'response.created',
      response: {
        id: this.id,
        object: 'realtime.response',
        status: 'in_progress',
        status_details: null,
        output: [],
        conversation_id: this.options.inConversation ? 'conv_fake' : null,
        usage: null,
      },
    });
    this.schedule();
  }

  /** Stops generating and reports what was generated (OpenAI answers a cancel with `response.done`). */
  cancel(reason: 'client_cancelled' | 'turn_detected'): void {
    this.finish('cancelled', { type: 'cancelled', reason });
  }

  /** The connection closed: nothing more is sent. */
  stop(): void {
    this.end();
  }

  private schedule(): void {
    const { holdAfterDeltas, intervalMs } = this.options.behaviour;
    if (this.ended || (holdAfterDeltas !== null && this.sent >= holdAfterDeltas)) return;
    this.timer = setTimeout(() => this.next(), intervalMs);
  }

  private next(): void {
    this.timer = null;
    const step = FAKE_REALTIME_SCRIPT[this.sent];
    if (!step) {
      this.finish('completed', null);
      return;
    }
    const limit = this.options.maxOutputTokens;
    if (limit !== null && this.outputTokens + step.tokens > limit) {
      this.finish('incomplete', { type: 'incomplete', reason: 'max_output_tokens' });
      return;
    }
    const name = (ga: string, beta: string) => (this.options.beta ? beta : ga);
    const common = { response_id: this.id, item_id: `item_${this.id}`, output_index: 0 };
    if (step.kind === 'audio') {
      this.options.send({
        type: name('response.output_audio.delta', 'response.audio.delta'),
        ...common,
        content_index: 0,
        delta: step.bytes.toString('base64'),
      });
    } else if (step.kind === 'transcript') {
      this.options.send({
        type: name('response.output_audio_transcript.delta', 'response.audio_transcript.delta'),
        ...common,
        content_index: 0,
        delta: step.delta,
      });
    } else {
      this.options.send({
        type: name('response.output_text.delta', 'response.text.delta'),
        ...common,
        content_index: 1,
        delta: step.delta,
      });
    }
    this.sent += 1;
    this.outputTokens += step.tokens;
    this.schedule();
  }

  private finish(status: string, details: Json | null): void {
    if (this.ended) return;
    this.end();
    if (this.options.behaviour.omitResponseDone) return;
    const transcript = FAKE_REALTIME_SCRIPT.slice(0, this.sent)
      .map((step) => (step.kind === 'transcript' ? step.delta : ''))
      .join('');
    this.options.send({
      type: 'response.done',
      response: {
        id: this.id,
        object: 'realtime.response',
        status,
        status_details: details,
        output: [
          {
            id: `item_${this.id}`,
            type: 'message',
            role: 'assistant',
            content: [{ type: this.options.beta ? 'audio' : 'output_audio', transcript }],
          },
        ],
        conversation_id: this.options.inConversation ? 'conv_fake' : null,
        usage: usageAfter(this.sent),
      },
    });
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.options.onEnd(this);
  }
}
