/** Reading and making OpenAI `usage` objects; tolerant of what OpenAI-compatible upstreams send. */
import type { Usage } from './openai-types.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tokenCount(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.max(0, Math.round(value));
}

/**
 * A usage object from an upstream reply or chunk, or undefined when the value is not one (null,
 * garbage, or no token count at all). Token counts become non-negative integers; a missing count
 * is 0 and a missing total is prompt + completion. Extra fields and the details objects pass
 * through unchanged.
 */
export function readUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  // Image and Responses-style usage says input/output; rerankers (Jina) report only a total, all input.
  const total = tokenCount(value.total_tokens);
  let prompt = tokenCount(value.prompt_tokens ?? value.input_tokens);
  const completion = tokenCount(value.completion_tokens ?? value.output_tokens);
  if (prompt === undefined && completion === undefined && total === undefined) return undefined;
  if (prompt === undefined && completion === undefined) prompt = total;
  const usage: Usage = {
    ...value,
    prompt_tokens: prompt ?? 0,
    completion_tokens: completion ?? 0,
    total_tokens: total ?? (prompt ?? 0) + (completion ?? 0),
  };
  if (!isRecord(value.prompt_tokens_details)) delete usage.prompt_tokens_details;
  if (!isRecord(value.completion_tokens_details)) delete usage.completion_tokens_details;
  return usage;
}

/** A usage object from counts the gateway made itself (no upstream usage). */
export function usageFromCounts(promptTokens: number, completionTokens: number): Usage {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}
