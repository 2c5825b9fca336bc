/**
 * Perplexity (channel type 27): its OpenAI-compatible chat API at `<base>/chat/completions` (no `/v1`),
 * the key as a Bearer token — the shared OpenAI-compatible adaptor with the wiring of the type's entry
 * (common/channel-types-aggregators.ts) — spoken in its own dialect (./codec.ts) so that the search sources
 * of its replies reach every client format. The body is shaped as new-api shapes it for Perplexity: a
 * `max_completion_tokens` becomes `max_tokens` (the name Perplexity documents), and a `top_p` of 1 or more
 * becomes 0.99.
 */
import { openAiCompatibleAdaptor } from '../openai-compatible/index.ts';
import type { ProviderAdaptor } from '../types.ts';
import { perplexityCodec } from './codec.ts';

/** The request body Perplexity is sent (a copy; the caller's body is not changed). */
export function perplexityBody(body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { max_completion_tokens: maxCompletion, ...rest } = body;
  const shaped: Record<string, unknown> = rest;
  if (shaped.max_tokens === undefined && maxCompletion !== undefined) shaped.max_tokens = maxCompletion;
  if (typeof shaped.top_p === 'number' && shaped.top_p >= 1) shaped.top_p = 0.99;
  return shaped;
}

export const perplexityAdaptor: ProviderAdaptor = {
  name: 'perplexity',
  formats: ['openai-chat'],
  dialect: perplexityCodec,

  supportsStreamUsage: () => false,

  buildRequest(input) {
    if (input.endpoint !== 'chat') return null;
    return openAiCompatibleAdaptor.buildRequest({
      ...input,
      format: 'openai-chat',
      body: perplexityBody(input.body),
    });
  },
};
