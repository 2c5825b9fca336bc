/**
 * A fake Gemini API for Veo (generativelanguage.googleapis.com), from Google's published video API:
 * `POST /v1beta/models/{model}:predictLongRunning` (`{instances: [{prompt}], parameters: {aspectRatio,
 * durationSeconds, resolution …}}`) answers a long-running operation `{name:
 * "models/{model}/operations/{id}"}`; `GET /v1beta/models/{model}/operations/{id}` answers it, `done: false`
 * at the first read, then done with `response.generateVideoResponse.generatedSamples[0].video.uri` (or an
 * `error` when the prompt says "fail"); the video is served at that URI (`/v1beta/files/{id}:download`).
 * Strict as Google is: every request needs the key in `x-goog-api-key` (else 403 PERMISSION_DENIED); an
 * unknown model is 404 NOT_FOUND; no prompt, or a `durationSeconds` other than 4, 6 or 8, is 400
 * INVALID_ARGUMENT; errors in Google's `{error: {code, message, status}}`.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_GEMINI_VEO_KEY = 'gemini-veo-key';
export const FAKE_VEO_BYTES = Buffer.from('fake-veo-mp4');
const MODELS = ['veo-3.0-generate-001', 'veo-3.1-generate-preview', 'veo-3.1-fast-generate-preview'];

interface FakeOperation {
  id: string;
  model: string;
  prompt: string;
  reads: number;
}

function googleError(response: ServerResponse, code: number, status: string, message: string) {
  sendJson(response, code, { error: { code, message, status } });
}

export async function startFakeGeminiVeo(): Promise<FakeVendor> {
  const operations = new Map<string, FakeOperation>();
  let base = '';
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers['x-goog-api-key'] !== FAKE_GEMINI_VEO_KEY) {
      googleError(response, 403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.');
      return;
    }
    const submit = /^\/v1beta\/models\/([\w.-]+):predictLongRunning$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      const model = submit[1]!;
      if (!MODELS.includes(model)) {
        googleError(response, 404, 'NOT_FOUND', `models/${model} is not found for API version v1beta`);
        return;
      }
      const instances = Array.isArray(request.body.instances)
        ? (request.body.instances as Record<string, unknown>[])
        : [];
      const prompt = String(instances[0]?.prompt ?? '');
      const parameters = (request.body.parameters ?? {}) as Record<string, unknown>;
      if (!prompt.trim()) {
        googleError(response, 400, 'INVALID_ARGUMENT', 'instances[0].prompt is required');
        return;
      }
      if (
        parameters.durationSeconds !== undefined &&
        ![4, 6, 8].includes(Number(parameters.durationSeconds))
      ) {
        googleError(response, 400, 'INVALID_ARGUMENT', 'durationSeconds must be 4, 6 or 8');
        return;
      }
      const operation = { id: `op${operations.size + 1}`, model, prompt, reads: 0 };
      operations.set(operation.id, operation);
      sendJson(response, 200, { name: `models/${model}/operations/${operation.id}` });
      return;
    }
    const read = /^\/v1beta\/models\/([\w.-]+)\/operations\/(\w+)$/.exec(request.path);
    const operation = read ? operations.get(read[2]!) : undefined;
    if (request.method === 'GET' && operation && operation.model === read?.[1]) {
      const name = `models/${operation.model}/operations/${operation.id}`;
      const first = operation.reads === 0;
      operation.reads += 1;
      if (first) sendJson(response, 200, { name, done: false });
      else if (operation.prompt.includes('fail'))
        sendJson(response, 200, {
          name,
          done: true,
          error: { code: 3, message: 'the prompt was blocked by safety filters' },
        });
      else
        sendJson(response, 200, {
          name,
          done: true,
          response: {
            '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
            generateVideoResponse: {
              generatedSamples: [
                { video: { uri: `${base}/v1beta/files/${operation.id}:download?alt=media` } },
              ],
            },
          },
        });
      return;
    }
    const file = /^\/v1beta\/files\/(\w+):download\?alt=media$/.exec(request.path);
    if (request.method === 'GET' && file && (operations.get(file[1]!)?.reads ?? 0) > 1) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(FAKE_VEO_BYTES);
      return;
    }
    googleError(response, 404, 'NOT_FOUND', `no route ${request.method} ${request.path}`);
  };
  const vendor = await startFakeVendor(route);
  base = vendor.url;
  return vendor;
}
