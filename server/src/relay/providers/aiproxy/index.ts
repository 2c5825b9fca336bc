/**
 * AI Proxy (channel type 21). With a knowledge-base ID in the channel's `other` field (the console's
 * "knowledge base ID"), chat goes to its library API (`{base}/api/library/ask`, ./codec.ts); without
 * one the channel is OpenAI-compatible (providers/openai-compatible; the registry picks).
 */
import type { BuildRequestInput, ProviderAdaptor, UpstreamRequest } from '../types.ts';
import { aiProxyLibraryCodec } from './codec.ts';

export const AIPROXY_DEFAULT_BASE_URL = 'https://api.aiproxy.io';

export const aiProxyLibraryAdaptor: ProviderAdaptor = {
  name: 'aiproxy-library',
  formats: [],
  dialect: aiProxyLibraryCodec,

  supportsStreamUsage: () => false,

  buildRequest({ channel, endpoint, body, stream }: BuildRequestInput): UpstreamRequest | null {
    const libraryId = channel.other.trim();
    if (endpoint !== 'chat' || !libraryId) return null;
    return {
      url: `${(channel.baseUrl || AIPROXY_DEFAULT_BASE_URL).replace(/\/+$/, '')}/api/library/ask`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream' : 'application/json',
        authorization: `Bearer ${channel.key}`,
      },
      body: JSON.stringify({ ...body, libraryId }),
    };
  },
};
