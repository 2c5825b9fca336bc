/**
 * Kling (channel type 50) as a video platform (./platform.ts): the channel key is `AccessKey|SecretKey`,
 * sent as a JWT (HS256, `iss` the access key, valid 30 minutes from 5 s ago) signed with the secret key, as
 * Kling's API asks; a key starting `sk-` is another new-api in front of Kling, sent as it is and reached
 * under `/kling`. Submissions go to `/v1/videos/text2video` or, with an image, `/v1/videos/image2video`
 * (Kling's fields: model_name, prompt, image, image_tail, mode, duration, aspect_ratio … — the
 * request's metadata may set any of them); tasks are read at `…/{text2video|image2video}/{task_id}`.
 * Priced per call, as new-api prices Kling.
 */

import { SignJWT } from 'jose';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { isGatewayKey, klingKeyProblem } from './key-shapes.ts';
import { baseOf, type VideoPlatform, type VideoRequest } from './platform.ts';

const DEFAULT_BASE_URL = 'https://api.klingai.com';

/** The request fields Kling takes (its text2video / image2video APIs); metadata may set any of them. */
const KLING_FIELDS = [
  'prompt',
  'image',
  'image_tail',
  'negative_prompt',
  'sound',
  'mode',
  'duration',
  'aspect_ratio',
  'model_name',
  'model',
  'cfg_scale',
  'static_mask',
  'dynamic_masks',
  'camera_control',
  'watermark_info',
  'callback_url',
  'external_task_id',
] as const;

const STATUSES: Readonly<Record<string, string>> = {
  submitted: 'SUBMITTED',
  processing: 'IN_PROGRESS',
  succeed: 'SUCCESS',
  failed: 'FAILURE',
};

/** The bearer token for a channel key: a signed JWT, or a gateway key as it is. */
export async function klingToken(key: string, now = Date.now()): Promise<string> {
  if (isGatewayKey(key)) return key;
  const problem = klingKeyProblem(key);
  if (problem) throw new Error(problem);
  const [accessKey, secretKey] = key.split('|').map((part) => part.trim()) as [string, string];
  const seconds = Math.floor(now / 1000);
  return new SignJWT({ iss: accessKey, exp: seconds + 1800, nbf: seconds - 5 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secretKey));
}

function aspectRatio(size: string): string {
  switch (size) {
    case '1280x720':
    case '1920x1080':
      return '16:9';
    case '720x1280':
    case '1080x1920':
      return '9:16';
    default:
      return '1:1';
  }
}

/** Kling's request body for a normalised request (new-api's defaults: std mode, 5 s, cfg_scale 0.5). */
export function klingBody(request: VideoRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    prompt: request.prompt,
    ...(request.images[0] ? { image: request.images[0] } : {}),
    mode: request.mode || 'std',
    duration: String(request.duration || 5),
    aspect_ratio: aspectRatio(request.size),
    model_name: request.model,
    model: request.model,
    cfg_scale: 0.5,
  };
  for (const field of KLING_FIELDS)
    if (request.metadata[field] !== undefined) body[field] = request.metadata[field];
  return body;
}

function pathOf(imageToVideo: boolean, key: string): string {
  const path = imageToVideo ? '/v1/videos/image2video' : '/v1/videos/text2video';
  return isGatewayKey(key) ? `/kling${path}` : path;
}

function taskData(task: unknown): Record<string, unknown> {
  return isRecord(task) && isRecord(task.data) ? task.data : {};
}

export const kling: VideoPlatform = {
  name: 'Kling',
  capability: 'kling',
  types: [50],
  ownsModel: (model) => model.startsWith('kling'),
  units: () => 1,
  async submit(channel: CachedChannel, request) {
    const body = klingBody(request);
    return {
      url: `${baseOf(channel, DEFAULT_BASE_URL)}${pathOf(Boolean(body.image || body.image_tail), channel.key)}`,
      headers: { authorization: `Bearer ${await klingToken(channel.key)}` },
      body: { json: body },
    };
  },
  errorMessage: (body) => (isRecord(body) ? asString(body.message) : undefined),
  submitted(reply) {
    const id = asString(taskData(reply).task_id);
    if (reply.code !== 0 || !id)
      return { refused: asString(reply.message) || 'Kling answered without a task id' };
    return { taskId: id };
  },
  async read(context, channel, upstreamId, row) {
    const path = pathOf(row.action !== 'textGenerate', channel.key);
    const answer = await exchangeJson(context, channel, {
      url: `${baseOf(channel, DEFAULT_BASE_URL)}${path}/${encodeURIComponent(upstreamId)}`,
      method: 'GET',
      headers: { authorization: `Bearer ${await klingToken(channel.key)}` },
    });
    return answer.status < 400 && isRecord(answer.body) && answer.body.code === 0 ? answer.body : null;
  },
  state(task) {
    const data = taskData(task);
    const status = STATUSES[asString(data.task_status) ?? ''] ?? 'UNKNOWN';
    return {
      status,
      ...(status === 'FAILURE' ? { reason: asString(data.task_status_msg) || 'failed' } : {}),
    };
  },
  videoUrl(task) {
    const result = taskData(task).task_result;
    const videos = isRecord(result) && Array.isArray(result.videos) ? result.videos : [];
    return isRecord(videos[0]) ? (asString(videos[0].url) ?? '') : '';
  },
};
