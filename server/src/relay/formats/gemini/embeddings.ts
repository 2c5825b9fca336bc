/**
 * Gemini embedContent / batchEmbedContents bodies ↔ OpenAI embeddings (`POST /v1/embeddings`), requests
 * and replies. Gemini's task type and title have no OpenAI field and are dropped.
 */
import { asNumber, asString, isRecord, tokens } from '../../canonical/helpers.ts';
import { relayError } from '../../http/errors.ts';
import { arrayField, field, type Json, recordField } from './gemini-types.ts';

export interface OpenAiEmbeddingsRequest {
  model: string;
  input: string | string[];
  dimensions?: number;
}

export interface OpenAiEmbeddingsReply {
  object: 'list';
  data: { object: 'embedding'; index: number; embedding: number[] }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

/** The Gemini action (URL suffix `:embedContent` or `:batchEmbedContents`) and its body. */
export interface GeminiEmbedCall {
  action: 'embedContent' | 'batchEmbedContents';
  body: Json;
}

function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

function contentText(content: unknown, where: string): string {
  if (!isRecord(content)) invalid(`${where} must be an object with parts`);
  const texts = arrayField(content, 'parts').flatMap((part) =>
    isRecord(part) && typeof part.text === 'string' ? [part.text] : [],
  );
  if (texts.length === 0) invalid(`${where} has no text part`);
  return texts.join('\n');
}

/** A Gemini embedContent or batchEmbedContents body as an OpenAI embeddings request. */
export function geminiEmbedRequestToOpenAi(body: Json, model: string): OpenAiEmbeddingsRequest {
  const requests = field(body, 'requests');
  const first = Array.isArray(requests) ? requests[0] : body;
  const dimensions = isRecord(first) ? asNumber(field(first, 'outputDimensionality')) : undefined;
  let input: string | string[];
  if (Array.isArray(requests)) {
    if (requests.length === 0) invalid('requests must not be empty');
    input = requests.map((request, index) =>
      contentText(isRecord(request) ? request.content : undefined, `requests[${index}].content`),
    );
  } else input = contentText(body.content, 'content');
  return { model, input, ...(dimensions !== undefined ? { dimensions } : {}) };
}

/** An OpenAI embeddings request as a Gemini call: one text → embedContent, a list → batchEmbedContents. */
export function openAiEmbedRequestToGemini(body: Json, model: string): GeminiEmbedCall {
  const dimensions = asNumber(body.dimensions);
  const extra = dimensions !== undefined ? { outputDimensionality: dimensions } : {};
  const content = (text: string) => ({ parts: [{ text }] });
  if (typeof body.input === 'string')
    return { action: 'embedContent', body: { content: content(body.input), ...extra } };
  if (
    Array.isArray(body.input) &&
    body.input.length > 0 &&
    body.input.every((item) => typeof item === 'string')
  )
    return {
      action: 'batchEmbedContents',
      body: {
        requests: body.input.map((text: string) => ({
          model: `models/${model}`,
          content: content(text),
          ...extra,
        })),
      },
    };
  return invalid('input must be a string or a non-empty array of strings for Gemini embeddings');
}

function values(embedding: unknown): number[] {
  const list = isRecord(embedding) ? embedding.values : undefined;
  if (!Array.isArray(list)) throw new Error('not a Gemini embedding: no values');
  return list.filter((value): value is number => typeof value === 'number');
}

/** A Gemini embedContent or batchEmbedContents reply as an OpenAI embeddings reply. */
export function geminiEmbedReplyToOpenAi(body: unknown, model: string): OpenAiEmbeddingsReply {
  if (!isRecord(body)) throw new Error('not a Gemini embeddings reply');
  const single = recordField(body, 'embedding');
  const list = single ? [single] : field(body, 'embeddings');
  if (!Array.isArray(list)) throw new Error('not a Gemini embeddings reply: no embedding or embeddings');
  const usage = recordField(body, 'usageMetadata');
  const promptTokens = usage ? tokens(field(usage, 'promptTokenCount')) : 0;
  return {
    object: 'list',
    data: list.map((embedding, index) => ({ object: 'embedding', index, embedding: values(embedding) })),
    model,
    usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
  };
}

/** OpenAI's base64 embedding (little-endian float32) as numbers. */
function floats(embedding: unknown): number[] {
  if (Array.isArray(embedding))
    return embedding.filter((value): value is number => typeof value === 'number');
  const text = asString(embedding);
  if (text === undefined) throw new Error('not an OpenAI embedding');
  const bytes = Buffer.from(text, 'base64');
  const result: number[] = [];
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) result.push(bytes.readFloatLE(offset));
  return result;
}

/** An OpenAI embeddings reply as Gemini's embedContent (`batch` false) or batchEmbedContents reply. */
export function openAiEmbedReplyToGemini(body: unknown, batch: boolean): Json {
  if (!isRecord(body) || !Array.isArray(body.data))
    throw new Error('not an OpenAI embeddings reply: no data');
  const items = body.data
    .filter(isRecord)
    .sort((left, right) => (asNumber(left.index) ?? 0) - (asNumber(right.index) ?? 0))
    .map((item) => ({ values: floats(item.embedding) }));
  return batch ? { embeddings: items } : { embedding: items[0] ?? { values: [] } };
}
