/**
 * The prompt of a realtime session's next response, as far as the gateway can know it: the whole
 * conversation is every response's input (OpenAI, "Managing costs" of the Realtime guide). After a
 * response reported its usage, the conversation is that response's input and output; before any report,
 * the session's instructions and tools. To that comes what the client added since: the text of its
 * `conversation.item.create` events (o200k tokens, server/src/relay/billing/tokens.ts), the audio of its
 * items and of the input audio buffer once committed (audio tokens by decoded size), and the output of
 * responses billed from the gateway's counts. Truncated or deleted items are not followed: the estimate
 * errs on the high side. It prices the bound reserved before a response and the prompt of a response
 * billed without the upstream's usage.
 */
import type { TokenUsage } from '../billing/pricing.ts';
import { CountBudget, countTextTokens } from '../billing/tokens.ts';
import { base64TextBytes, type Json, record } from './events.ts';
import type { SessionSettings } from './session-settings.ts';

export interface PromptTokens {
  text: number;
  audio: number;
}

/** The text and the audio bytes an item carries, whatever its type. */
function itemParts(item: Json): { texts: string[]; audioBytes: number } {
  const texts: string[] = [];
  let audioBytes = 0;
  for (const field of ['output', 'arguments', 'name'] as const)
    if (typeof item[field] === 'string') texts.push(item[field] as string);
  const content = Array.isArray(item.content) ? item.content : [];
  for (const entry of content) {
    const part = record(entry);
    if (!part) continue;
    if (typeof part.text === 'string') texts.push(part.text);
    if (typeof part.transcript === 'string') texts.push(part.transcript);
    if (typeof part.audio === 'string') audioBytes += base64TextBytes(part.audio);
  }
  return { texts, audioBytes };
}

export class PromptEstimate {
  /** The conversation as the last usage report left it; null before any. */
  private reported: PromptTokens | null = null;
  /** What was added since that report. */
  private added: PromptTokens = { text: 0, audio: 0 };
  private bufferedAudioBytes = 0;

  constructor(
    private readonly settings: SessionSettings,
    private readonly model: string,
  ) {}

  /** The prompt of a response created now. */
  current(): PromptTokens {
    const base = this.reported ?? { text: this.settings.promptTokens, audio: 0 };
    return { text: base.text + this.added.text, audio: base.audio + this.added.audio };
  }

  /** The prompt of a response created once the input audio buffer is committed (the bound's). */
  withBufferedAudio(extraBytes = 0): PromptTokens {
    const prompt = this.current();
    prompt.audio += this.settings.inputAudioTokens(this.bufferedAudioBytes + extraBytes);
    return prompt;
  }

  /** What was added since the last report, to be given back to `report` with that response's usage. */
  addedSoFar(): PromptTokens {
    return { ...this.added };
  }

  appendAudio(bytes: number): void {
    this.bufferedAudioBytes += bytes;
  }

  commitAudio(): void {
    this.added.audio += this.settings.inputAudioTokens(this.bufferedAudioBytes);
    this.bufferedAudioBytes = 0;
  }

  clearAudio(): void {
    this.bufferedAudioBytes = 0;
  }

  /** A `conversation.item.create` item of the client. */
  addItem(item: Json): void {
    const { texts, audioBytes } = itemParts(item);
    const budget = new CountBudget();
    for (const text of texts) this.added.text += countTextTokens(text, this.model, budget);
    this.added.audio += this.settings.inputAudioTokens(audioBytes);
  }

  /**
   * A response's usage: the conversation is now its input and output. `addedAtStart` (addedSoFar when
   * the response began) was part of its input; what came after is still to be added.
   */
  report(usage: TokenUsage, addedAtStart: PromptTokens): void {
    const audioIn = usage.audioPromptTokens ?? 0;
    const audioOut = usage.audioCompletionTokens ?? 0;
    this.reported = {
      text: Math.max(0, usage.promptTokens - audioIn) + Math.max(0, usage.completionTokens - audioOut),
      audio: audioIn + audioOut,
    };
    this.added = {
      text: Math.max(0, this.added.text - addedAtStart.text),
      audio: Math.max(0, this.added.audio - addedAtStart.audio),
    };
  }

  /** Output billed from the gateway's counts joins the conversation too. */
  addOutput(text: number, audio: number): void {
    this.added.text += text;
    this.added.audio += audio;
  }
}
