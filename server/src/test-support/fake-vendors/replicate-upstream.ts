/**
 * A fake Replicate API for integration tests, written from Replicate's published HTTP API: predictions
 * created at `POST /v1/models/{owner}/{name}/predictions` and read at `GET /v1/predictions/{id}`, with the API token as a Bearer token. Like Replicate it refuses a
 * missing or unknown token (401, a problem body `{title, detail, status}`), an unknown model (404) and an
 * input its FLUX models' schemas refuse (422 `Input validation failed`: a missing prompt, an aspect ratio
 * they do not have, a custom size off their 256–1440 grid of 32, more than 4 outputs, an output format
 * other than webp, jpg or png). Two models:
 * - `black-forest-labs/flux-1.1-pro` is fast: with `Prefer: wait` the created prediction has `succeeded`
 *   with its output, one URL;
 * - `black-forest-labs/flux-schnell` is slow: created `starting`, `processing` at the first read, and
 *   `succeeded` at the second with one URL per `num_outputs`.
 * A prompt with the word "forbidden" ends its prediction `failed` with Replicate's NSFW error. The output
 * images are served at `/output/{prediction}/{n}.webp`.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_REPLICATE_TOKEN = 'r8_fake-replicate-token-0123456789';
export const FAKE_REPLICATE_FAST_MODEL = 'black-forest-labs/flux-1.1-pro';
export const FAKE_REPLICATE_SLOW_MODEL = 'black-forest-labs/flux-schnell';
export const FAKE_REPLICATE_NSFW_ERROR =
  'NSFW content detected. Try running it again, or try a different prompt.';
export const FAKE_REPLICATE_IMAGE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake flux image');

const ASPECT_RATIOS = new Set([
  '1:1',
  '16:9',
  '21:9',
  '3:2',
  '2:3',
  '4:5',
  '5:4',
  '3:4',
  '4:3',
  '9:16',
  '9:21',
]);
const OUTPUT_FORMATS = new Set(['webp', 'jpg', 'png']);

export interface FakeReplicate extends FakeVendor {
  /** Reads of each prediction, by id. */
  readonly reads: Map<string, number>;
}

type Json = Record<string, unknown>;

interface Prediction {
  id: string;
  model: string;
  input: Json;
  slow: boolean;
}

function problem(response: ServerResponse, status: number, title: string, detail: string): void {
  sendJson(response, status, { title, detail, status });
}

function validSide(value: unknown): boolean {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 256 && value <= 1440 && value % 32 === 0
  );
}

/** What the FLUX schemas refuse in `input`, or null. */
function inputProblem(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return '- input: input is required';
  const fields = input as Json;
  if (typeof fields.prompt !== 'string' || fields.prompt === '') return '- input: prompt is required';
  const ratio = fields.aspect_ratio;
  if (ratio !== undefined && ratio !== 'custom' && !ASPECT_RATIOS.has(String(ratio)))
    return `- input.aspect_ratio: input.aspect_ratio must be one of the following: ${[...ASPECT_RATIOS].join(', ')}, custom`;
  if (ratio === 'custom' && !(validSide(fields.width) && validSide(fields.height)))
    return '- input.width: Must be a multiple of 32 from 256 to 1440 (and input.height)';
  const outputs = fields.num_outputs;
  if (
    outputs !== undefined &&
    !(Number.isInteger(outputs) && (outputs as number) >= 1 && (outputs as number) <= 4)
  )
    return '- input.num_outputs: Must be less than or equal to 4';
  if (fields.output_format !== undefined && !OUTPUT_FORMATS.has(String(fields.output_format)))
    return '- input.output_format: input.output_format must be one of the following: webp, jpg, png';
  return null;
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  let sequence = 0;
  const predictions = new Map<string, Prediction>();
  const reads = new Map<string, number>();
  let url = '';

  const view = (prediction: Prediction, status: string) => {
    const count = typeof prediction.input.num_outputs === 'number' ? prediction.input.num_outputs : 1;
    const urls = Array.from({ length: count }, (_, index) => `${url}/output/${prediction.id}/${index}.webp`);
    const forbidden = String(prediction.input.prompt).includes('forbidden');
    const final = status === 'succeeded' && forbidden ? 'failed' : status;
    return {
      id: prediction.id,
      model: prediction.model,
      version: 'dp-4d0bcc010b3049749a251855f12800be',
      input: prediction.input,
      logs: '',
      output: final === 'succeeded' ? (prediction.slow ? urls : urls[0]) : null,
      data_removed: false,
      error: final === 'failed' ? FAKE_REPLICATE_NSFW_ERROR : null,
      status: final,
      created_at: '2026-11-27T12:00:00.000Z',
      urls: {
        cancel: `${url}/v1/predictions/${prediction.id}/cancel`,
        get: `${url}/v1/predictions/${prediction.id}`,
        web: `https://replicate.com/p/${prediction.id}`,
      },
    };
  };

  const create = (request: RecordedVendorRequest, response: ServerResponse, model: string) => {
    if (model !== FAKE_REPLICATE_FAST_MODEL && model !== FAKE_REPLICATE_SLOW_MODEL) {
      problem(response, 404, 'Not found', 'The requested resource could not be found.');
      return;
    }
    const invalid = inputProblem(request.body.input);
    if (invalid) {
      problem(response, 422, 'Input validation failed', invalid);
      return;
    }
    sequence += 1;
    const prediction = {
      id: `pred${sequence}fake`,
      model,
      input: request.body.input as Json,
      slow: model === FAKE_REPLICATE_SLOW_MODEL,
    };
    predictions.set(prediction.id, prediction);
    const waited = String(request.headers.prefer ?? '').startsWith('wait');
    sendJson(response, 201, view(prediction, waited && !prediction.slow ? 'succeeded' : 'starting'));
  };

  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    const output = /^\/output\/([^/]+)\/(\d+)\.webp$/.exec(request.path);
    if (request.method === 'GET' && output && predictions.has(output[1]!)) {
      response.writeHead(200, { 'content-type': 'image/webp' });
      response.end(FAKE_REPLICATE_IMAGE);
      return;
    }
    if (request.headers.authorization !== `Bearer ${FAKE_REPLICATE_TOKEN}`) {
      problem(response, 401, 'Unauthenticated', 'You did not pass a valid authentication token');
      return;
    }
    const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(request.path);
    if (request.method === 'POST' && byModel) {
      create(request, response, `${decodeURIComponent(byModel[1]!)}/${decodeURIComponent(byModel[2]!)}`);
      return;
    }
    const read = /^\/v1\/predictions\/([^/]+)$/.exec(request.path);
    const prediction = read ? predictions.get(read[1]!) : undefined;
    if (request.method === 'GET' && prediction) {
      const count = (reads.get(prediction.id) ?? 0) + 1;
      reads.set(prediction.id, count);
      sendJson(response, 200, view(prediction, count < 2 ? 'processing' : 'succeeded'));
      return;
    }
    problem(response, 404, 'Not found', 'The requested resource could not be found.');
  };

  const vendor = await startFakeVendor(route);
  url = vendor.url;
  return Object.assign(vendor, { reads });
}
