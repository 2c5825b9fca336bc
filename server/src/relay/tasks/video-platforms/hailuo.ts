/**
 * Hailuo on MiniMax (channel type 35) as a video platform (./platform.ts): the key as a Bearer token; a
 * task is `POST /v1/video_generation` with `{model, prompt, duration, resolution, first_frame_image}` — the
 * duration 6 s by default, the resolution from the size (1080, 768, 720 or 512 in it) or the model's
 * default (768P for MiniMax-Hailuo-02 / 2.3 and T2V-01-Director, else 720P), the first image as the first
 * frame; metadata may set prompt_optimizer, fast_pretreatment, last_frame_image, subject_reference,
 * aigc_watermark, callback_url — and answered `{task_id, base_resp: {status_code: 0}}`; it is read at
 * `GET /v1/query/video_generation?task_id=…` (`status` Preparing / Queueing / Processing / Success / Fail,
 * the video's `file_id`), and a finished video's address is asked for at
 * `GET /v1/files/retrieve?file_id=…` (`file.download_url`), kept with the task. Priced per call, as
 * new-api prices these models.
 */
import type { AppContext } from '../../../context.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { baseOf, type VideoPlatform, type VideoRequest } from './platform.ts';

const DEFAULT_BASE_URL = 'https://api.minimax.chat';
const FIELDS = [
  'prompt_optimizer',
  'fast_pretreatment',
  'duration',
  'resolution',
  'callback_url',
  'aigc_watermark',
  'first_frame_image',
  'last_frame_image',
  'subject_reference',
] as const;
const MODELS_AT_768P = [
  'MiniMax-Hailuo-02',
  'MiniMax-Hailuo-2.3',
  'MiniMax-Hailuo-2.3-Fast',
  'T2V-01-Director',
];

const STATUSES: Readonly<Record<string, { status: string; progress: number }>> = {
  Preparing: { status: 'IN_PROGRESS', progress: 30 },
  Queueing: { status: 'IN_PROGRESS', progress: 30 },
  Processing: { status: 'IN_PROGRESS', progress: 50 },
  Success: { status: 'SUCCESS', progress: 100 },
  Fail: { status: 'FAILURE', progress: 100 },
};

function resolutionOf(request: VideoRequest): string {
  for (const value of ['1080', '768', '720', '512']) if (request.size.includes(value)) return `${value}P`;
  return MODELS_AT_768P.includes(request.model) ? '768P' : '720P';
}

/** MiniMax's request body for a normalised request. */
export function hailuoBody(request: VideoRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.model,
    ...(request.prompt ? { prompt: request.prompt } : {}),
    duration: request.duration || 6,
    resolution: resolutionOf(request),
    ...(request.images[0] ? { first_frame_image: request.images[0] } : {}),
  };
  for (const field of FIELDS)
    if (request.metadata[field] !== undefined) body[field] = request.metadata[field];
  return body;
}

function baseResp(body: unknown): { code: number; message: string } {
  const resp = isRecord(body) && isRecord(body.base_resp) ? body.base_resp : {};
  return { code: Number(resp.status_code ?? -1), message: asString(resp.status_msg) ?? '' };
}

function get(context: AppContext, channel: CachedChannel, path: string) {
  return exchangeJson(context, channel, {
    url: `${baseOf(channel, DEFAULT_BASE_URL)}${path}`,
    method: 'GET',
    headers: { authorization: `Bearer ${channel.key}` },
  });
}

export const hailuo: VideoPlatform = {
  name: 'Hailuo',
  capability: 'hailuo',
  types: [35],
  ownsModel: (model) => /^(MiniMax-Hailuo|T2V-01|I2V-01|S2V-01)/.test(model),
  units: () => 1,
  submit: (channel, request) => ({
    url: `${baseOf(channel, DEFAULT_BASE_URL)}/v1/video_generation`,
    headers: { authorization: `Bearer ${channel.key}` },
    body: { json: hailuoBody(request) },
  }),
  errorMessage: (body) => baseResp(body).message || undefined,
  submitted(reply) {
    const id = asString(reply.task_id);
    const resp = baseResp(reply);
    if (resp.code !== 0 || !id) return { refused: resp.message || 'MiniMax answered without a task id' };
    return { taskId: id };
  },
  async read(context, channel, upstreamId) {
    const answer = await get(
      context,
      channel,
      `/v1/query/video_generation?task_id=${encodeURIComponent(upstreamId)}`,
    );
    if (answer.status >= 400 || !isRecord(answer.body)) return null;
    const task = answer.body;
    const fileId = asString(task.file_id) ?? (typeof task.file_id === 'number' ? String(task.file_id) : '');
    if (task.status !== 'Success' || !fileId) return task;
    // A finished video: its address, kept with the task (the task is read again next round if this fails).
    const file = await get(context, channel, `/v1/files/retrieve?file_id=${encodeURIComponent(fileId)}`);
    if (file.status >= 400 || baseResp(file.body).code !== 0 || !isRecord(file.body)) return null;
    return { ...task, file: file.body.file };
  },
  state(task) {
    const resp = baseResp(task);
    if (resp.code !== 0)
      return { status: 'FAILURE', progress: 100, reason: resp.message || `status ${resp.code}` };
    const known = STATUSES[asString(task.status) ?? ''] ?? { status: 'IN_PROGRESS', progress: 30 };
    return { ...known, ...(known.status === 'FAILURE' ? { reason: 'task failed' } : {}) };
  },
  videoUrl: (task) => (isRecord(task) && isRecord(task.file) ? (asString(task.file.download_url) ?? '') : ''),
};
