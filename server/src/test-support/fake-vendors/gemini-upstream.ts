/**
 * A fake Gemini API (`POST /v1beta/models/<model>:generateContent` and `:streamGenerateContent?alt=sse`)
 * for integration tests. It checks the key (`x-goog-api-key`), that the body carries no model, that roles
 * are `user`/`model`, that every functionResponse names a function and what Gemini refuses in a response
 * format (./structured-output.ts); it answers with text (JSON that fits the response schema when asked) or
 * — when functions are declared and the conversation does not end with a function response — a call of a
 * declared function (the first, or the first of the calls a test gives that is declared). Asked for the
 * IMAGE response modality (image models), it adds an inline PNG part after the text.
 */
import type { ServerResponse } from 'node:http';
import { geminiRefusal } from '../strict/gemini-strict.ts';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';
import { geminiFormatProblem, geminiStructuredText } from './structured-output.ts';

export const FAKE_GEMINI_TEXT = 'Hello from fake Gemini';
/** Models listed by `GET /v1beta/models`. */
export const FAKE_GEMINI_MODELS = ['gemini-2.5-flash', 'gemini-embedding-001'];
/** The vector every embedding of the fake has. */
export const FAKE_GEMINI_EMBEDDING = [0.25, -0.5, 0.75, 1];
export const FAKE_GEMINI_ARGS = { city: 'Paris' };
/** The inline image part a request for the IMAGE response modality gets (a 1×1 PNG, base64). */
export const FAKE_GEMINI_IMAGE = {
  mimeType: 'image/png',
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
};
export const FAKE_GEMINI_USAGE = {
  promptTokenCount: 17,
  candidatesTokenCount: 5,
  thoughtsTokenCount: 3,
  cachedContentTokenCount: 6,
  totalTokenCount: 25,
};

type Json = Record<string, unknown>;

function error(response: ServerResponse, code: number, status: string, message: string): void {
  sendJson(response, code, { error: { code, message, status } });
}

function validate(body: Json): string | null {
  if ('model' in body) return 'Invalid JSON payload received. Unknown name "model": Cannot find field.';
  const contents = Array.isArray(body.contents) ? (body.contents as Json[]) : [];
  if (contents.length === 0) return '* GenerateContentRequest.contents: contents is not specified';
  for (const [index, content] of contents.entries()) {
    if (content.role !== 'user' && content.role !== 'model')
      return `Please use a valid role: user, model. (contents[${index}])`;
    for (const part of (content.parts as Json[] | undefined) ?? []) {
      const responsePart = part.functionResponse as Json | undefined;
      if (responsePart && !responsePart.name)
        return `* GenerateContentRequest.contents[${index}].parts.function_response.name: Name cannot be empty.`;
    }
  }
  return null;
}

function declarationsOf(body: Json): Json[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  return tools.flatMap((tool) => (tool.functionDeclarations as Json[] | undefined) ?? []);
}

/** A function the fake calls: by default the first declared, with FAKE_GEMINI_ARGS. */
export interface FakeFunctionCall {
  name: string;
  args: Json;
}

function functionToCall(body: Json, functionCalls?: readonly FakeFunctionCall[]): FakeFunctionCall | null {
  const declarations = declarationsOf(body);
  if (declarations.length === 0) return null;
  const contents = body.contents as Json[];
  const last = (contents[contents.length - 1]?.parts as Json[] | undefined) ?? [];
  if (last.some((part) => part.functionResponse)) return null;
  if (functionCalls)
    return functionCalls.find((call) => declarations.some((declared) => declared.name === call.name)) ?? null;
  const first = declarations[0];
  return first ? { name: String(first.name), args: FAKE_GEMINI_ARGS } : null;
}

function candidate(parts: Json[], finish: string | null): Json {
  return { content: { role: 'model', parts }, ...(finish ? { finishReason: finish } : {}), index: 0 };
}

/** Validates a generateContent body and answers it (stream or not); `functionCalls` as startFakeGemini's. */
export function generate(
  request: RecordedVendorRequest,
  response: ServerResponse,
  model: string,
  stream: boolean,
  functionCalls?: readonly FakeFunctionCall[],
): void {
  const config = (request.body.generationConfig as Json | undefined) ?? {};
  const problem =
    validate(request.body) ?? geminiFormatProblem(config, declarationsOf(request.body).length > 0, model);
  if (problem) {
    error(response, 400, 'INVALID_ARGUMENT', problem);
    return;
  }
  const call = functionToCall(request.body, functionCalls);
  const answer = geminiStructuredText(config) ?? FAKE_GEMINI_TEXT;
  const image =
    !call && Array.isArray(config.responseModalities) && config.responseModalities.includes('IMAGE')
      ? [{ inlineData: FAKE_GEMINI_IMAGE }]
      : [];
  const parts: Json[] = call
    ? [{ functionCall: { name: call.name, args: call.args } }]
    : [{ text: answer }, ...image];
  const base = { modelVersion: model, responseId: 'fake-gemini-response' };
  if (!stream) {
    sendJson(response, 200, {
      candidates: [candidate(parts, 'STOP')],
      usageMetadata: FAKE_GEMINI_USAGE,
      ...base,
    });
    return;
  }
  startSse(response);
  let text = '';
  const send = (body: Json) => {
    text += `data: ${JSON.stringify(body)}\r\n\r\n`;
  };
  if (call) send({ candidates: [candidate(parts, 'STOP')], usageMetadata: FAKE_GEMINI_USAGE, ...base });
  else {
    const words = answer.split(/(?=[ ,])/);
    for (const [index, word] of words.entries()) {
      const last = index === words.length - 1;
      send({
        candidates: [candidate([{ text: word }, ...(last ? image : [])], last ? 'STOP' : null)],
        usageMetadata: last ? FAKE_GEMINI_USAGE : { promptTokenCount: FAKE_GEMINI_USAGE.promptTokenCount },
        ...base,
      });
    }
  }
  response.end(text);
}

const ROUTE =
  /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent|embedContent|batchEmbedContents)(\?.*)?$/;

/** embedContent (`content`) and batchEmbedContents (`requests`, each naming the model). */
function embed(
  request: RecordedVendorRequest,
  response: ServerResponse,
  model: string,
  batch: boolean,
): void {
  const requests = batch ? ((request.body.requests as Json[] | undefined) ?? []) : [request.body];
  for (const [index, item] of requests.entries()) {
    const parts = ((item.content as Json | undefined)?.parts as Json[] | undefined) ?? [];
    if (!parts.some((part) => typeof part.text === 'string')) {
      error(response, 400, 'INVALID_ARGUMENT', `requests[${index}].content has no text`);
      return;
    }
    if (batch && item.model !== `models/${model}`) {
      error(response, 400, 'INVALID_ARGUMENT', `requests[${index}].model must be models/${model}`);
      return;
    }
  }
  const values = { values: FAKE_GEMINI_EMBEDDING };
  sendJson(response, 200, batch ? { embeddings: requests.map(() => values) } : { embedding: values });
}

/**
 * Starts the fake; requests must carry `x-goog-api-key: <key>`. With `functionCalls`, the fake calls the
 * first of them that the request declares (none when it declares none of them) instead of the first
 * declared function with FAKE_GEMINI_ARGS. With `strict`, it also refuses the thinking settings a model
 * does not take (server/src/test-support/strict/gemini-strict.ts).
 */
export function startFakeGemini(
  key: string,
  options: { strict?: boolean; functionCalls?: FakeFunctionCall[] } = {},
): Promise<FakeVendor> {
  return startFakeVendor((request, response) => {
    if (request.method === 'GET' && request.path.startsWith('/v1beta/models?')) {
      if (request.headers['x-goog-api-key'] !== key) {
        error(response, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
        return;
      }
      sendJson(response, 200, { models: FAKE_GEMINI_MODELS.map((id) => ({ name: `models/${id}` })) });
      return;
    }
    const match = ROUTE.exec(request.path);
    if (request.method !== 'POST' || !match) {
      error(response, 404, 'NOT_FOUND', `not found: ${request.path}`);
      return;
    }
    if (request.headers['x-goog-api-key'] !== key) {
      error(response, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
      return;
    }
    if (match[2] === 'embedContent' || match[2] === 'batchEmbedContents') {
      embed(request, response, decodeURIComponent(match[1] ?? ''), match[2] === 'batchEmbedContents');
      return;
    }
    const stream = match[2] === 'streamGenerateContent';
    if (stream && !(match[3] ?? '').includes('alt=sse')) {
      error(response, 400, 'INVALID_ARGUMENT', 'this fake streams only with alt=sse');
      return;
    }
    const model = decodeURIComponent(match[1] ?? '');
    const refused = options.strict ? geminiRefusal(model, request.body) : null;
    if (refused) {
      sendJson(response, refused.status, refused.body);
      return;
    }
    generate(request, response, model, stream, options.functionCalls);
  });
}
