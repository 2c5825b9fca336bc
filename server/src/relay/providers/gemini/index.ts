/**
 * Google Gemini (channel type 24): `<base>/v1beta/models/<model>:generateContent`, or
 * `:streamGenerateContent?alt=sse` for streams, authenticated with `x-goog-api-key`; the version per
 * model comes from `gemini.version_settings` (v1beta by default). OpenAI embeddings calls become
 * `:embedContent` / `:batchEmbedContents` and their replies OpenAI's.
 */

import { geminiVersion } from '../../call/upstream-settings.ts';
import { geminiEmbedReplyToOpenAi, openAiEmbedRequestToGemini } from '../../formats/gemini/codec.ts';
import { inRequestedEncoding } from '../../formats/openai/embeddings.ts';
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_DEFAULT_VERSION = 'v1beta';

/** The method that generates a reply: streamed as SSE or whole (Vertex AI's Gemini models too). */
export function generateAction(stream: boolean): string {
  return stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
}

/** The URL of a model's method (`generateContent`, `embedContent` …) under an API version. */
function modelUrl(base: string, version: string, model: string, action: string): string {
  return `${base}/${version}/models/${encodeURIComponent(model)}:${action}`;
}

export const geminiAdaptor: ProviderAdaptor = {
  name: 'gemini',
  formats: ['gemini'],

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel, stream, format, settings }) {
    const base = baseUrl(channel.baseUrl, GEMINI_DEFAULT_BASE_URL);
    const version = geminiVersion(upstreamModel, settings);
    const auth = { 'x-goog-api-key': channel.key };
    if (endpoint === 'embeddings') {
      const call = openAiEmbedRequestToGemini(body, upstreamModel);
      return jsonPost(modelUrl(base, version, upstreamModel, call.action), call.body, stream, auth);
    }
    if (endpoint !== 'chat' || format !== 'gemini') return null;
    const { model: _model, stream: _stream, ...content } = body;
    return jsonPost(modelUrl(base, version, upstreamModel, generateAction(stream)), content, stream, auth);
  },

  convertReply(endpoint, body, model, request) {
    if (endpoint !== 'embeddings') return body;
    return inRequestedEncoding(geminiEmbedReplyToOpenAi(body, model), request);
  },
};
