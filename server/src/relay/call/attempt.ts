/**
 * One try against one channel: the upstream body for that channel (model mapping, system prompt, stream
 * usage; the upstream rules and the param override follow in server/src/relay/call/relay-call.ts) and the
 * reading of an upstream failure (status mapping, error details, masking).
 */

import type { CachedChannel } from '../cache/channel-cache.ts';
import type { UpstreamCodec } from '../canonical/codec.ts';
import { openAiChatCodec } from '../formats/openai/chat-codec.ts';
import { withIncludeUsage } from '../formats/openai/stream.ts';
import { maskSecrets } from '../http/errors.ts';
import type { ProviderAdaptor, RelayEndpoint } from '../providers/types.ts';
import { classOfStatus } from '../routing/error-class.ts';
import { mapStatus, type UpstreamFailure } from '../routing/health.ts';

/** What the body of an OpenAI call to an OpenAI-format upstream is built from (any endpoint). */
export interface OpenAiBodyInput {
  endpoint: RelayEndpoint;
  clientBody: Readonly<Record<string, unknown>>;
  channel: CachedChannel;
  adaptor: ProviderAdaptor;
  upstreamModel: string;
  stream: boolean;
}

function hasSystemMessage(messages: unknown): boolean {
  return (
    Array.isArray(messages) && messages.some((message) => (message as { role?: unknown })?.role === 'system')
  );
}

export function buildUpstreamBody({
  endpoint,
  clientBody,
  channel,
  adaptor,
  upstreamModel,
  stream,
}: OpenAiBodyInput): Record<string, unknown> {
  let body: Record<string, unknown> = { ...clientBody, model: upstreamModel };
  // 0 (or less) means "no limit" to clients such as the playground; upstreams reject or obey it literally.
  for (const field of ['max_tokens', 'max_completion_tokens'] as const) {
    if (typeof body[field] === 'number' && (body[field] as number) <= 0) delete body[field];
  }
  const systemPrompt = channel.setting.system_prompt;
  if (
    endpoint === 'chat' &&
    typeof systemPrompt === 'string' &&
    systemPrompt &&
    !hasSystemMessage(body.messages)
  ) {
    body.messages = [{ role: 'system', content: systemPrompt }, ...((body.messages as unknown[]) ?? [])];
  }
  if (stream) {
    if (adaptor.supportsStreamUsage(channel)) body = withIncludeUsage(body);
    else delete body.stream_options;
  }
  return body;
}

/** The upstream's response headers, as undici gives them. */
type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>;

function headerText(headers: ResponseHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Gemini's RetryInfo in an error body: `{"@type": "…google.rpc.RetryInfo", "retryDelay": "37s"}`. */
const RETRY_DELAY = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/;

/**
 * How long the upstream asked to wait, in seconds: `retry-after-ms` (OpenAI, Azure), `retry-after` as
 * seconds or an HTTP date, else the `retryDelay` of Gemini's RetryInfo in the body; undefined when none.
 */
export function retryAfterSeconds(headers: ResponseHeaders | undefined, text: string): number | undefined {
  const milliseconds = Number(headerText(headers, 'retry-after-ms'));
  if (milliseconds > 0) return milliseconds / 1000;
  const after = headerText(headers, 'retry-after')?.trim();
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, (date - Date.now()) / 1000);
  }
  const delay = text.length > 0 && text.includes('retryDelay') ? RETRY_DELAY.exec(text) : null;
  return delay ? Number(delay[1]) : undefined;
}

/**
 * An upstream error reply of `codec`'s format as a failure: mapped status, details, message without
 * secrets, how long the upstream asked to wait — for every upstream format (OpenAI's codec reads OpenAI's
 * error bodies). A status the channel's status-code mapping changed is classified by the mapped status
 * alone (server/src/relay/routing/error-class.ts): the vendor's code would contradict the operator's mapping.
 */
export function readFormatFailure(
  codec: UpstreamCodec,
  status: number,
  text: string,
  channel: CachedChannel,
  headers?: ResponseHeaders,
): UpstreamFailure {
  let details: ReturnType<UpstreamCodec['readError']> = null;
  try {
    details = codec.readError(JSON.parse(text));
  } catch {
    details = null;
  }
  const raw = details?.message || text.trim().slice(0, 500) || `upstream answered HTTP ${status}`;
  const mapped = mapStatus(status, channel.statusCodeMapping);
  const waitSeconds = retryAfterSeconds(headers, text);
  return {
    status: mapped,
    ...(details?.code ? { code: details.code } : {}),
    ...(details?.type ? { type: details.type } : {}),
    message: maskSecrets(raw, [channel.key]),
    ...(mapped !== status ? { errorClass: classOfStatus(mapped) } : {}),
    ...(waitSeconds !== undefined ? { retryAfterSeconds: waitSeconds } : {}),
  };
}

/** The failure of a 200 reply that is an error of the codec's format (UpstreamCodec.okError), or null. */
export function okReplyFailure(
  codec: UpstreamCodec,
  bytes: Buffer,
  channel: CachedChannel,
): UpstreamFailure | null {
  if (!codec.okError) return null;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const error = codec.okError(body);
  if (!error) return null;
  const mapped = mapStatus(error.status, channel.statusCodeMapping);
  return {
    status: mapped,
    ...(error.code ? { code: error.code } : {}),
    message: maskSecrets(error.message, [channel.key]),
    ...(mapped !== error.status ? { errorClass: classOfStatus(mapped) } : {}),
  };
}

/** An OpenAI-format error reply as a failure (realtime's HTTP refusals). */
export function readUpstreamFailure(status: number, text: string, channel: CachedChannel): UpstreamFailure {
  return readFormatFailure(openAiChatCodec, status, text, channel);
}

/** A connection error or timeout as a failure (status 0; classed `network` or `timeout` by its code). */
export function networkFailure(error: unknown, channel: CachedChannel): UpstreamFailure {
  const name = (error as { code?: string; name?: string })?.code ?? (error as Error)?.name ?? 'error';
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 0,
    code: name,
    message: maskSecrets(`upstream connection failed (${name}): ${message}`, [channel.key]),
  };
}
