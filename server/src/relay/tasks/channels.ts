/**
 * The channel and the upstream exchange of a task submission: a channel of the provider's types chosen
 * like the relay chooses one (group, priority, weight; a pinned `sk-<key>-<id>` channel alone), or the
 * channel that holds the parent task; and a small JSON exchange with it under the address policy.
 */
import type { AppContext } from '../../context.ts';
import { readLimited } from '../../lib/http-client.ts';
import type { RelayCaller } from '../auth.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { maskSecrets, relayError } from '../errors.ts';
import { channelProxy } from '../relay-call.ts';
import { selectChannel } from '../routing/select.ts';

/** The next channel of `types` for `model` not tried yet, or null. */
export function chooseTaskChannel(
  context: AppContext,
  caller: RelayCaller,
  model: string,
  types: ReadonlySet<number>,
  tried: readonly number[],
): CachedChannel | null {
  if (caller.pinnedChannelId !== null) {
    if (tried.length > 0) return null;
    const channel = context.channelCache.get(caller.pinnedChannelId);
    if (channel?.status !== 1 || !types.has(channel.type))
      throw relayError(
        503,
        'channel_unavailable',
        `channel #${caller.pinnedChannelId} cannot serve ${model}`,
      );
    return channel;
  }
  const candidates = context.channelCache
    .candidates(caller.usingGroup, model)
    .filter((candidate) => types.has(candidate.channel.type));
  return selectChannel(candidates, new Set(tried))?.channel ?? null;
}

export interface JsonExchange {
  status: number;
  body: unknown;
}

/** One JSON request to a task upstream; throws on a connection failure (the caller tries elsewhere). */
export async function exchangeJson(
  context: AppContext,
  channel: CachedChannel,
  request: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  timeoutMs = 60_000,
): Promise<JsonExchange> {
  const response = await context.upstream.send(
    {
      url: request.url,
      method: request.method,
      headers: {
        accept: 'application/json',
        ...request.headers,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    },
    { headersMs: timeoutMs, idleMs: timeoutMs },
    AbortSignal.timeout(timeoutMs),
    channelProxy(channel),
  );
  const text = await readLimited(response.body, 16 * 1024 * 1024);
  response.body.destroy();
  try {
    return { status: response.statusCode, body: JSON.parse(text) };
  } catch {
    return { status: response.statusCode, body: { message: maskSecrets(text.slice(0, 300), [channel.key]) } };
  }
}

/** The channel's base URL without a trailing slash. */
export function channelBase(channel: CachedChannel): string {
  return channel.baseUrl.replace(/\/+$/, '');
}
