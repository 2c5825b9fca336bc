/**
 * OpenAI's video API on the task engine (docs/tasks.md): `POST /v1/videos` (multipart as the openai SDK
 * sends it, or JSON) relayed to an OpenAI-compatible channel that lists the model and charged the model
 * price per second of video; `GET /v1/videos/{id}` answered from the task row (refreshed by the poller);
 * `GET /v1/videos/{id}/content` streamed through from the task's channel. Rows in `tasks` (platform
 * `openai`, action VIDEO); errors in OpenAI's format.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { callerOf, keyFirst } from '../../auth.ts';
import { isRecord } from '../../canonical/helpers.ts';
import { maskSecrets, relayError } from '../../errors.ts';
import { encodeMultipart, type MultipartBody, readMultipart } from '../../multipart.ts';
import { openAiCompatibleConfig, openAiCompatibleTypes } from '../../providers/openai-compatible/configs.ts';
import { channelProxy } from '../../relay-call.ts';
import { renderRelayError } from '../../routes.ts';
import { admitModel } from '../../routing/auto-group.ts';
import { reserveTask } from '../billing.ts';
import { channelBase, chooseTaskChannel } from '../channels.ts';
import { withPrivateFields } from '../properties.ts';
import { videoView } from './view.ts';

/** OpenAI and the OpenAI-compatible types that serve every OpenAI route (no endpoint list, not Azure). */
export const VIDEO_CHANNEL_TYPES: ReadonlySet<number> = new Set(
  [1, ...openAiCompatibleTypes].filter((type) => {
    const config = openAiCompatibleConfig(type);
    return config && !config.endpoints && !config.azure;
  }),
);
const SECONDS = new Set(['4', '8', '12']);
const MAX_ATTEMPTS = 3;

interface VideoRequest {
  model: string;
  seconds: number;
  fields: [string, string][];
  files: MultipartBody['files'];
}

function readVideoRequest(fields: [string, string][], files: MultipartBody['files']): VideoRequest {
  const value = (name: string) => fields.find(([field]) => field === name)?.[1]?.trim() ?? '';
  const model = value('model') || 'sora-2';
  if (!value('prompt')) throw relayError(400, 'invalid_request', 'prompt is required');
  const seconds = value('seconds') || '4';
  if (!SECONDS.has(seconds)) throw relayError(400, 'invalid_request', 'seconds must be 4, 8 or 12');
  return { model, seconds: Number(seconds), fields: fields.filter(([name]) => name !== 'model'), files };
}

async function submit(context: AppContext, request: FastifyRequest, video: VideoRequest) {
  const caller = callerOf(request);
  admitModel(context, caller, video.model);
  const reservation = await reserveTask(context, caller, video.model, request.id, video.seconds);
  const tried: number[] = [];
  let lastFailure = `no channel serves ${video.model} in group ${caller.usingGroup}`;
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const channel = chooseTaskChannel(context, caller, video.model, VIDEO_CHANNEL_TYPES, tried);
      if (!channel) break;
      tried.push(channel.id);
      const body = encodeMultipart([['model', video.model], ...video.fields], video.files);
      let status: number;
      let reply: unknown;
      try {
        const response = await context.upstream.send(
          {
            url: `${channelBase(channel) || 'https://api.openai.com'}/v1/videos`,
            method: 'POST',
            headers: {
              authorization: `Bearer ${channel.key}`,
              'content-type': body.contentType,
              'content-length': String(body.length),
              accept: 'application/json',
            },
            body: { length: body.length, open: body.open },
          },
          { headersMs: 120_000, idleMs: 120_000 },
          AbortSignal.timeout(180_000),
          channelProxy(channel),
        );
        status = response.statusCode;
        reply = await response.body.json().catch(() => null);
      } catch (error) {
        lastFailure = maskSecrets(`channel #${channel.id}: ${(error as Error).message}`, [channel.key]);
        continue;
      }
      if (status >= 500 || status === 429 || !isRecord(reply)) {
        lastFailure = `channel #${channel.id} answered HTTP ${status}`;
        continue;
      }
      if (status >= 400 || typeof reply.id !== 'string') {
        const message = isRecord(reply.error) ? String(reply.error.message ?? '') : `HTTP ${status}`;
        throw relayError(
          status >= 400 ? status : 502,
          'upstream_refused',
          maskSecrets(message, [channel.key]),
        );
      }
      reservation.confirm(channel, {
        task_platform: 'openai',
        task_id: reply.id,
        video_seconds: video.seconds,
      });
      const now = Math.floor(Date.now() / 1000);
      await context.database.db
        .insertInto('tasks')
        .values({
          created_at: now,
          updated_at: now,
          task_id: reply.id,
          platform: 'openai',
          user_id: caller.user.id,
          channel_id: channel.id,
          quota: reservation.quota,
          action: 'VIDEO',
          status: 'SUBMITTED',
          submit_time: now,
          progress: '0%',
          properties: withPrivateFields(
            { model: video.model, seconds: video.seconds },
            { tokenId: caller.token?.id ?? null },
          ),
          data: JSON.stringify(reply),
        })
        .execute();
      return { ...reply, model: video.model };
    }
  } catch (error) {
    reservation.release();
    throw error;
  }
  reservation.release();
  throw relayError(503, 'upstream_unavailable', lastFailure);
}

async function ownVideo(context: AppContext, request: FastifyRequest<{ Params: { id: string } }>) {
  const row = await context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', 'openai')
    .where('user_id', '=', callerOf(request).user.id)
    .where('task_id', '=', request.params.id)
    .executeTakeFirst();
  if (!row) throw relayError(404, 'video_not_found', `video ${request.params.id} not found`);
  return row;
}

async function content(
  context: AppContext,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const row = await ownVideo(context, request);
  if (row.status !== 'SUCCESS')
    throw relayError(400, 'video_not_ready', `video ${row.task_id} is not completed`);
  const channel = context.channelCache.get(row.channel_id);
  if (!channel) throw relayError(503, 'channel_unavailable', 'the channel of this video is gone');
  const variant = (request.query as Record<string, unknown>).variant;
  const query = typeof variant === 'string' && variant ? `?variant=${encodeURIComponent(variant)}` : '';
  const response = await context.upstream
    .send(
      {
        url: `${channelBase(channel) || 'https://api.openai.com'}/v1/videos/${encodeURIComponent(row.task_id)}/content${query}`,
        method: 'GET',
        headers: { authorization: `Bearer ${channel.key}` },
      },
      { headersMs: 60_000, idleMs: 60_000 },
      AbortSignal.timeout(600_000),
      channelProxy(channel),
    )
    .catch(() => {
      throw relayError(502, 'upstream_unavailable', 'the channel could not be reached');
    });
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => undefined);
    throw relayError(502, 'upstream_refused', `the channel answered HTTP ${response.statusCode}`);
  }
  reply.header('content-type', String(response.headers['content-type'] ?? 'video/mp4'));
  return reply.send(response.body);
}

export async function registerVideoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(renderRelayError);
    scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    const authenticated = { preParsing: keyFirst(context, 'openai') };
    scope.post('/v1/videos', authenticated, async (request) => {
      const contentType = String(request.headers['content-type'] ?? '');
      if (!contentType.startsWith('multipart/form-data')) {
        if (!isRecord(request.body))
          throw relayError(400, 'invalid_request', 'the body must be a JSON object or multipart');
        const fields = Object.entries(request.body).map(
          ([name, value]) => [name, String(value)] as [string, string],
        );
        return submit(context, request, readVideoRequest(fields, []));
      }
      const multipart = await readMultipart(
        request.body as Readable,
        contentType,
        context.config.maxRequestBodyBytes,
      );
      try {
        return await submit(context, request, readVideoRequest(multipart.fields, multipart.files));
      } finally {
        await multipart.dispose();
      }
    });
    scope.get<{ Params: { id: string } }>('/v1/videos/:id', authenticated, async (request) =>
      videoView(await ownVideo(context, request)),
    );
    scope.get<{ Params: { id: string } }>('/v1/videos/:id/content', authenticated, (request, reply) =>
      content(context, request, reply),
    );
  });
}
