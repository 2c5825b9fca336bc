/**
 * One try against one channel: the upstream body for that channel (model mapping, system prompt, stream
 * usage; the upstream rules and the param override follow in server/src/relay/relay-call.ts) and the
 * reading of an upstream failure (status mapping, error details, masking).
 */

import type { CachedChannel } from './cache/channel-cache.ts';
import { maskSecrets } from './errors.ts';
import { readErrorBody } from './formats/openai/errors.ts';
import { withIncludeUsage } from './formats/openai/stream.ts';
import type { ProviderAdaptor, RelayEndpoint } from './providers/types.ts';
import { mapStatus, type UpstreamFailure } from './routing/health.ts';

export interface UpstreamBodyInput {
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
}: UpstreamBodyInput): Record<string, unknown> {
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

/** An upstream error reply as a failure: mapped status, details, message without secrets. */
export function readUpstreamFailure(status: number, text: string, channel: CachedChannel): UpstreamFailure {
  let details: ReturnType<typeof readErrorBody>;
  try {
    details = readErrorBody(JSON.parse(text));
  } catch {
    details = undefined;
  }
  const raw = details?.message || text.trim().slice(0, 500) || `upstream answered HTTP ${status}`;
  return {
    status: mapStatus(status, channel.statusCodeMapping),
    code: details?.code === null || details?.code === undefined ? undefined : String(details.code),
    type: details?.type,
    message: maskSecrets(raw, [channel.key]),
  };
}

/** A connection error or timeout as a failure (status 0: retryable). */
export function networkFailure(error: unknown, channel: CachedChannel): UpstreamFailure {
  const name = (error as { code?: string; name?: string })?.code ?? (error as Error)?.name ?? 'error';
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 0,
    code: name,
    message: maskSecrets(`upstream connection failed (${name}): ${message}`, [channel.key]),
  };
}
