/**
 * Veo on the Gemini API (channel type 24) as a video platform (./platform.ts): the channel key goes in
 * `x-goog-api-key`; a task is `POST /v1beta/models/{model}:predictLongRunning` with `{instances: [{prompt}],
 * parameters: {aspectRatio, durationSeconds, negativePrompt, personGeneration, resolution}}` (the request's
 * metadata may set the parameters; its duration is `durationSeconds`, its size the aspect ratio and
 * resolution) and answered with a long-running operation `{name: "models/…/operations/…"}` — the task's id
 * is that name in base64url, as new-api keeps it; the operation is read at `GET /v1beta/{name}` (`done`,
 * `error.message`, the video at `response.generateVideoResponse.generatedSamples[0].video.uri`, fetched
 * with the key). Priced per second as new-api prices Veo: `durationSeconds` (8 by default) times its 4K
 * ratio (1.5 for veo-3.1-generate, 2.333333 for veo-3.1-fast-generate, 1 otherwise).
 */
import { asString, isRecord } from '../../canonical/helpers.ts';
import { exchangeJson } from '../channels.ts';
import { baseOf, type VideoPlatform, type VideoRequest } from './platform.ts';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
const PARAMETERS = [
  'aspectRatio',
  'durationSeconds',
  'negativePrompt',
  'personGeneration',
  'resolution',
] as const;

/** `1280x720` → 720p, a side of 1920 or more 1080p, 3840 or more 4k (new-api's SizeToVeoResolution). */
function resolutionOfSize(size: string): string {
  const [width = 0, height = 0] = size.toLowerCase().split('x').map(Number);
  const longest = Math.max(width || 0, height || 0);
  return longest >= 3840 ? '4k' : longest >= 1920 ? '1080p' : '720p';
}

/** The Veo parameters of a request: its size and duration, then metadata's own over them. */
export function veoParameters(request: VideoRequest): Record<string, unknown> {
  const [width = 0, height = 0] = request.size.toLowerCase().split('x').map(Number);
  const parameters: Record<string, unknown> = {
    ...(request.size
      ? { aspectRatio: height > width ? '9:16' : '16:9', resolution: resolutionOfSize(request.size) }
      : {}),
    ...(request.duration ? { durationSeconds: request.duration } : {}),
  };
  for (const field of PARAMETERS)
    if (request.metadata[field] !== undefined) parameters[field] = request.metadata[field];
  return parameters;
}

/** new-api's 4K price ratios of the Veo models. */
export function veoResolutionRatio(model: string, resolution: string): number {
  if (resolution.toLowerCase() !== '4k') return 1;
  if (model.includes('3.1-fast-generate')) return 2.333333;
  if (model.includes('3.1')) return 1.5;
  return 1;
}

const toId = (name: string) => Buffer.from(name, 'utf8').toString('base64url');
const toName = (id: string) => Buffer.from(id, 'base64url').toString('utf8');

export const geminiVeo: VideoPlatform = {
  name: 'Gemini Veo',
  capability: 'veo',
  types: [24],
  ownsModel: (model) => model.startsWith('veo-'),
  units(request) {
    const parameters = veoParameters(request);
    const seconds = Number(parameters.durationSeconds) > 0 ? Number(parameters.durationSeconds) : 8;
    return seconds * veoResolutionRatio(request.model, String(parameters.resolution ?? '720p'));
  },
  submit: (channel, request) => ({
    url: `${baseOf(channel, DEFAULT_BASE_URL)}/v1beta/models/${encodeURIComponent(request.model)}:predictLongRunning`,
    headers: { 'x-goog-api-key': channel.key },
    body: { json: { instances: [{ prompt: request.prompt }], parameters: veoParameters(request) } },
  }),
  errorMessage: (body) => (isRecord(body) && isRecord(body.error) ? asString(body.error.message) : undefined),
  submitted(reply) {
    const name = asString(reply.name);
    return name ? { taskId: toId(name) } : { refused: 'the Gemini API answered without an operation' };
  },
  async read(context, channel, upstreamId) {
    const name = toName(upstreamId);
    if (!/^models\/[\w.-]+\/operations\/[\w-]+$/.test(name)) return null;
    const answer = await exchangeJson(context, channel, {
      url: `${baseOf(channel, DEFAULT_BASE_URL)}/v1beta/${name}`,
      method: 'GET',
      headers: { 'x-goog-api-key': channel.key },
    });
    return answer.status < 400 && isRecord(answer.body) ? answer.body : null;
  },
  state(task) {
    const error = isRecord(task.error) ? asString(task.error.message) : undefined;
    if (error) return { status: 'FAILURE', progress: 100, reason: error };
    return task.done === true
      ? { status: 'SUCCESS', progress: 100 }
      : { status: 'IN_PROGRESS', progress: 50 };
  },
  videoUrl(task) {
    const response = isRecord(task) && isRecord(task.response) ? task.response : {};
    const generated = isRecord(response.generateVideoResponse) ? response.generateVideoResponse : {};
    const samples = Array.isArray(generated.generatedSamples) ? generated.generatedSamples : [];
    const video = isRecord(samples[0]) && isRecord(samples[0].video) ? samples[0].video : {};
    return asString(video.uri) ?? '';
  },
  contentHeaders: (channel) => ({ 'x-goog-api-key': channel.key }),
};
