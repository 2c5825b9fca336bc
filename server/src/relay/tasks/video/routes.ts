/**
 * OpenAI's video API on the task engine (docs/tasks.md): `POST /v1/videos` (multipart as the openai SDK
 * sends it, or JSON) relayed through the task submit loop (../submit-loop.ts) to a channel that serves
 * `videos` and lists the model, and charged the model price per second of video; `GET /v1/videos/{id}`
 * answered from the task row (refreshed by the poller); `GET /v1/videos/{id}/content` streamed through
 * from the task's channel; `POST /v1/videos/{id}/remix` a new video from a finished one, at its channel.
 * Rows in `tasks` (platform `openai`, action VIDEO); errors in OpenAI's format. A video platform's model
 * (../video-platforms/) is served here too, as new-api serves it: submitted as on the generic route, read
 * back as new-api's OpenAI video object, its content fetched from the video's address.
 */

import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { channelProxy } from '../../call/relay-call.ts';
import { isRecord } from '../../canonical/helpers.ts';
import { callerOf, keyFirst, type RelayCaller } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { encodeMultipart, type MultipartBody, readMultipart } from '../../http/multipart.ts';
import { renderRelayError } from '../../http/routes.ts';
import { guardRelayScope } from '../../http/scope-guards.ts';
import { admitModel } from '../../routing/auto-group.ts';
import { channelBase, taskChannel } from '../channels.ts';
import { shownProperties } from '../properties.ts';
import { submitTask, type TaskPlatform, type TaskReading } from '../submit-loop.ts';
import { storeSubmittedTask } from '../submitted-task.ts';
import { platformOfModel, platformOfRow, VIDEO_PLATFORM_COLUMNS } from '../video-platforms/index.ts';
import { readVideoRequest as readPlatformRequest } from '../video-platforms/request.ts';
import { registerVideoPlatformRoutes } from '../video-platforms/routes.ts';
import { submitVideo } from '../video-platforms/submit.ts';
import { openAiVideoOf, resultUrlOf } from '../video-platforms/view.ts';
import { videoView } from './view.ts';

const SECONDS = new Set(['4', '8', '12']);

/** OpenAI's default size, and the sizes priced higher (new-api's Sora pricing: 1.666667 times). */
const DEFAULT_SIZE = '720x1280';
const LARGE_SIZES = new Set(['1792x1024', '1024x1792']);
const LARGE_SIZE_RATIO = 1.666667;

interface VideoRequest {
  model: string;
  seconds: number;
  size: string;
  fields: [string, string][];
  files: MultipartBody['files'];
}

/** Units of the model price a video costs: its seconds, times new-api's ratio for the large sizes. */
export function videoUnits(seconds: number, size: string): number {
  return seconds * (LARGE_SIZES.has(size) ? LARGE_SIZE_RATIO : 1);
}

function readVideoRequest(fields: [string, string][], files: MultipartBody['files']): VideoRequest {
  const value = (name: string) => fields.find(([field]) => field === name)?.[1]?.trim() ?? '';
  const model = value('model') || 'sora-2';
  if (!value('prompt')) throw relayError(400, 'invalid_request', 'prompt is required');
  const seconds = value('seconds') || '4';
  if (!SECONDS.has(seconds)) throw relayError(400, 'invalid_request', 'seconds must be 4, 8 or 12');
  return {
    model,
    seconds: Number(seconds),
    size: value('size') || DEFAULT_SIZE,
    fields: fields.filter(([name]) => name !== 'model'),
    files,
  };
}

/** OpenAI's video API as the submit loop knows it: the channels that serve `videos`, OpenAI's errors. */
const VIDEOS: TaskPlatform = {
  name: 'OpenAI',
  capability: 'videos',
  errorMessage: (body) =>
    isRecord(body) && isRecord(body.error) ? String(body.error.message ?? '') : undefined,
};

/**
 * What OpenAI's answer means: a video object (it has an id) is accepted — the `tasks` row stored with the
 * object and the quota it cost, the object answered with the requested model; anything else is a refusal.
 */
function readAnswer(
  context: AppContext,
  caller: RelayCaller,
  video: VideoRequest,
  reply: Record<string, unknown>,
  channel: CachedChannel,
): TaskReading {
  const id = reply.id;
  if (typeof id !== 'string')
    return {
      outcome: 'refused',
      status: 502,
      message: VIDEOS.errorMessage(reply) || 'the video API answered without a video id',
    };
  return {
    outcome: 'accepted',
    logExtra: { task_platform: 'openai', task_id: id, video_seconds: video.seconds, video_size: video.size },
    async store(quota) {
      await storeSubmittedTask(context, caller, channel, quota, {
        taskId: id,
        platform: 'openai',
        action: 'VIDEO',
        properties: { model: video.model, seconds: video.seconds, size: video.size },
        data: reply,
      });
      return { ...reply, model: video.model };
    },
  };
}

/**
 * A video platform's model (Kling, Jimeng, Vidu, Doubao video) on OpenAI's route, as new-api serves them:
 * OpenAI's fields as new-api's submission (seconds its duration, `input_reference` — a URL or base64, not
 * a file — its image), answered with new-api's OpenAI video object.
 */
function submitToPlatform(
  context: AppContext,
  request: FastifyRequest,
  fields: [string, string][],
  files: MultipartBody['files'],
) {
  if (files.length > 0)
    throw relayError(400, 'invalid_request', 'this model takes input_reference as an image URL, not a file');
  const body = Object.fromEntries(fields.filter(([name]) => name !== 'seconds'));
  const seconds = fields.find(([name]) => name === 'seconds')?.[1];
  return submitVideo(
    context,
    callerOf(request),
    request.id,
    readPlatformRequest({ ...body, ...(seconds ? { duration: seconds } : {}) }),
  );
}

/** OpenAI's video route: OpenAI's video API, or a video platform for its models. */
function submitAny(
  context: AppContext,
  request: FastifyRequest,
  fields: [string, string][],
  files: MultipartBody['files'],
) {
  const model = fields.find(([name]) => name === 'model')?.[1]?.trim() ?? '';
  if (platformOfModel(model)) return submitToPlatform(context, request, fields, files);
  return submit(context, request, readVideoRequest(fields, files));
}

function submit(context: AppContext, request: FastifyRequest, video: VideoRequest) {
  const caller = callerOf(request);
  admitModel(context, caller, video.model);
  return submitTask(context, {
    platform: VIDEOS,
    caller,
    requestId: request.id,
    model: video.model,
    // Priced per second of video (new-api: times 1.666667 for the large sizes).
    units: videoUnits(video.seconds, video.size),
    request: (channel) => ({
      url: `${channelBase(channel) || 'https://api.openai.com'}/v1/videos`,
      headers: { authorization: `Bearer ${channel.key}` },
      body: { multipart: encodeMultipart([['model', video.model], ...video.fields], video.files) },
    }),
    read: (reply, channel) => readAnswer(context, caller, video, reply, channel),
  });
}

/**
 * `POST /v1/videos/{id}/remix` (`{prompt}`): a new video from one of the caller's finished videos, sent to
 * the channel that made it (only there, once) and priced as that video was — its seconds and size, as
 * new-api prices a remix.
 */
async function remix(context: AppContext, request: FastifyRequest<{ Params: { id: string } }>) {
  const body = request.body;
  const prompt = isRecord(body) && typeof body.prompt === 'string' ? body.prompt.trim() : '';
  if (!prompt) throw relayError(400, 'invalid_request', 'prompt is required');
  const parent = await ownVideo(context, request);
  if (parent.platform !== 'openai')
    throw relayError(400, 'invalid_request', 'only OpenAI and Sora videos can be remixed');
  if (parent.status !== 'SUCCESS')
    throw relayError(400, 'video_not_ready', `video ${parent.task_id} is not completed`);
  const channel = taskChannel(context, parent.channel_id);
  if (!channel)
    throw relayError(503, 'channel_unavailable', 'the channel of this video is gone or has no enabled key');
  const shown = shownProperties(parent.properties);
  const video: VideoRequest = {
    model: typeof shown.model === 'string' && shown.model ? shown.model : 'sora-2',
    seconds: Number(shown.seconds) || 4,
    size: typeof shown.size === 'string' && shown.size ? shown.size : DEFAULT_SIZE,
    fields: [['prompt', prompt]],
    files: [],
  };
  const caller = callerOf(request);
  admitModel(context, caller, video.model);
  return submitTask(context, {
    platform: VIDEOS,
    caller,
    requestId: request.id,
    model: video.model,
    units: videoUnits(video.seconds, video.size),
    parentChannel: channel,
    request: (target) => ({
      url: `${channelBase(target) || 'https://api.openai.com'}/v1/videos/${encodeURIComponent(parent.task_id)}/remix`,
      headers: { authorization: `Bearer ${target.key}` },
      body: { json: { prompt } },
    }),
    read: (reply, target) => readAnswer(context, caller, video, reply, target),
  });
}

/** The rows `/v1/videos/{id}` reads: OpenAI's videos and the video platforms' tasks. */
const VIDEO_ROWS = ['openai', ...VIDEO_PLATFORM_COLUMNS];

async function ownVideo(context: AppContext, request: FastifyRequest<{ Params: { id: string } }>) {
  const row = await context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', 'in', VIDEO_ROWS)
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
  const channel = taskChannel(context, row.channel_id);
  if (!channel)
    throw relayError(503, 'channel_unavailable', 'the channel of this video is gone or has no enabled key');
  const variant = (request.query as Record<string, unknown>).variant;
  const query = typeof variant === 'string' && variant ? `?variant=${encodeURIComponent(variant)}` : '';
  // A video platform's video is fetched from the address its task names (with the key only where the
  // platform needs it; the others' addresses are signed links), through the channel's proxy under the
  // address policy.
  const platformUrl = row.platform === 'openai' ? null : resultUrlOf(row);
  if (platformUrl === '')
    throw relayError(404, 'video_not_found', `video ${row.task_id} has no video address`);
  const response = await context.upstream
    .send(
      platformUrl
        ? { url: platformUrl, method: 'GET', headers: platformOfRow(row)?.contentHeaders?.(channel) ?? {} }
        : {
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

/** OpenAI's video routes, and new-api's generic video routes of the other platforms (../video-platforms/). */
export async function registerVideoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerVideoPlatformRoutes(app, context);
  await app.register(async (scope) => {
    scope.setErrorHandler(renderRelayError);
    guardRelayScope(scope, context);
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
        return submitAny(context, request, fields, []);
      }
      const multipart = await readMultipart(
        request.body as Readable,
        contentType,
        context.config.maxRequestBodyBytes,
      );
      try {
        return await submitAny(context, request, multipart.fields, multipart.files);
      } finally {
        await multipart.dispose();
      }
    });
    scope.get<{ Params: { id: string } }>('/v1/videos/:id', authenticated, async (request) => {
      const row = await ownVideo(context, request);
      return row.platform === 'openai' ? videoView(row) : openAiVideoOf(row);
    });
    scope.post<{ Params: { id: string } }>('/v1/videos/:id/remix', authenticated, (request) =>
      remix(context, request),
    );
    scope.get<{ Params: { id: string } }>('/v1/videos/:id/content', authenticated, (request, reply) =>
      content(context, request, reply),
    );
  });
}
