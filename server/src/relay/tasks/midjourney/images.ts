/**
 * What a Midjourney task's reads need from its channel: the image itself, relayed under the address
 * policy and streamed through (the `/mj/image/{id}` proxy), and the image seed, asked of the upstream
 * under its own id of the task (./task-ids.ts).
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { MidjourneyRow } from '../../../db/schema.ts';
import { channelProxy } from '../../call/relay-call.ts';
import { relayError } from '../../http/errors.ts';
import { channelBase, exchangeJson, taskChannel } from '../channels.ts';
import { upstreamIdOf } from './task-ids.ts';

export async function relayImage(
  context: AppContext,
  imageUrl: string,
  channelId: number,
  reply: FastifyReply,
): Promise<void> {
  const channel = context.channelCache.get(channelId);
  let response: Awaited<ReturnType<AppContext['upstream']['send']>>;
  try {
    response = await context.upstream.send(
      { url: imageUrl, method: 'GET', headers: {} },
      { headersMs: 30_000, idleMs: 30_000 },
      AbortSignal.timeout(120_000),
      channel ? channelProxy(channel) : undefined,
    );
  } catch {
    throw relayError(502, 'image_unavailable', 'the image could not be fetched');
  }
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => undefined);
    throw relayError(502, 'image_unavailable', `the image host answered HTTP ${response.statusCode}`);
  }
  const type = String(response.headers['content-type'] ?? 'application/octet-stream');
  reply.header('content-type', type).header('cache-control', 'public, max-age=86400');
  await reply.send(response.body);
}

export async function fetchSeed(context: AppContext, row: MidjourneyRow): Promise<unknown> {
  const channel = taskChannel(context, row.channel_id);
  if (!channel)
    throw relayError(503, 'channel_unavailable', 'the channel of this task is gone or has no enabled key');
  const answer = await exchangeJson(context, channel, {
    url: `${channelBase(channel)}/mj/task/${encodeURIComponent(upstreamIdOf(row))}/image-seed`,
    method: 'GET',
    headers: { 'mj-api-secret': channel.key },
  }).catch(() => {
    throw relayError(502, 'upstream_unavailable', 'the channel could not be reached');
  });
  if (answer.status >= 400)
    throw relayError(502, 'upstream_refused', `the channel answered HTTP ${answer.status}`);
  return answer.body;
}
