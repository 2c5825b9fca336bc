/**
 * Wan on Alibaba Cloud's DashScope (channel type 17) as a video platform (./platform.ts): the key as a
 * Bearer token with `X-DashScope-Async: enable`; a task is
 * `POST /api/v1/services/aigc/video-generation/video-synthesis` with `{model, input: {prompt, img_url},
 * parameters: {resolution, duration, prompt_extend: true}}` — the resolution from the request's size
 * (`720p` → `720P`; by default 1080P for wan2.5 and wan2.2-i2v-plus, else 720P), the duration 5 s by
 * default, the first image as `img_url`; metadata may set any of the input's and parameters' fields
 * (first_frame_url, last_frame_url, audio_url, negative_prompt, template, size, watermark, audio, seed) —
 * and answered `{output: {task_id, task_status}, request_id}`; it is read at `GET /api/v1/tasks/{id}`
 * (`output.task_status` PENDING / RUNNING / SUCCEEDED / FAILED / CANCELED / UNKNOWN, the video at
 * `output.video_url`, the failure's `output.message`). Priced per call, as new-api's Ali adaptor prices it.
 */
import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { baseOf, type VideoPlatform, type VideoRequest } from './platform.ts';

const DEFAULT_BASE_URL = 'https://dashscope.aliyuncs.com';
const INPUT_FIELDS = [
  'img_url',
  'first_frame_url',
  'last_frame_url',
  'audio_url',
  'negative_prompt',
  'template',
];
const PARAMETER_FIELDS = ['resolution', 'size', 'duration', 'prompt_extend', 'watermark', 'audio', 'seed'];

const STATUSES: Readonly<Record<string, string>> = {
  PENDING: 'QUEUED',
  RUNNING: 'IN_PROGRESS',
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILURE',
  CANCELED: 'FAILURE',
  UNKNOWN: 'FAILURE',
};

function defaultResolution(model: string): string {
  if (model.startsWith('wan2.5') || model.startsWith('wan2.2-i2v-plus')) return '1080P';
  return '720P';
}

/** DashScope's request body for a normalised request. */
export function wanBody(request: VideoRequest): Record<string, unknown> {
  const size = request.size.toUpperCase();
  const input: Record<string, unknown> = {
    prompt: request.prompt,
    ...(request.images[0] ? { img_url: request.images[0] } : {}),
  };
  const parameters: Record<string, unknown> = {
    resolution: size ? (size.endsWith('P') ? size : `${size}P`) : defaultResolution(request.model),
    duration: request.duration || 5,
    prompt_extend: true,
  };
  for (const field of INPUT_FIELDS)
    if (request.metadata[field] !== undefined) input[field] = request.metadata[field];
  for (const field of PARAMETER_FIELDS)
    if (request.metadata[field] !== undefined) parameters[field] = request.metadata[field];
  return { model: request.model, input, parameters };
}

function output(task: unknown): Record<string, unknown> {
  return isRecord(task) && isRecord(task.output) ? task.output : {};
}

export const aliWan: VideoPlatform = {
  name: 'Ali Wan',
  capability: 'wan',
  types: [17],
  ownsModel: (model) => model.startsWith('wan'),
  units: () => 1,
  submit: (channel, request) => ({
    url: `${baseOf(channel, DEFAULT_BASE_URL)}/api/v1/services/aigc/video-generation/video-synthesis`,
    headers: { authorization: `Bearer ${channel.key}`, 'x-dashscope-async': 'enable' },
    body: { json: wanBody(request) },
  }),
  errorMessage: (body) => (isRecord(body) ? asString(body.message) : undefined),
  submitted(reply) {
    const id = asString(output(reply).task_id);
    if (asString(reply.code) || !id)
      return { refused: asString(reply.message) || 'DashScope answered without a task id' };
    return { taskId: id };
  },
  async read(context, channel, upstreamId) {
    const answer = await exchangeJson(context, channel, {
      url: `${baseOf(channel, DEFAULT_BASE_URL)}/api/v1/tasks/${encodeURIComponent(upstreamId)}`,
      method: 'GET',
      headers: { authorization: `Bearer ${channel.key}` },
    });
    return answer.status < 400 && isRecord(answer.body) ? answer.body : null;
  },
  state(task) {
    const out = output(task);
    const status = STATUSES[asString(out.task_status) ?? ''] ?? 'QUEUED';
    const reason = asString(out.message) || asString(task.message) || 'task failed';
    return { status, ...(status === 'FAILURE' ? { reason } : {}) };
  },
  videoUrl: (task) => asString(output(task).video_url) ?? '',
};
