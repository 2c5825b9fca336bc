/**
 * The shared adaptor of every OpenAI-compatible channel type: each type's wiring is the `openAiCompatible`
 * part of its entry in common/channel-types.ts, and it serves the routes the entry lists.
 */
import { channelType, servesCapability } from '../../../../../common/channel-types.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import type { UpstreamFormat } from '../../canonical/codec.ts';
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor, RelayEndpoint } from '../types.ts';
import { type OpenAiCompatibleConfig, openAiCompatibleConfig } from './configs.ts';

const paths: Record<RelayEndpoint, string> = {
  chat: '/v1/chat/completions',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
  moderations: '/v1/moderations',
  images: '/v1/images/generations',
  speech: '/v1/audio/speech',
  rerank: '/v1/rerank',
  transcriptions: '/v1/audio/transcriptions',
  translations: '/v1/audio/translations',
  'image-edits': '/v1/images/edits',
  'image-variations': '/v1/images/variations',
  'responses-compact': '/v1/responses/compact',
};

let azureApiVersion = '2024-10-21';

/** The api-version of Azure channels that name none: AZURE_DEFAULT_API_VERSION or the built-in one. */
export function defaultAzureApiVersion(): string {
  return azureApiVersion;
}

/** AZURE_DEFAULT_API_VERSION, set once at boot (server/src/main.ts). */
export function setDefaultAzureApiVersion(version: string): void {
  azureApiVersion = version;
}

/** Azure deployments are named after the model without dots (gpt-3.5-turbo → gpt-35-turbo). */
export function azureDeployment(model: string): string {
  return model.replaceAll('.', '');
}

function upstreamUrl(
  config: OpenAiCompatibleConfig,
  channel: CachedChannel,
  endpoint: RelayEndpoint,
  model: string,
  format: UpstreamFormat,
): string | null {
  const base = baseUrl(channel.baseUrl, config.defaultBaseUrl);
  if (!base) return null;
  if (format === 'openai-responses') return `${base}/v1/responses`;
  if (config.azure) {
    const version = channel.other.trim() || defaultAzureApiVersion();
    const path = paths[endpoint].replace(/^\/v1/, '');
    return `${base}/openai/deployments/${encodeURIComponent(azureDeployment(model))}${path}?api-version=${encodeURIComponent(version)}`;
  }
  const custom = config.paths?.[endpoint];
  if (custom === undefined) return `${base}${paths[endpoint]}`;
  const path = typeof custom === 'function' ? custom(model) : custom;
  if (!path.includes('{other}')) return `${base}${path}`;
  // The channel's `other` field names the account (Cloudflare): without it there is no URL.
  const other = channel.other.trim();
  return other ? `${base}${path.replace('{other}', encodeURIComponent(other))}` : null;
}

export function authHeaders(config: OpenAiCompatibleConfig, channel: CachedChannel): Record<string, string> {
  const headers: Record<string, string> = {};
  if (config.auth === 'api-key') headers['api-key'] = channel.key;
  else if (config.auth !== 'none-if-empty' || channel.key) headers.authorization = `Bearer ${channel.key}`;
  if (channel.openaiOrganization && channelType(channel.type)?.form?.organization)
    headers['openai-organization'] = channel.openaiOrganization;
  return headers;
}

/** Conversation formats a channel of the shared adaptor speaks: Responses only where `config.responses`. */
function speaks(config: OpenAiCompatibleConfig, format: UpstreamFormat): boolean {
  return format === 'openai-chat' || (format === 'openai-responses' && config.responses === true);
}

export const openAiCompatibleAdaptor: ProviderAdaptor = {
  name: 'openai-compatible',
  formats: ['openai-chat'],

  supportsStreamUsage(channel) {
    return openAiCompatibleConfig(channel.type)?.streamUsage ?? false;
  },

  buildRequest({ channel, endpoint, body, upstreamModel, stream, format }) {
    const config = openAiCompatibleConfig(channel.type);
    const wire = format ?? 'openai-chat';
    if (!config || !speaks(config, wire)) return null;
    if (!servesCapability(channel.type, endpoint)) return null;
    const url = upstreamUrl(config, channel, endpoint, upstreamModel, wire);
    if (!url) return null;
    const request = jsonPost(url, body, stream, authHeaders(config, channel));
    if (endpoint === 'speech' && !stream) request.headers.accept = '*/*'; // the audio, in any format
    return request;
  },
};

/** OpenAI itself (type 1) also speaks the Responses API: a Responses client passes through to it. */
export const openAiAdaptor: ProviderAdaptor = {
  ...openAiCompatibleAdaptor,
  name: 'openai',
  formats: ['openai-chat', 'openai-responses'],
};
