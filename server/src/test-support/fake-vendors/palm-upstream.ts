/**
 * A fake Google PaLM 2 API (Generative Language v1beta2) for integration tests:
 * `POST /v1beta2/models/<model>:generateMessage?key=…` and `GET /v1beta2/models?key=…`. Like Google it
 * refuses a missing or unknown key (400 `API key not valid`), a prompt without messages, messages whose
 * authors do not alternate, and fields generateMessage does not have; it answers pretty-printed JSON (as
 * Google's front end does) with one candidate, or — when the conversation contains the filter marker —
 * no candidate and a filter. It never streams.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, startFakeVendor } from './http.ts';

export const FAKE_PALM_KEY = 'AIzaFakePalmKey0123456789';
export const FAKE_PALM_TEXT = 'Hello! I am PaLM, a large language model trained by Google.';
/** A word that makes the fake block the prompt. */
export const FAKE_PALM_FILTER_MARKER = 'forbidden-topic';
/** Model names `GET /v1beta2/models` lists (with Google's `models/` prefix). */
export const FAKE_PALM_MODELS = [
  'models/chat-bison-001',
  'models/text-bison-001',
  'models/embedding-gecko-001',
];

type Json = Record<string, unknown>;

const KNOWN_FIELDS = new Set(['prompt', 'temperature', 'candidateCount', 'topP', 'topK']);

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  response.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function googleError(response: ServerResponse, code: number, status: string, message: string): void {
  send(response, code, { error: { code, message, status } });
}

function invalid(body: Json): string | null {
  for (const field of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(field))
      return `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`;
  }
  const prompt = body.prompt as Json | undefined;
  const messages = Array.isArray(prompt?.messages) ? (prompt.messages as Json[]) : [];
  if (messages.length === 0) return 'prompt.messages must not be empty';
  if (prompt?.context !== undefined && typeof prompt.context !== 'string')
    return 'prompt.context must be a string';
  for (const [index, message] of messages.entries()) {
    if (typeof message.content !== 'string') return `prompt.messages[${index}].content must be a string`;
    if (index > 0 && message.author === messages[index - 1]?.author)
      return 'Messages must alternate between authors.';
  }
  if (body.candidateCount !== undefined && body.candidateCount !== 1) return 'candidateCount must be 1 here';
  if (typeof body.temperature === 'number' && (body.temperature < 0 || body.temperature > 1))
    return 'temperature must be in [0, 1]';
  return null;
}

export async function startFakePalm(): Promise<FakeVendor> {
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    const url = new URL(request.path, 'http://fake');
    if (url.searchParams.get('key') !== FAKE_PALM_KEY) {
      googleError(response, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1beta2/models') {
      send(response, 200, {
        models: FAKE_PALM_MODELS.map((name) => ({ name, version: '001', displayName: name.slice(7) })),
      });
      return;
    }
    const match = /^\/v1beta2\/models\/([\w.-]+):generateMessage$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) {
      googleError(response, 404, 'NOT_FOUND', `Method not found: ${url.pathname}`);
      return;
    }
    if (!FAKE_PALM_MODELS.includes(`models/${match[1]}`)) {
      googleError(response, 404, 'NOT_FOUND', `models/${match[1]} is not found for API version v1beta2`);
      return;
    }
    const problem = invalid(request.body);
    if (problem) {
      googleError(response, 400, 'INVALID_ARGUMENT', problem);
      return;
    }
    const prompt = request.body.prompt as { context?: string; messages: Json[] };
    if (request.raw.includes(FAKE_PALM_FILTER_MARKER)) {
      send(response, 200, {
        messages: prompt.messages,
        filters: [{ reason: 'OTHER' }],
      });
      return;
    }
    const candidate = { author: '1', content: FAKE_PALM_TEXT };
    send(response, 200, { candidates: [candidate], messages: [...prompt.messages, candidate] });
  };
  return startFakeVendor(route);
}
