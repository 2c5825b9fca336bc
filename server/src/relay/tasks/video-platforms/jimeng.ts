/**
 * Jimeng (channel type 51, Volcengine's visual API) as a video platform (./platform.ts): the channel key is
 * `AccessKey|SecretKey`, each request signed with Volcengine's HMAC-SHA256 signature (./volcengine-signing.ts,
 * region cn-north-1, service cv); a key starting `sk-` is another new-api in front of Jimeng, sent as a
 * Bearer token and reached under `/jimeng`. A task is submitted with
 * `POST /?Action=CVSync2AsyncSubmitTask&Version=2022-08-31` (`req_key` the model — the 3.0 models resolved
 * to their text, image or first-and-last-frame keys as new-api resolves them —, prompt, `frames` 121 for
 * 5 s or 241 for 10 s, `image_urls` or `binary_data_base64`; metadata may set seed, aspect_ratio and the
 * others) and answered `{code: 10000, data: {task_id}}`; it is read with
 * `POST /?Action=CVSync2AsyncGetResult&Version=2022-08-31` (`{req_key, task_id}`: `data.status` in_queue /
 * generating / done / not_found / expired, the video at `data.video_url`). Priced per call, as new-api
 * prices Jimeng.
 */

import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { shownProperties } from '../properties.ts';
import { isGatewayKey, jimengKeyProblem } from './key-shapes.ts';
import { baseOf, type VideoAction, type VideoPlatform, type VideoRequest } from './platform.ts';
import { signVolcengine } from './volcengine-signing.ts';

const DEFAULT_BASE_URL = 'https://visual.volcengineapi.com';
const VERSION = '2022-08-31';
const SUCCESS_CODE = 10000;
const DEFAULT_REQ_KEY = 'jimeng_vgfm_t2v_l20';

/** Jimeng's request fields the request's metadata may set. */
const JIMENG_FIELDS = [
  'req_key',
  'binary_data_base64',
  'image_urls',
  'prompt',
  'seed',
  'aspect_ratio',
  'frames',
] as const;

const STATUSES: Readonly<Record<string, { status: string; progress?: number }>> = {
  in_queue: { status: 'QUEUED', progress: 10 },
  generating: { status: 'IN_PROGRESS', progress: 50 },
  done: { status: 'SUCCESS', progress: 100 },
  not_found: { status: 'FAILURE' },
  expired: { status: 'FAILURE' },
};

/** The images of a request, its own or those its metadata names. */
function imagesOf(request: VideoRequest): string[] {
  for (const field of ['image_urls', 'binary_data_base64'] as const) {
    const list = request.metadata[field];
    if (Array.isArray(list) && list.length > 0) return list.map(String);
  }
  return request.images;
}

function actionOf(request: VideoRequest): VideoAction {
  const count = imagesOf(request).length;
  return count === 0 ? 'textGenerate' : count === 1 ? 'generate' : 'firstTailGenerate';
}

/** The 3.0 models' request keys by what they are given (new-api's resolveJimengReqKey). */
export function jimengReqKey(model: string, images: number): string {
  if (!model.includes('jimeng_v30')) return model;
  if (model === 'jimeng_v30_pro') return 'jimeng_ti2v_v30_pro';
  if (images > 1) return model.replace('jimeng_v30', 'jimeng_i2v_first_tail_v30').replace(/p$/, '');
  if (images === 1) return model.replace('jimeng_v30', 'jimeng_i2v_first_v30').replace(/p$/, '');
  return model.replace('jimeng_v30', 'jimeng_t2v_v30');
}

/** Jimeng's request body for a normalised request. */
export function jimengBody(request: VideoRequest): Record<string, unknown> {
  const images = request.images;
  const body: Record<string, unknown> = {
    req_key: request.model || DEFAULT_REQ_KEY,
    ...(request.prompt ? { prompt: request.prompt } : {}),
    frames: request.duration === 10 ? 241 : 121,
    ...(images.length === 0
      ? {}
      : images[0]?.startsWith('http')
        ? { image_urls: images }
        : { binary_data_base64: images }),
  };
  for (const field of JIMENG_FIELDS)
    if (request.metadata[field] !== undefined) body[field] = request.metadata[field];
  body.req_key = jimengReqKey(String(body.req_key), imagesOf(request).length);
  return body;
}

/** A signed (or, for a gateway key, bearer) JSON request to one of Jimeng's actions. */
function jimengRequest(base: string, key: string, action: string, body: unknown) {
  const url = `${base}${isGatewayKey(key) ? '/jimeng' : ''}/?Action=${action}&Version=${VERSION}`;
  if (isGatewayKey(key)) return { url, headers: { authorization: `Bearer ${key}` } };
  const problem = jimengKeyProblem(key);
  if (problem) throw new Error(problem);
  const [accessKey, secretKey] = key.split('|').map((part) => part.trim()) as [string, string];
  const headers = signVolcengine({
    method: 'POST',
    url,
    body: JSON.stringify(body),
    accessKey,
    secretKey,
    region: 'cn-north-1',
    service: 'cv',
    now: Date.now(),
  });
  return { url, headers };
}

export const jimeng: VideoPlatform = {
  name: 'Jimeng',
  capability: 'jimeng',
  types: [51],
  ownsModel: (model) => model.startsWith('jimeng'),
  units: () => 1,
  action: actionOf,
  submit(channel, request) {
    const body = jimengBody(request);
    const { url, headers } = jimengRequest(
      baseOf(channel, DEFAULT_BASE_URL),
      channel.key,
      'CVSync2AsyncSubmitTask',
      body,
    );
    return { url, headers, body: { json: body } };
  },
  errorMessage(body) {
    if (!isRecord(body)) return undefined;
    const metadata = isRecord(body.ResponseMetadata) ? body.ResponseMetadata : {};
    const error = isRecord(metadata.Error) ? metadata.Error : {};
    return asString(body.message) || asString(error.Message);
  },
  submitted(reply) {
    const id = isRecord(reply.data) ? asString(reply.data.task_id) : undefined;
    if (reply.code !== SUCCESS_CODE || !id)
      return { refused: asString(reply.message) || 'Jimeng answered without a task id' };
    return { taskId: id };
  },
  async read(context, channel, upstreamId, row) {
    const shown = shownProperties(row.properties);
    const model = asString(shown.upstream_model_name) || asString(shown.model) || DEFAULT_REQ_KEY;
    const images = row.action === 'firstTailGenerate' ? 2 : row.action === 'generate' ? 1 : 0;
    const body = { req_key: jimengReqKey(model, images), task_id: upstreamId };
    const { url, headers } = jimengRequest(
      baseOf(channel, DEFAULT_BASE_URL),
      channel.key,
      'CVSync2AsyncGetResult',
      body,
    );
    const answer = await exchangeJson(context, channel, { url, method: 'POST', headers, body });
    return answer.status < 400 && isRecord(answer.body) ? answer.body : null;
  },
  state(task) {
    if (task.code !== SUCCESS_CODE)
      return { status: 'FAILURE', reason: asString(task.message) || `code ${String(task.code)}` };
    const data = isRecord(task.data) ? task.data : {};
    const known = STATUSES[asString(data.status) ?? ''] ?? { status: 'IN_PROGRESS' };
    return { ...known, ...(known.status === 'FAILURE' ? { reason: `task ${String(data.status)}` } : {}) };
  },
  videoUrl: (task) => (isRecord(task) && isRecord(task.data) ? (asString(task.data.video_url) ?? '') : ''),
};
