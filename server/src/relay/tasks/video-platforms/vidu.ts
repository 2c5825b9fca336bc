/**
 * Vidu (channel type 52) as a video platform (./platform.ts): the channel key is sent as
 * `Authorization: Token <key>`; a task goes to `/ent/v2/text2video`, `/img2video` (one image),
 * `/start-end2video` (two: first and last frame) or `/reference2video` (more), with Vidu's fields (model,
 * images, prompt, duration — 5 by default —, resolution — the request's size, 1080p by default —,
 * movement_amplitude `auto`; metadata may set seed, bgm, payload, callback_url and the others) and is
 * answered `{task_id, state …}`; it is read at `GET /ent/v2/tasks/{id}/creations` (`state` created /
 * queueing / processing / success / failed, the video at `creations[0].url`, the failure's `err_code`).
 * Priced per call, as new-api prices Vidu.
 */
import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { baseOf, type VideoAction, type VideoPlatform, type VideoRequest } from './platform.ts';

const DEFAULT_BASE_URL = 'https://api.vidu.cn';

const PATHS: Readonly<Record<VideoAction, string>> = {
  textGenerate: '/text2video',
  generate: '/img2video',
  firstTailGenerate: '/start-end2video',
  referenceGenerate: '/reference2video',
};

/** Vidu's request fields the request's metadata may set. */
const VIDU_FIELDS = [
  'model',
  'images',
  'prompt',
  'duration',
  'seed',
  'resolution',
  'movement_amplitude',
  'bgm',
  'payload',
  'callback_url',
] as const;

const STATUSES: Readonly<Record<string, string>> = {
  created: 'SUBMITTED',
  queueing: 'SUBMITTED',
  processing: 'IN_PROGRESS',
  success: 'SUCCESS',
  failed: 'FAILURE',
};

function actionOf(request: VideoRequest): VideoAction {
  const count = request.images.length;
  if (count === 0) return 'textGenerate';
  if (count === 1) return 'generate';
  return count === 2 ? 'firstTailGenerate' : 'referenceGenerate';
}

/** Vidu's request body for a normalised request. */
export function viduBody(request: VideoRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: request.model || 'viduq1',
    images: request.images,
    ...(request.prompt ? { prompt: request.prompt } : {}),
    duration: request.duration || 5,
    resolution: request.size || '1080p',
    movement_amplitude: 'auto',
  };
  for (const field of VIDU_FIELDS)
    if (request.metadata[field] !== undefined) body[field] = request.metadata[field];
  return body;
}

export const vidu: VideoPlatform = {
  name: 'Vidu',
  capability: 'vidu',
  types: [52],
  ownsModel: (model) => model.startsWith('vidu'),
  units: () => 1,
  action: actionOf,
  submit: (channel, request) => ({
    url: `${baseOf(channel, DEFAULT_BASE_URL)}/ent/v2${PATHS[actionOf(request)]}`,
    headers: { authorization: `Token ${channel.key}` },
    body: { json: viduBody(request) },
  }),
  errorMessage: (body) => (isRecord(body) ? asString(body.message) || asString(body.reason) : undefined),
  submitted(reply) {
    const id = asString(reply.task_id);
    if (reply.state === 'failed' || !id)
      return { refused: asString(reply.err_code) || 'Vidu answered without a task id' };
    return { taskId: id };
  },
  async read(context, channel, upstreamId) {
    const answer = await exchangeJson(context, channel, {
      url: `${baseOf(channel, DEFAULT_BASE_URL)}/ent/v2/tasks/${encodeURIComponent(upstreamId)}/creations`,
      method: 'GET',
      headers: { authorization: `Token ${channel.key}` },
    });
    return answer.status < 400 && isRecord(answer.body) ? answer.body : null;
  },
  state(task) {
    const status = STATUSES[asString(task.state) ?? ''] ?? 'UNKNOWN';
    return { status, ...(status === 'FAILURE' ? { reason: asString(task.err_code) || 'failed' } : {}) };
  },
  videoUrl(task) {
    const creations = isRecord(task) && Array.isArray(task.creations) ? task.creations : [];
    return isRecord(creations[0]) ? (asString(creations[0].url) ?? '') : '';
  },
};
