/**
 * The channel and the upstream exchange of a task submission: a channel that serves the task, chosen by
 * the relay's one chooser (group, priority, weight; a pinned `sk-<key>-<id>` channel alone), or the
 * channel that holds an earlier task (its parent, its polling, its image seed, its callback's check) with
 * a key it can send; and a small JSON exchange with it under the address policy.
 */
import type { TaskCapability } from '../../../../common/channel-types.ts';
import type { AppContext } from '../../context.ts';
import { readLimited } from '../../lib/http-client.ts';
import { type CachedChannel, withChosenKey } from '../cache/channel-cache.ts';
import { applyHeaderOverride } from '../cache/header-override.ts';
import { channelProxy } from '../call/relay-call.ts';
import type { RelayCaller } from '../http/auth.ts';
import { maskSecrets } from '../http/errors.ts';
import { chooseChannel } from '../routing/choose.ts';

/**
 * The next channel for a task of `capability` (a task platform, or OpenAI's `videos`) and `model` not tried
 * yet, or null: the one chooser's answer (server/src/relay/routing/choose.ts).
 */
export function chooseTaskChannel(
  context: AppContext,
  caller: RelayCaller,
  model: string,
  capability: TaskCapability,
  tried: readonly number[],
): CachedChannel | null {
  return chooseChannel(context, { caller }, model, capability, tried);
}

/**
 * The channel `id` that holds an earlier task, with the key to send: for a multi-key channel the enabled
 * key its mode picks, as the relay chooses (../routing/choose.ts), never a disabled one. Null when the
 * channel is gone or has no enabled key left.
 */
export function taskChannel(context: AppContext, id: number): CachedChannel | null {
  const channel = context.channelCache.get(id);
  return channel ? withChosenKey(channel) : null;
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
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  applyHeaderOverride(headers, channel.headerOverride);
  const response = await context.upstream.send(
    {
      url: request.url,
      method: request.method,
      headers: {
        ...headers,
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
