/** The fake upstream's replies for embeddings, moderations, the model list and the billing endpoints. */
import type { EmbeddingResponse, ModelList, ModerationResponse } from '../openai-wire-types.ts';
import type { ResolvedBehavior } from './behavior.ts';
import { countWords, type JsonObject, type ReplyIdentity } from './replies.ts';

/** The inputs of an embeddings request with their text (for vectors) and token counts. */
export function embeddingInputs(input: unknown): Array<{ text: string; tokens: number }> {
  const one = (item: unknown) =>
    typeof item === 'string'
      ? { text: item, tokens: countWords(item) }
      : Array.isArray(item)
        ? { text: item.join(','), tokens: item.length }
        : { text: JSON.stringify(item) ?? '', tokens: 1 };
  if (typeof input === 'string') return [one(input)];
  if (!Array.isArray(input) || input.length === 0) return [];
  if (typeof input[0] === 'number') return [one(input)];
  return input.map(one);
}

/** A deterministic unit-ish vector for a text (FNV-1a seed, linear congruential steps). */
export function fakeVector(text: string, dimensions: number): number[] {
  let seed = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    seed ^= text.charCodeAt(index);
    seed = Math.imul(seed, 0x01000193) >>> 0;
  }
  const vector: number[] = [];
  for (let index = 0; index < dimensions; index += 1) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    vector.push(Math.fround(seed / 0x80000000 - 1));
  }
  return vector;
}

function base64Floats(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export function embeddingBody(
  body: JsonObject,
  behavior: ResolvedBehavior,
  model: string,
): EmbeddingResponse {
  const inputs = embeddingInputs(body.input);
  const dimensions =
    typeof body.dimensions === 'number' && body.dimensions > 0
      ? body.dimensions
      : behavior.embeddingDimensions;
  const asBase64 = body.encoding_format === 'base64';
  const promptTokens =
    behavior.promptTokens ??
    Math.max(
      1,
      inputs.reduce((sum, input) => sum + input.tokens, 0),
    );
  const response: EmbeddingResponse = {
    object: 'list',
    data: inputs.map((input, index) => {
      const vector = fakeVector(input.text, dimensions);
      return { object: 'embedding', index, embedding: asBase64 ? base64Floats(vector) : vector };
    }),
    model,
  };
  if (!behavior.omitUsage) response.usage = { prompt_tokens: promptTokens, total_tokens: promptTokens };
  return response;
}

export const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

export function moderationBody(
  body: JsonObject,
  behavior: ResolvedBehavior,
  identity: ReplyIdentity,
  model: string,
): ModerationResponse {
  const input = body.input;
  const isPartList = Array.isArray(input) && input.some((item) => typeof item === 'object' && item !== null);
  const count = Array.isArray(input) && !isPartList ? input.length : 1;
  const flagged = behavior.moderationFlagged;
  const results = Array.from({ length: count }, () => ({
    flagged,
    categories: Object.fromEntries(
      MODERATION_CATEGORIES.map((name) => [name, flagged && name === 'violence']),
    ),
    category_scores: Object.fromEntries(
      MODERATION_CATEGORIES.map((name) => [name, flagged && name === 'violence' ? 0.91 : 0.000012]),
    ),
    category_applied_input_types: Object.fromEntries(MODERATION_CATEGORIES.map((name) => [name, ['text']])),
  }));
  return { id: identity.id, model, results };
}

export function modelListBody(models: string[]): ModelList {
  return {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1686935002, owned_by: 'openai' })),
  };
}

export function billingSubscriptionBody(behavior: ResolvedBehavior): JsonObject {
  return {
    object: 'billing_subscription',
    has_payment_method: true,
    canceled: false,
    soft_limit_usd: behavior.billingHardLimitUsd,
    hard_limit_usd: behavior.billingHardLimitUsd,
    system_hard_limit_usd: behavior.billingHardLimitUsd,
    access_until: 0,
  };
}

/** OpenAI reports used money in cents. */
export function billingUsageBody(behavior: ResolvedBehavior): JsonObject {
  return { object: 'list', daily_costs: [], total_usage: Math.round(behavior.billingUsedUsd * 100) };
}
