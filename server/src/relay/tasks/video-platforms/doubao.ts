/**
 * Doubao video — Seedance on Volcengine Ark (channel type 54) — as a video platform (./platform.ts): the
 * channel key is an Ark API key sent as a Bearer token; a task is created by
 * `POST /api/v3/contents/generations/tasks` with `{model, content: [image_url items…, {type: "text",
 * text: prompt}], duration, …}` (the request's metadata may set Ark's other fields: resolution, ratio,
 * seed, camera_fixed, watermark, callback_url …) and answered `{id}`; it is read at `GET …/tasks/{id}`
 * (`status` queued / running / succeeded / failed / cancelled, the video at `content.video_url`, the
 * failure at `error.message`). Priced per call, as new-api prices Doubao video.
 */
import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { baseOf, type VideoPlatform, type VideoRequest } from './platform.ts';

const DEFAULT_BASE_URL = 'https://ark.cn-beijing.volces.com';
const TASKS_PATH = '/api/v3/contents/generations/tasks';

/** Ark's task fields the request's metadata may set (content is built from the request). */
const ARK_FIELDS = [
  'callback_url',
  'return_last_frame',
  'service_tier',
  'execution_expires_after',
  'generate_audio',
  'draft',
  'resolution',
  'ratio',
  'duration',
  'frames',
  'seed',
  'camera_fixed',
  'watermark',
] as const;

const STATUSES: Readonly<Record<string, { status: string; progress: number }>> = {
  pending: { status: 'QUEUED', progress: 10 },
  queued: { status: 'QUEUED', progress: 10 },
  processing: { status: 'IN_PROGRESS', progress: 50 },
  running: { status: 'IN_PROGRESS', progress: 50 },
  succeeded: { status: 'SUCCESS', progress: 100 },
  failed: { status: 'FAILURE', progress: 100 },
  cancelled: { status: 'FAILURE', progress: 100 },
};

/** Ark's content list: the request's images, metadata's media items, then the prompt as the one text. */
function contentOf(request: VideoRequest): unknown[] {
  const images = request.images.map((url) => ({ type: 'image_url', image_url: { url } }));
  const extra = Array.isArray(request.metadata.content)
    ? request.metadata.content.filter((item) => !isRecord(item) || item.type !== 'text')
    : [];
  return [...images, ...extra, { type: 'text', text: request.prompt }];
}

/** Ark's request body for a normalised request. */
export function doubaoBody(request: VideoRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { model: request.model, content: contentOf(request) };
  for (const field of ARK_FIELDS)
    if (request.metadata[field] !== undefined) body[field] = request.metadata[field];
  if (request.duration) body.duration = request.duration;
  return body;
}

export const doubaoVideo: VideoPlatform = {
  name: 'Doubao video',
  capability: 'doubao-video',
  types: [54],
  ownsModel: (model) => model.includes('seedance'),
  units: () => 1,
  submit: (channel, request) => ({
    url: `${baseOf(channel, DEFAULT_BASE_URL)}${TASKS_PATH}`,
    headers: { authorization: `Bearer ${channel.key}` },
    body: { json: doubaoBody(request) },
  }),
  errorMessage: (body) => (isRecord(body) && isRecord(body.error) ? asString(body.error.message) : undefined),
  submitted(reply) {
    const id = asString(reply.id);
    return id ? { taskId: id } : { refused: 'Ark answered without a task id' };
  },
  async read(context, channel, upstreamId) {
    const answer = await exchangeJson(context, channel, {
      url: `${baseOf(channel, DEFAULT_BASE_URL)}${TASKS_PATH}/${encodeURIComponent(upstreamId)}`,
      method: 'GET',
      headers: { authorization: `Bearer ${channel.key}` },
    });
    return answer.status < 400 && isRecord(answer.body) ? answer.body : null;
  },
  state(task) {
    const known = STATUSES[asString(task.status) ?? ''] ?? { status: 'IN_PROGRESS', progress: 30 };
    const reason = isRecord(task.error) ? asString(task.error.message) : undefined;
    return {
      ...known,
      ...(known.status === 'FAILURE' ? { reason: reason || `task ${String(task.status)}` } : {}),
    };
  },
  videoUrl: (task) =>
    isRecord(task) && isRecord(task.content) ? (asString(task.content.video_url) ?? '') : '',
};
