/**
 * Dify (channel type 37): an app's chat-messages API, `POST {base}/v1/chat-messages` with the app key as a
 * Bearer token (docs/providers/dify.md). Dify is usually self-hosted, so the base URL is the channel's
 * (Dify Cloud when empty); a base copied from Dify's console with its `/v1` suffix is accepted too. It
 * serves conversations only, in its own dialect (./codec.ts), and reports usage at the end of a stream.
 */
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { difyCodec } from './codec.ts';

export const DIFY_DEFAULT_BASE_URL = 'https://api.dify.ai';

/** The API root without trailing slashes or the `/v1` Dify's console shows as part of the API server. */
function difyBase(channelBase: string): string {
  return baseUrl(channelBase.trim(), DIFY_DEFAULT_BASE_URL).replace(/\/v1$/, '');
}

export const difyAdaptor: ProviderAdaptor = {
  name: 'dify',
  formats: [],
  dialect: difyCodec,

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, stream }) {
    if (endpoint !== 'chat') return null;
    const url = `${difyBase(channel.baseUrl)}/v1/chat-messages`;
    return jsonPost(url, body, stream, { authorization: `Bearer ${channel.key}` });
  },
};
