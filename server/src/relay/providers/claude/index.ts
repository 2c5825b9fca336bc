/**
 * Anthropic (channel type 14): the Messages API at `<base>/v1/messages`, authenticated with `x-api-key`.
 * The client's `anthropic-version` and `anthropic-beta` headers are passed on (a Claude client may rely
 * on a beta); other clients get version 2023-06-01.
 */
import type { BuildRequestInput, ProviderAdaptor, UpstreamRequest } from '../types.ts';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

export const claudeAdaptor: ProviderAdaptor = {
  name: 'anthropic',
  formats: ['claude'],

  supportsStreamUsage: () => true,

  buildRequest({
    channel,
    endpoint,
    body,
    stream,
    format,
    clientHeaders,
  }: BuildRequestInput): UpstreamRequest | null {
    if (endpoint !== 'chat' || format !== 'claude') return null;
    const base = (channel.baseUrl || ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      'x-api-key': channel.key,
      'anthropic-version': clientHeaders?.['anthropic-version'] || ANTHROPIC_VERSION,
    };
    const beta = clientHeaders?.['anthropic-beta'];
    if (beta) headers['anthropic-beta'] = beta;
    return { url: `${base}/v1/messages`, method: 'POST', headers, body: JSON.stringify(body) };
  },
};
