/**
 * The format seam of the relay (docs/formats.md): which format a channel is spoken to in, the upstream
 * body in that format, and the codecs of both sides. Same format on both sides: the client's body passes
 * through untouched apart from the model, the channel's system prompt and its parameter override. Formats
 * differ: the client's body is decoded once into the canonical request and encoded in the upstream's.
 */
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { FormatCodec, UpstreamCodec, UpstreamFormat, WireFormat } from '../canonical/codec.ts';
import { isRecord } from '../canonical/helpers.ts';
import type { CanonicalRequest } from '../canonical/types.ts';
import { claudeCodec } from '../formats/claude/codec.ts';
import { hoistSystemMessages } from '../formats/claude/request.ts';
import { geminiCodec } from '../formats/gemini/codec.ts';
import { openAiChatCodec } from '../formats/openai/chat-codec.ts';
import { responsesCodec } from '../formats/openai-responses/codec.ts';
import type { ProviderAdaptor } from '../providers/types.ts';
import {
  applyGeminiImagine,
  applyUpstreamSettings,
  claudeDefaultMaxTokens,
  type ProviderSettings,
  type UpstreamTuning,
} from './upstream-settings.ts';

/** The codecs available; a format without one has no route and no channel speaks it. */
const codecs: Partial<Record<WireFormat, FormatCodec>> = {
  'openai-chat': openAiChatCodec,
  'openai-responses': responsesCodec,
  claude: claudeCodec,
  gemini: geminiCodec,
};

function isClientFormat(format: UpstreamFormat): format is WireFormat {
  return format in codecs;
}

export function codecFor(format: WireFormat): FormatCodec {
  const codec = codecs[format];
  if (!codec) throw new Error(`no codec for the ${format} format`);
  return codec;
}

/** The codec of an upstream format: a client format's, or the provider dialect its adaptor owns. */
export function upstreamCodecFor(
  format: UpstreamFormat,
  adaptor: ProviderAdaptor | undefined,
): UpstreamCodec {
  if (adaptor?.dialect?.id === format) return adaptor.dialect;
  return codecFor(format as WireFormat);
}

/**
 * The format to speak to an adaptor in for a model: its own dialect when it has one, else the client's
 * when it speaks it natively, else its first.
 */
export function upstreamFormat(
  adaptor: ProviderAdaptor,
  clientFormat: WireFormat,
  model: string,
): UpstreamFormat {
  if (adaptor.dialect) return adaptor.dialect.id;
  const formats = adaptor.formatsFor?.(model) ?? adaptor.formats;
  return formats.includes(clientFormat) ? clientFormat : (formats[0] ?? 'openai-chat');
}

/** A conversation call's body and its decoded form (decoded at most once per call). */
export class ConversationBody {
  private decoded: CanonicalRequest | undefined;

  constructor(
    readonly format: WireFormat,
    readonly body: Readonly<Record<string, unknown>>,
    private readonly context: { model: string; stream: boolean },
  ) {}

  canonical(): CanonicalRequest {
    this.decoded ??= codecFor(this.format).decodeRequest({ ...this.body }, this.context);
    return this.decoded;
  }

  /** The completion budget the body asks for, without decoding it. */
  requestedMaxTokens(): number | undefined {
    return codecFor(this.format).requestedMaxTokens(this.body);
  }
}

function withSystemPrompt(format: WireFormat, body: Record<string, unknown>, prompt: string): void {
  switch (format) {
    case 'claude':
      if (
        body.system === undefined ||
        body.system === '' ||
        (Array.isArray(body.system) && body.system.length === 0)
      )
        body.system = prompt;
      return;
    case 'gemini':
      if (!isRecord(body.systemInstruction)) body.systemInstruction = { parts: [{ text: prompt }] };
      return;
    case 'openai-responses':
      if (typeof body.instructions !== 'string' || body.instructions === '') body.instructions = prompt;
      return;
    case 'openai-chat':
      return;
  }
}

export interface ConversationBodyInput {
  conversation: ConversationBody;
  target: UpstreamFormat;
  /** The codec of `target` (server/src/relay/call/conversion.ts upstreamCodecFor). */
  codec: UpstreamCodec;
  channel: CachedChannel;
  /** The upstream model, a thinking suffix read off (server/src/relay/call/upstream-settings.ts). */
  tuning: UpstreamTuning;
  stream: boolean;
  settings?: ProviderSettings;
}

/**
 * The body for an upstream that speaks `target` (the OpenAI chat → OpenAI chat path keeps its own
 * builder in server/src/relay/call/attempt.ts).
 */
export function conversationUpstreamBody({
  conversation,
  target,
  codec,
  channel,
  tuning,
  stream,
  settings,
}: ConversationBodyInput): Record<string, unknown> {
  const upstreamModel = tuning.model;
  const systemPrompt = typeof channel.setting.system_prompt === 'string' ? channel.setting.system_prompt : '';
  let body: Record<string, unknown>;
  if (target === conversation.format) {
    body = target === 'claude' ? hoistSystemMessages({ ...conversation.body }) : { ...conversation.body };
    if (systemPrompt) withSystemPrompt(target, body, systemPrompt);
  } else {
    const request = { ...conversation.canonical(), model: upstreamModel, stream };
    if (systemPrompt && request.system.length === 0) request.system = [{ type: 'text', text: systemPrompt }];
    if (target === 'claude' && request.maxTokens == null)
      request.maxTokens = claudeDefaultMaxTokens(upstreamModel, settings);
    body = codec.encodeRequest(request);
    if (target === 'gemini') applyGeminiImagine(body, upstreamModel, settings);
  }
  // Gemini and the provider dialects name the model in the URL or in a field of their own.
  if (isClientFormat(target) && target !== 'gemini') body.model = upstreamModel;
  applyUpstreamSettings(target, body, tuning, settings);
  if (target === 'openai-chat' && stream) body.stream_options = { include_usage: true };
  return body;
}
