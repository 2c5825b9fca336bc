/**
 * A Replicate prediction run for OpenAI's image route (docs/providers/coze-replicate.md): created with
 * `Prefer: wait`, so a fast model answers with its output at once; a prediction still `starting` or
 * `processing` when Replicate stops waiting is polled at `GET /v1/predictions/{id}` (every second at first,
 * backing off to 5 s, within the relay timeout). The relay gets OpenAI's image reply — the output URLs, or
 * the images fetched as base64 when the client asked for `b64_json` — or a failure in OpenAI's error shape:
 * Replicate's own refusal (`detail`, with its HTTP status), or 502 for a prediction that failed or was
 * canceled, 504 for one that did not finish in time.
 */
import type { UpstreamRequest, UpstreamResponse } from '../../../lib/http-client.ts';
import { jsonResponse } from '../../../lib/http-client.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { fetchImageBase64, getJson, jobFailure, PollSchedule, readJson } from '../polling.ts';
import type { TransportInput } from '../types.ts';

const FIRST_POLL_MS = 1_000;
const LONGEST_POLL_MS = 5_000;

/** Prediction requests whose client asked for `b64_json` (Replicate gives URLs; the images are fetched). */
export const wantsBase64 = new WeakSet<UpstreamRequest>();

/** Replicate's error text: a problem body's `detail` (or `title`), a prediction's `error`, a plain message. */
export function replicateErrorText(body: unknown): string | null {
  if (typeof body === 'string') return body || null;
  if (!isRecord(body)) return null;
  return (
    asString(body.detail) ||
    asString(body.message) ||
    asString(body.title) ||
    (body.error !== undefined && body.error !== null ? replicateErrorText(body.error) : null) ||
    null
  );
}

/** What a prediction's state says: its output URLs, a failure, or that it still runs. */
export type PredictionState =
  | { state: 'succeeded'; urls: string[] }
  | { state: 'failed'; message: string }
  | { state: 'running'; id: string };

export function predictionState(prediction: unknown): PredictionState {
  if (!isRecord(prediction)) return { state: 'failed', message: 'Replicate answered without a prediction' };
  switch (prediction.status) {
    case 'succeeded': {
      const output = prediction.output;
      const items = Array.isArray(output) ? output : [output];
      const urls = items.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
      return urls.length > 0
        ? { state: 'succeeded', urls: urls.map((url) => url.trim()) }
        : { state: 'failed', message: 'the Replicate prediction succeeded without an output' };
    }
    case 'failed':
    case 'canceled':
    case 'aborted':
      return {
        state: 'failed',
        message: `the Replicate prediction ${prediction.status}: ${replicateErrorText(prediction.error) ?? 'no reason given'}`,
      };
    default: {
      const id = asString(prediction.id);
      return id
        ? { state: 'running', id }
        : { state: 'failed', message: 'Replicate answered a pending prediction without its id' };
    }
  }
}

/** Replicate's refusal (HTTP 4xx/5xx) in OpenAI's error shape, with its status. */
async function refusal(response: UpstreamResponse): Promise<UpstreamResponse> {
  const body = await readJson(response);
  const message = replicateErrorText(body) ?? `Replicate answered HTTP ${response.statusCode}`;
  const code = isRecord(body) ? asString(body.title) : undefined;
  return jobFailure(response.statusCode, message, code ?? 'replicate_error');
}

async function imageReply(input: TransportInput, urls: string[]): Promise<UpstreamResponse> {
  const created = Math.floor(Date.now() / 1000);
  if (!wantsBase64.has(input.request))
    return jsonResponse(200, JSON.stringify({ created, data: urls.map((url) => ({ url })) }));
  try {
    const images = await Promise.all(urls.map((url) => fetchImageBase64(input, url)));
    return jsonResponse(200, JSON.stringify({ created, data: images.map((b64_json) => ({ b64_json })) }));
  } catch (error) {
    return jobFailure(502, (error as Error).message, 'image_fetch_failed');
  }
}

/** Creates the prediction, waits for it, and answers with OpenAI's image reply or a failure. */
export async function runPrediction(input: TransportInput, base: string): Promise<UpstreamResponse> {
  const { upstream, timeouts, signal, proxyUrl } = input;
  const created = await upstream.send(input.request, timeouts, signal, proxyUrl);
  if (created.statusCode >= 300) return refusal(created);
  let state = predictionState(await readJson(created));
  const auth = { authorization: input.request.headers.authorization ?? '' };
  const schedule = new PollSchedule(input, LONGEST_POLL_MS, FIRST_POLL_MS);
  while (state.state === 'running') {
    const { id } = state;
    if (!(await schedule.next(signal)))
      return jobFailure(
        504,
        `the Replicate prediction ${id} did not finish within ${schedule.boundMs / 1000} s`,
        'prediction_timeout',
      );
    const polled = await getJson(input, `${base}/v1/predictions/${encodeURIComponent(id)}`, auth);
    if (polled.statusCode >= 500) {
      await polled.body.dump().catch(() => undefined);
      continue;
    }
    if (polled.statusCode >= 300) return refusal(polled);
    state = predictionState(await readJson(polled));
  }
  if (state.state === 'failed') return jobFailure(502, state.message, 'prediction_failed');
  return imageReply(input, state.urls);
}
