/**
 * Ollama (channel type 4) spoken to natively: chat at `{base}/api/chat` (./codec.ts), embeddings at
 * `{base}/api/embed`, streams as newline-delimited JSON framed here as SSE. A channel whose base URL ends
 * in `/v1` speaks Ollama's OpenAI-compatible API instead (providers/openai-compatible; the registry picks).
 * The key, when set, is sent as a bearer token (an Ollama behind an authenticating proxy).
 */
import { isRecord, tokens } from '../../canonical/helpers.ts';
import { inRequestedEncoding } from '../../formats/openai/embeddings.ts';
import { baseUrl } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { ollamaCodec } from './codec.ts';

export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434';

/** Whether a channel's base URL points at Ollama's OpenAI-compatible API (it ends in /v1). */
export function speaksOpenAiCompatible(baseUrl: string): boolean {
  return /\/v1\/*$/.test(baseUrl);
}

/** Newline-delimited JSON as one SSE `data:` event per line; memory stays at one line. */
export async function* ndjsonAsSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) yield Buffer.from(`data: ${line}\n\n`);
      newline = pending.indexOf('\n');
    }
  }
  const last = (pending + decoder.decode()).trim();
  if (last) yield Buffer.from(`data: ${last}\n\n`);
}

export const ollamaAdaptor: ProviderAdaptor = {
  name: 'ollama',
  formats: [],
  dialect: ollamaCodec,
  streamFraming: { contentType: 'application/x-ndjson', toSse: ndjsonAsSse },

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel }) {
    const base = baseUrl(channel.baseUrl, OLLAMA_DEFAULT_BASE_URL);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (channel.key) headers.authorization = `Bearer ${channel.key}`;
    if (endpoint === 'chat')
      return { url: `${base}/api/chat`, method: 'POST', headers, body: JSON.stringify(body) };
    if (endpoint !== 'embeddings') return null;
    const embed = {
      model: upstreamModel,
      input: body.input,
      ...(body.dimensions ? { dimensions: body.dimensions } : {}),
    };
    return { url: `${base}/api/embed`, method: 'POST', headers, body: JSON.stringify(embed) };
  },

  convertReply(endpoint, body, model, request) {
    if (endpoint !== 'embeddings') return body;
    if (!isRecord(body) || !Array.isArray(body.embeddings)) {
      throw new Error(
        isRecord(body) && typeof body.error === 'string' ? body.error : 'no embeddings in the reply',
      );
    }
    const data = body.embeddings.map((embedding, index) => ({
      object: 'embedding' as const,
      embedding: Array.isArray(embedding) ? (embedding as number[]) : [],
      index,
    }));
    const promptTokens = tokens(body.prompt_eval_count);
    return inRequestedEncoding(
      { object: 'list', data, model, usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } },
      request,
    );
  },
};
