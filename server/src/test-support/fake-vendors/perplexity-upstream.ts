/**
 * A fake Perplexity chat API (`POST /chat/completions`, no `/v1`) written from Perplexity's published API
 * reference: the key as a Bearer token; `model` one of the Sonar models; `messages` whose roles, after any
 * system messages, alternate user and assistant ending with the user (Perplexity refuses others with 400).
 * Replies carry Perplexity's top-level `citations` (the URLs its `[n]` markers count) and `search_results`
 * and its usage (prompt, completion, `citation_tokens`, `num_search_queries`, `search_context_size`).
 * Streams are `chat.completion.chunk` frames, each with the citations and search results, the last with the
 * finish reason and the usage, and no `[DONE]` line.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_PERPLEXITY_MODELS = [
  'sonar',
  'sonar-pro',
  'sonar-reasoning',
  'sonar-reasoning-pro',
  'sonar-deep-research',
];
export const FAKE_PERPLEXITY_PIECES = ['Paris is ', 'the capital ', 'of France [1][2].'];
export const FAKE_PERPLEXITY_TEXT = FAKE_PERPLEXITY_PIECES.join('');
export const FAKE_PERPLEXITY_CITATIONS = [
  'https://en.wikipedia.org/wiki/Paris',
  'https://www.britannica.com/place/Paris',
];
export const FAKE_PERPLEXITY_SEARCH_RESULTS = [
  { title: 'Paris - Wikipedia', url: FAKE_PERPLEXITY_CITATIONS[0], date: '2025-01-10' },
  { title: 'Paris | Britannica', url: FAKE_PERPLEXITY_CITATIONS[1], date: '2024-11-02' },
];
export const FAKE_PERPLEXITY_USAGE = {
  prompt_tokens: 14,
  completion_tokens: 9,
  total_tokens: 23,
  search_context_size: 'low',
  citation_tokens: 310,
  num_search_queries: 1,
};

type Json = Record<string, unknown>;

function badRequest(response: ServerResponse, message: string): void {
  sendJson(response, 400, { error: { message, type: 'invalid_parameter', code: 400 } });
}

/** The first problem Perplexity reports for a body, or null. */
function problemOf(body: Json): string | null {
  if (typeof body.model !== 'string' || !FAKE_PERPLEXITY_MODELS.includes(body.model))
    return `Invalid model '${String(body.model)}'. Permitted models can be found in the documentation.`;
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  const turns = messages.filter((message) => message.role !== 'system');
  const alternating = turns.every(
    (message, index) => message.role === (index % 2 === 0 ? 'user' : 'assistant'),
  );
  if (turns.length === 0 || !alternating || turns.at(-1)?.role !== 'user')
    return 'After the (optional) system message(s), user and assistant roles should be alternating.';
  return null;
}

const sources = { citations: FAKE_PERPLEXITY_CITATIONS, search_results: FAKE_PERPLEXITY_SEARCH_RESULTS };

function answer(request: RecordedVendorRequest, response: ServerResponse, key: string): void {
  if (request.headers.authorization !== `Bearer ${key}`) {
    sendJson(response, 401, { error: { message: 'Invalid API key', type: 'unauthorized', code: 401 } });
    return;
  }
  const problem = problemOf(request.body);
  if (problem) {
    badRequest(response, problem);
    return;
  }
  const head = { id: 'ppl-fake-0001', model: request.body.model, created: 1_750_000_000 };
  if (request.body.stream !== true) {
    sendJson(response, 200, {
      ...head,
      object: 'chat.completion',
      usage: FAKE_PERPLEXITY_USAGE,
      ...sources,
      choices: [
        { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: FAKE_PERPLEXITY_TEXT } },
      ],
    });
    return;
  }
  startSse(response);
  for (const [index, piece] of FAKE_PERPLEXITY_PIECES.entries()) {
    const last = index === FAKE_PERPLEXITY_PIECES.length - 1;
    const chunk = {
      ...head,
      object: 'chat.completion.chunk',
      ...sources,
      ...(last ? { usage: FAKE_PERPLEXITY_USAGE } : {}),
      choices: [
        {
          index: 0,
          finish_reason: last ? 'stop' : null,
          delta: { role: 'assistant', content: piece },
        },
      ],
    };
    response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  }
  response.end();
}

/** Starts the fake; requests must carry `Authorization: Bearer <key>`. */
export function startFakePerplexity(key: string): Promise<FakeVendor> {
  return startFakeVendor((request, response) => {
    if (request.method === 'POST' && request.path === '/chat/completions')
      return answer(request, response, key);
    sendJson(response, 404, {
      error: { message: `Not found: ${request.path}`, type: 'not_found', code: 404 },
    });
  });
}
