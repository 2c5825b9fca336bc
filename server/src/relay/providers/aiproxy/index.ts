/**
 * AI Proxy (channel type 21). With a knowledge-base ID in the channel's `other` field (the console's
 * "knowledge base ID"), chat goes to its library API (`{base}/api/library/ask`, ./codec.ts); without
 * one the channel is OpenAI-compatible (providers/openai-compatible; the registry picks).
 */
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { aiProxyLibraryCodec } from './codec.ts';

export const AIPROXY_DEFAULT_BASE_URL = 'https://api.aiproxy.io';

export const aiProxyLibraryAdaptor: ProviderAdaptor = {
  name: 'aiproxy-library',
  formats: [],
  dialect: aiProxyLibraryCodec,

  supportsStreamUsage: () => false,

  buildRequest({ channel, endpoint, body, stream }) {
    const libraryId = channel.other.trim();
    if (endpoint !== 'chat' || !libraryId) return null;
    const url = `${baseUrl(channel.baseUrl, AIPROXY_DEFAULT_BASE_URL)}/api/library/ask`;
    return jsonPost(url, { ...body, libraryId }, stream, { authorization: `Bearer ${channel.key}` });
  },
};
