/**
 * What the OpenAI media and rerank routes need beyond the generic relay (docs/providers.md "Media"):
 * request checks and the per-image price multiplier. Speech replies are streamed through by
 * server/src/relay/deliver/binary-relay.ts.
 */

import type { RelayEndpoint } from '../providers/types.ts';
import { relayError } from './errors.ts';

/** Price multipliers by size, relative to the model's per-image price (OpenAI's own price ratios). */
const SIZE_MULTIPLIERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'dall-e-2': { '256x256': 0.8, '512x512': 0.9, '1024x1024': 1 },
  'dall-e-3': { '1024x1024': 1, '1024x1792': 2, '1792x1024': 2 },
};
const MAX_IMAGES = 10;

/**
 * How many times the model's per-call price an image request costs: `n` images, each at its size's
 * ratio; dall-e-3 `hd` doubles a square image and adds half to the others. Models without a size table
 * (priced per image or by tokens) count `n`.
 */
export function imagePriceMultiplier(model: string, body: Readonly<Record<string, unknown>>): number {
  const n = typeof body.n === 'number' ? body.n : 1;
  const sizes = SIZE_MULTIPLIERS[model];
  if (!sizes) return n;
  const size = typeof body.size === 'string' ? body.size : '1024x1024';
  let multiplier = sizes[size] ?? 1;
  if (model === 'dall-e-3' && body.quality === 'hd') multiplier *= size === '1024x1024' ? 2 : 1.5;
  return n * multiplier;
}

/** Refuses a media or rerank body the upstream would refuse anyway, before anything is reserved. */
export function validateMediaShape(
  endpoint: RelayEndpoint,
  model: string,
  body: Readonly<Record<string, unknown>>,
): void {
  switch (endpoint) {
    case 'images': {
      if (typeof body.prompt !== 'string' || body.prompt.trim() === '')
        throw relayError(400, 'invalid_request', 'prompt is required');
      const n = body.n ?? 1;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_IMAGES)
        throw relayError(400, 'invalid_request', `n must be an integer from 1 to ${MAX_IMAGES}`);
      const sizes = SIZE_MULTIPLIERS[model];
      if (sizes && body.size !== undefined && !(String(body.size) in sizes))
        throw relayError(
          400,
          'invalid_request',
          `size must be one of ${Object.keys(sizes).join(', ')} for ${model}`,
        );
      return;
    }
    case 'speech':
      if (typeof body.input !== 'string' || body.input === '')
        throw relayError(400, 'invalid_request', 'input is required');
      if (typeof body.voice !== 'string' || body.voice === '')
        throw relayError(400, 'invalid_request', 'voice is required');
      return;
    case 'rerank':
      if (typeof body.query !== 'string' || body.query === '')
        throw relayError(400, 'invalid_request', 'query is required');
      if (!Array.isArray(body.documents) || body.documents.length === 0)
        throw relayError(400, 'invalid_request', 'documents must be a non-empty array');
      return;
    default:
      return;
  }
}
