/**
 * DashScope's native APIs that its OpenAI-compatible mode lacks (docs/providers.md): text rerank
 * (`/api/v1/services/rerank/text-rerank/text-rerank`) and image generation, an asynchronous task
 * (`/api/v1/services/aigc/text2image/image-synthesis` with `X-DashScope-Async: enable`, then
 * `/api/v1/tasks/<id>` until it ends). Bodies to and from the OpenAI / Jina shapes the routes speak.
 */
import { asString, isRecord, tokens } from '../../canonical/helpers.ts';

export const RERANK_PATH = '/api/v1/services/rerank/text-rerank/text-rerank';
export const IMAGE_SYNTHESIS_PATH = '/api/v1/services/aigc/text2image/image-synthesis';

/** The common (Jina/Cohere) rerank body as DashScope's. */
export function rerankBody(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const documents = Array.isArray(body.documents)
    ? body.documents.map((document) =>
        isRecord(document) ? (asString(document.text) ?? '') : String(document),
      )
    : [];
  const parameters: Record<string, unknown> = { return_documents: body.return_documents !== false };
  if (typeof body.top_n === 'number') parameters.top_n = body.top_n;
  return { model, input: { query: body.query, documents }, parameters };
}

/** DashScope's rerank reply in the common shape (`results` with index and relevance_score, usage). */
export function rerankReply(body: unknown, model: string): Record<string, unknown> {
  const output = isRecord(body) && isRecord(body.output) ? body.output : undefined;
  if (!output || !Array.isArray(output.results)) throw new Error(dashScopeError(body) ?? 'no rerank results');
  const total = isRecord(body) && isRecord(body.usage) ? tokens(body.usage.total_tokens) : 0;
  return {
    model,
    results: output.results.filter(isRecord).map((result) => ({
      index: result.index,
      relevance_score: result.relevance_score,
      ...(isRecord(result.document) ? { document: result.document } : {}),
    })),
    usage: { prompt_tokens: total, total_tokens: total },
    ...(isRecord(body) && typeof body.request_id === 'string' ? { id: body.request_id } : {}),
  };
}

/** OpenAI's image generation body as a DashScope image-synthesis task. */
export function imageTaskBody(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const parameters: Record<string, unknown> = { n: typeof body.n === 'number' ? body.n : 1 };
  if (typeof body.size === 'string') parameters.size = body.size.replace('x', '*');
  if (typeof body.style === 'string') parameters.style = `<${body.style}>`;
  if (typeof body.seed === 'number') parameters.seed = body.seed;
  const input: Record<string, unknown> = { prompt: body.prompt };
  if (typeof body.negative_prompt === 'string') input.negative_prompt = body.negative_prompt;
  return { model, input, parameters };
}

/** The message of a DashScope error body (`{code, message}` at the top or in `output`). */
export function dashScopeError(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const source = isRecord(body.output) && body.output.code ? body.output : body;
  const message = asString(source.message);
  const code = asString(source.code);
  if (!message && !code) return null;
  return code ? `${code}: ${message ?? ''}`.trim() : (message ?? null);
}

export type TaskState =
  | { state: 'running' }
  | { state: 'succeeded'; urls: string[] }
  | { state: 'failed'; message: string };

/** Where a task stands, from a submit or a poll reply. */
export function taskState(body: unknown): TaskState {
  const output = isRecord(body) && isRecord(body.output) ? body.output : undefined;
  const status = asString(output?.task_status);
  if (status === 'SUCCEEDED') {
    const results = Array.isArray(output?.results) ? output.results.filter(isRecord) : [];
    const urls = results.map((result) => asString(result.url)).filter((url): url is string => Boolean(url));
    if (urls.length === 0)
      return { state: 'failed', message: dashScopeError(results[0]) ?? 'no image was made' };
    return { state: 'succeeded', urls };
  }
  if (status === 'FAILED' || status === 'UNKNOWN' || status === 'CANCELED')
    return { state: 'failed', message: dashScopeError(body) ?? `the image task ended ${status}` };
  return { state: 'running' };
}
