/**
 * Google Gemini (channel type 24): `<base>/v1beta/models/<model>:generateContent`, or
 * `:streamGenerateContent?alt=sse` for streams, authenticated with `x-goog-api-key`; the version per
 * model comes from `gemini.version_settings` (v1beta by default). OpenAI embeddings calls become
 * `:embedContent` / `:batchEmbedContents` and their replies OpenAI's.
 */

import { geminiEmbedReplyToOpenAi, openAiEmbedRequestToGemini } from '../../formats/gemini/codec.ts';
import { inRequestedEncoding } from '../../formats/openai/embeddings.ts';
import { geminiVersion } from '../../upstream-settings.ts';
import type { BuildRequestInput, ProviderAdaptor, UpstreamRequest } from '../types.ts';

export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_DEFAULT_VERSION = 'v1beta';

export function geminiUrl(base: string, version: string, model: string, stream: boolean): string {
  const action = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `${base.replace(/\/+$/, '')}/${version}/models/${encodeURIComponent(model)}:${action}`;
}

export const geminiAdaptor: ProviderAdaptor = {
  name: 'gemini',
  formats: ['gemini'],

  supportsStreamUsage: () => true,

  buildRequest({
    channel,
    endpoint,
    body,
    upstreamModel,
    stream,
    format,
    settings,
  }: BuildRequestInput): UpstreamRequest | null {
    const base = (channel.baseUrl || GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, '');
    const version = geminiVersion(upstreamModel, settings);
    const headers = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      'x-goog-api-key': channel.key,
    };
    if (endpoint === 'embeddings') {
      const call = openAiEmbedRequestToGemini(body, upstreamModel);
      const url = `${base}/${version}/models/${encodeURIComponent(upstreamModel)}:${call.action}`;
      return { url, method: 'POST', headers, body: JSON.stringify(call.body) };
    }
    if (endpoint !== 'chat' || format !== 'gemini') return null;
    const { model: _model, stream: _stream, ...content } = body;
    return {
      url: geminiUrl(base, version, upstreamModel, stream),
      method: 'POST',
      headers,
      body: JSON.stringify(content),
    };
  },

  convertReply(endpoint, body, model, request) {
    if (endpoint !== 'embeddings') return body;
    return inRequestedEncoding(geminiEmbedReplyToOpenAi(body, model), request);
  },
};
