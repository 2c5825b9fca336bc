/**
 * Google Gemini (channel type 24): `<base>/v1beta/models/<model>:generateContent`, or
 * `:streamGenerateContent?alt=sse` for streams, authenticated with `x-goog-api-key`; the version per
 * model comes from `gemini.version_settings` (v1beta by default).
 */
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
    if (endpoint !== 'chat' || format !== 'gemini') return null;
    const { model: _model, stream: _stream, ...content } = body;
    return {
      url: geminiUrl(
        channel.baseUrl || GEMINI_DEFAULT_BASE_URL,
        geminiVersion(upstreamModel, settings),
        upstreamModel,
        stream,
      ),
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream' : 'application/json',
        'x-goog-api-key': channel.key,
      },
      body: JSON.stringify(content),
    };
  },
};
