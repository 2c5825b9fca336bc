/**
 * Anthropic (channel type 14): the Messages API at `<base>/v1/messages`, authenticated with `x-api-key`.
 * The client's `anthropic-version` and `anthropic-beta` headers are passed on (a Claude client may rely
 * on a beta); other clients get version 2023-06-01. The operator's headers for the model
 * (`claude.model_headers_settings`) are added, betas merged with the client's.
 */
import { claudeModelHeaders } from '../../call/upstream-settings.ts';
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

/** The betas of comma-separated `anthropic-beta` values, each once, in order. */
export function anthropicBetas(...values: (string | undefined)[]): string[] {
  const betas = values
    .flatMap((value) => (value ? value.split(',') : []))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(betas)];
}

export const claudeAdaptor: ProviderAdaptor = {
  name: 'anthropic',
  formats: ['claude'],

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel, stream, format, clientHeaders, settings }) {
    if (endpoint !== 'chat' || format !== 'claude') return null;
    const configured = claudeModelHeaders(upstreamModel, settings);
    const headers: Record<string, string> = {
      ...configured,
      'x-api-key': channel.key,
      'anthropic-version': clientHeaders?.['anthropic-version'] || ANTHROPIC_VERSION,
    };
    // The operator's betas for the model and the client's, each once.
    const betas = anthropicBetas(configured['anthropic-beta'], clientHeaders?.['anthropic-beta']);
    if (betas.length > 0) headers['anthropic-beta'] = betas.join(',');
    const url = `${baseUrl(channel.baseUrl, ANTHROPIC_DEFAULT_BASE_URL)}/v1/messages`;
    return jsonPost(url, body, stream, headers);
  },
};
