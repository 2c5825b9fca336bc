/**
 * Local token counting with gpt-tokenizer: the prompt before a call is sent (pre-consumption, and the
 * bill when the upstream reports no usage) and the completion as it streams (CompletionCounter, constant
 * memory whatever the stream length: docs/reference/known-defects.md forbids buffering the whole text).
 *
 * Encodings are loaded lazily, once each, on first use: o200k_base costs ~70 MB and ~0.25 s to load,
 * cl100k_base ~20 MB more, and a process that never meets a gpt-3.5/gpt-4 model never loads the latter.
 */
import { createRequire } from 'node:module';

type EncodingModule = typeof import('gpt-tokenizer/encoding/o200k_base');
export type EncodingName = 'o200k_base' | 'cl100k_base';

const requireModule = createRequire(import.meta.url);
const encoders = new Map<EncodingName, EncodingModule>();

function encoder(name: EncodingName): EncodingModule {
  let loaded = encoders.get(name);
  if (!loaded) {
    loaded = requireModule(`gpt-tokenizer/encoding/${name}`) as EncodingModule;
    encoders.set(name, loaded);
  }
  return loaded;
}

/**
 * Loads the o200k_base encoding now (~0.3 s of CPU, once per process): called at boot before the server
 * listens, so the first request that needs a count does not stall every other request while the
 * encoding's tables are compiled. cl100k_base (gpt-3.5, gpt-4) still loads on first use.
 */
export function warmUpTokenizer(): void {
  encoder('o200k_base').countTokens('warm up');
}

/** Special-token texts such as "<|endoftext|>" inside user text are counted as ordinary text. */
const specialTokensAsText = { disallowedSpecial: new Set<string>() };

/**
 * The encoding of a model: cl100k_base for gpt-3.5, gpt-4 (gpt-4, gpt-4-turbo, gpt-4-32k …, not
 * gpt-4o/gpt-4.1/gpt-4.5) and OpenAI's text-embedding models; o200k_base for everything else (gpt-4o,
 * gpt-4.1, gpt-5, the o-series, and unknown models, whose own tokenizers we cannot run).
 */
export function encodingForModel(model: string): EncodingName {
  const name = model.toLowerCase();
  if (/^gpt-4(-|$)/.test(name) || /^gpt-3\.5/.test(name) || /^gpt-35/.test(name)) return 'cl100k_base';
  if (name.startsWith('text-embedding-')) return 'cl100k_base';
  return 'o200k_base';
}

/** The fallback when the tokenizer fails: about four characters per token. */
export function estimateTokensFromLength(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Characters tokenized exactly per request (a prompt) or per text; what lies beyond is estimated from its
 * UTF-8 size (≈ 4 bytes per token; CJK text ≈ 0.75 token per character). Tokenizing costs ~30 ms per
 * million characters of ordinary text on the event loop, so the cap keeps one request under ~10 ms
 * whatever its size (docs/decisions/0010-relay-admission-and-usage-bounds.md).
 */
export const EXACT_COUNT_CHARACTERS = 262_144;
/**
 * Longest run of one character class handed to the BPE at once. BPE merges within one pre-tokenizer piece
 * cost time quadratic in its length ('a' × 200,000 took 24 s), so longer runs are tokenized in pieces.
 */
export const MAX_PIECE_CHARACTERS = 128;

/**
 * What one exact count costs the budget at least, in characters: the tokenizer's fixed cost per call is
 * about that of 20–30 characters of text, so a request of 100,000 one-character messages would otherwise
 * make 100,000 calls (~90 ms) within a budget meant to bound it to ~10 ms.
 */
export const MIN_CHARACTERS_PER_COUNT = 32;

/** How much exact counting a request may still do (one budget per request). */
export class CountBudget {
  constructor(public remaining = EXACT_COUNT_CHARACTERS) {}
}

/** Tokens of text beyond the exact-counting budget, from its UTF-8 size (native speed, no tokenizer). */
export function estimateTokensFromBytes(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Counts `text` with `count` in linear time: wherever a run of whitespace or of non-whitespace grows past
 * MAX_PIECE_CHARACTERS, the text is cut (never inside a surrogate pair) and the parts counted apart.
 */
export function countInPieces(text: string, count: (piece: string) => number): number {
  let total = 0;
  let start = 0;
  let run = 0;
  let runIsSpace = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const space = code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
    if (space !== runIsSpace) {
      runIsSpace = space;
      run = 0;
    }
    run += 1;
    if (run > MAX_PIECE_CHARACTERS && !isLowSurrogate(code)) {
      total += count(text.slice(start, index));
      start = index;
      run = 1;
    }
  }
  return total + count(text.slice(start));
}

/** Runs `count` on `text`; if it throws, falls back to the length estimate. */
export function countOrEstimate(text: string, count: (text: string) => number): number {
  if (text === '') return 0;
  try {
    return count(text);
  } catch {
    return estimateTokensFromLength(text);
  }
}

function countExactly(encoding: EncodingName, text: string): number {
  const { countTokens } = encoder(encoding);
  return countOrEstimate(text, (input) =>
    countInPieces(input, (piece) => (piece === '' ? 0 : countTokens(piece, specialTokensAsText))),
  );
}

function countWith(encoding: EncodingName, text: string, budget: CountBudget = new CountBudget()): number {
  if (text === '') return 0;
  if (budget.remaining <= 0) return estimateTokensFromBytes(text);
  if (text.length <= budget.remaining) {
    budget.remaining -= Math.max(text.length, MIN_CHARACTERS_PER_COUNT);
    return countExactly(encoding, text);
  }
  let cut = budget.remaining;
  if (isLowSurrogate(text.charCodeAt(cut))) cut -= 1;
  budget.remaining = 0;
  return countExactly(encoding, text.slice(0, cut)) + estimateTokensFromBytes(text.slice(cut));
}

/** Tokens of `text` for `model`, exact within the budget (a fresh one by default). Never throws. */
export function countTextTokens(text: string, model: string, budget?: CountBudget): number {
  return countWith(encodingForModel(model), text, budget);
}

/** OpenAI's chat accounting (openai-cookbook "How to count tokens with tiktoken"). */
export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PER_NAME = 1;
/** Every reply is primed with <|start|>assistant<|message|>. */
export const REPLY_PRIMING_TOKENS = 3;

/**
 * Fixed image costs, an approximation: OpenAI bills an image by its size (85 base tokens + 170 per
 * 512-px tile after scaling; gpt-4o-mini multiplies both, 2833 + 5667 per tile), but the size is not
 * known without downloading the image. detail "low" is exactly the base; "high"/"auto"/unset is taken as
 * a 1024×1024 image (4 tiles): 85 + 4 × 170 = 765, or 2833 + 4 × 5667 = 25501 for gpt-4o-mini.
 */
export const IMAGE_TOKENS = {
  standard: { low: 85, high: 765 },
  gpt4oMini: { low: 2833, high: 25501 },
} as const;

export function imageTokens(model: string, detail: string | undefined): number {
  const costs = model.toLowerCase().startsWith('gpt-4o-mini')
    ? IMAGE_TOKENS.gpt4oMini
    : IMAGE_TOKENS.standard;
  return detail === 'low' ? costs.low : costs.high;
}

/** A chat message as clients send it, read loosely: unknown fields are ignored. */
export interface CountableChatMessage {
  role?: string;
  name?: string;
  content?: string | ReadonlyArray<CountableContentPart> | null;
  tool_calls?: ReadonlyArray<unknown> | null;
  function_call?: unknown;
}

export interface CountableContentPart {
  type?: string;
  text?: string;
  image_url?: string | { url?: string; detail?: string };
}

export interface ChatPromptExtras {
  /** The request's `tools`, counted as their JSON text. */
  tools?: unknown;
  /** The legacy `functions`, counted as their JSON text. */
  functions?: unknown;
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function contentTokens(
  content: CountableChatMessage['content'],
  model: string,
  encoding: EncodingName,
  budget: CountBudget,
): number {
  if (typeof content === 'string') return countWith(encoding, content, budget);
  if (!Array.isArray(content)) return 0;
  let total = 0;
  for (const part of content as ReadonlyArray<CountableContentPart>) {
    if (part === null || typeof part !== 'object') continue;
    if (typeof part.text === 'string') {
      total += countWith(encoding, part.text, budget);
    } else if (part.type === 'image_url' || part.image_url !== undefined) {
      const detail = typeof part.image_url === 'object' ? part.image_url?.detail : undefined;
      total += imageTokens(model, detail);
    }
    // Audio and file parts are not counted: their size is not knowable here, the upstream's usage bills them.
  }
  return total;
}

/**
 * Prompt tokens of a chat request: per message 3 + role + content (+ name + 1), plus 3 for the reply
 * priming; text parts counted, image parts at the IMAGE_TOKENS approximation; an assistant message's
 * tool calls, and the request's tools/functions definitions, counted as their JSON text. Never throws.
 */
export function countChatPromptTokens(
  messages: ReadonlyArray<CountableChatMessage>,
  model: string,
  extra?: ChatPromptExtras,
  budget: CountBudget = new CountBudget(),
): number {
  const encoding = encodingForModel(model);
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    if (message === null || typeof message !== 'object') continue;
    total += TOKENS_PER_MESSAGE;
    if (typeof message.role === 'string') total += countWith(encoding, message.role, budget);
    if (typeof message.name === 'string' && message.name !== '') {
      total += countWith(encoding, message.name, budget) + TOKENS_PER_NAME;
    }
    total += contentTokens(message.content, model, encoding, budget);
    if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      total += countWith(encoding, jsonText(message.tool_calls), budget);
    }
    if (message.function_call !== undefined && message.function_call !== null) {
      total += countWith(encoding, jsonText(message.function_call), budget);
    }
  }
  if (extra?.tools !== undefined && extra.tools !== null)
    total += countWith(encoding, jsonText(extra.tools), budget);
  if (extra?.functions !== undefined && extra.functions !== null) {
    total += countWith(encoding, jsonText(extra.functions), budget);
  }
  return total;
}

/** The tail is tokenized once it reaches this many characters (cut where its last whitespace run starts). */
const FLUSH_AT = 256;
/** A tail with no whitespace to cut at (CJK text, base64) is cut here regardless. */
export const MAX_BUFFERED_CHARACTERS = 1024;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/**
 * Counts completion tokens of a stream incrementally, in constant memory. Deltas are appended to a small
 * tail; once the tail is FLUSH_AT characters long, everything before the start of its last whitespace run
 * is tokenized and dropped. BPE pre-tokenization starts a piece at a whitespace run, so the cut falls on a
 * token boundary and the sum is almost exactly the count of the whole text. A tail without whitespace is
 * cut at MAX_BUFFERED_CHARACTERS, never inside a surrogate pair. Each delta character is looked at once,
 * and the tail never exceeds MAX_BUFFERED_CHARACTERS.
 */
export class CompletionCounter {
  private readonly encoding: EncodingName;
  private counted = 0;
  private tail = '';
  /** Index in the tail where its last whitespace run starts; -1 when it has none. */
  private lastRunStart = -1;
  private endsWithWhitespace = false;

  constructor(model: string) {
    this.encoding = encodingForModel(model);
  }

  /** Characters held, not yet tokenized. */
  get bufferedLength(): number {
    return this.tail.length;
  }

  add(textDelta: string): void {
    if (typeof textDelta !== 'string' || textDelta === '') return;
    let offset = 0;
    while (offset < textDelta.length) {
      // Take at most what fills the tail, so that even a huge delta never inflates the buffer.
      let end = Math.min(textDelta.length, offset + MAX_BUFFERED_CHARACTERS - this.tail.length);
      if (end < textDelta.length && end - offset > 1 && isHighSurrogate(textDelta.charCodeAt(end - 1)))
        end -= 1;
      this.append(textDelta, offset, end);
      offset = end;
      if (this.tail.length >= FLUSH_AT) this.flush();
    }
  }

  /** Tokens so far, including the tail (counted, not consumed: add may continue afterwards). */
  total(): number {
    return this.counted + countWith(this.encoding, this.tail);
  }

  private append(text: string, start: number, end: number): void {
    for (let index = start; index < end; index += 1) {
      const whitespace = isWhitespace(text.charCodeAt(index));
      if (whitespace && !this.endsWithWhitespace) this.lastRunStart = this.tail.length + (index - start);
      this.endsWithWhitespace = whitespace;
    }
    this.tail += text.slice(start, end);
  }

  private flush(): void {
    if (this.lastRunStart > 0) {
      this.consume(this.lastRunStart);
      this.lastRunStart = 0;
    } else if (this.tail.length >= MAX_BUFFERED_CHARACTERS) {
      const cut = isHighSurrogate(this.tail.charCodeAt(this.tail.length - 1))
        ? this.tail.length - 1
        : this.tail.length;
      this.consume(cut);
      this.lastRunStart = this.endsWithWhitespace && this.tail.length > 0 ? 0 : -1;
    }
  }

  private consume(length: number): void {
    this.counted += countWith(this.encoding, this.tail.slice(0, length));
    this.tail = this.tail.slice(length);
  }
}

/** What the stream relay needs of a completion counter. */
export interface CompletionTally {
  add(textDelta: string): void;
  total(): number;
}

/**
 * A cheap running estimate for streams whose upstream reports usage (we ask for it): the estimate is
 * used only if the usage never arrives (a stream cut short). ASCII text at about four characters per
 * token, other characters (CJK, emoji …) about one token each. No tokenizer work on the hot path.
 */
export class CompletionEstimator implements CompletionTally {
  private asciiCharacters = 0;
  private otherCharacters = 0;

  add(textDelta: string): void {
    for (let index = 0; index < textDelta.length; index += 1) {
      const code = textDelta.charCodeAt(index);
      if (code < 0x80) this.asciiCharacters += 1;
      else if (code < 0xdc00 || code > 0xdfff) this.otherCharacters += 1;
    }
  }

  total(): number {
    return Math.ceil(this.asciiCharacters / 4) + this.otherCharacters;
  }
}
