/**
 * OpenAI's image request as a Replicate prediction (docs/providers/coze-replicate.md), the mapping new-api
 * makes for FLUX models: `prompt`; `size` as FLUX's `aspect_ratio` (a ratio FLUX knows, else `custom` with
 * `width` and `height` brought to 256–1440 in steps of 32); `n` as `num_outputs`; `output_format`; `quality`
 * `hd` or `high` as `prompt_upsampling`; and the client's own `input` object over all of it, for a model's
 * other inputs. The prediction is created under the model's name (`owner/name`), or for a pinned version
 * (`owner/name:version`) at `/v1/predictions` with the version id.
 */
import { isRecord } from '../../canonical/helpers.ts';

/** The aspect ratios FLUX models accept. */
const FLUX_RATIOS = new Set(['1:1', '16:9', '9:16', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3']);
const MIN_SIDE = 256;
const MAX_SIDE = 1440;
const SIDE_STEP = 32;

function greatestDivisor(first: number, second: number): number {
  let a = first;
  let b = second;
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** A side brought within FLUX's bounds, to the nearest multiple of 32. */
export function fluxSide(value: number): number {
  const bounded = Math.min(MAX_SIDE, Math.max(MIN_SIDE, value));
  return Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(bounded / SIDE_STEP) * SIDE_STEP));
}

/** OpenAI's `WIDTHxHEIGHT` as FLUX's size inputs; empty for a size that is not one. */
export function fluxSize(size: string): Record<string, string | number> {
  const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(size);
  if (!match) return {};
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width <= 0 || height <= 0) return {};
  const divisor = greatestDivisor(width, height);
  const ratio = `${width / divisor}:${height / divisor}`;
  if (FLUX_RATIOS.has(ratio)) return { aspect_ratio: ratio };
  // DALL·E's wide and tall sizes are FLUX's 16:9 and 9:16.
  if (width === 1792 && height === 1024) return { aspect_ratio: '16:9' };
  if (width === 1024 && height === 1792) return { aspect_ratio: '9:16' };
  return { aspect_ratio: 'custom', width: fluxSide(width), height: fluxSide(height) };
}

/** The prediction's `input` for an OpenAI image request. */
export function predictionInput(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const input: Record<string, unknown> = { prompt: body.prompt };
  if (typeof body.size === 'string') Object.assign(input, fluxSize(body.size));
  if (typeof body.n === 'number' && body.n > 0) input.num_outputs = body.n;
  if (typeof body.output_format === 'string' && body.output_format.trim() !== '')
    input.output_format = body.output_format.trim();
  if (body.quality === 'hd' || body.quality === 'high') input.prompt_upsampling = true;
  if (isRecord(body.input)) Object.assign(input, body.input);
  return input;
}

/** Where a prediction of `model` is created, and the body: `{input}`, with the version when pinned. */
export function predictionTarget(
  base: string,
  model: string,
  input: Record<string, unknown>,
): { url: string; body: Record<string, unknown> } {
  const colon = model.indexOf(':');
  if (colon >= 0) return { url: `${base}/v1/predictions`, body: { version: model.slice(colon + 1), input } };
  const path = model
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return { url: `${base}/v1/models/${path}/predictions`, body: { input } };
}
