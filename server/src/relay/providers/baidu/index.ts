/**
 * Baidu ERNIE, Wenxin v1 (channel type 15). The key is `APIKey|SecretKey`; an access token is obtained
 * with the client-credentials grant at `{base}/oauth/2.0/token` and cached until shortly before it expires
 * (lib/token-cache.ts). Every model has its own endpoint under
 * `{base}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/<endpoint>` (embeddings under `…/embeddings/`), named
 * by the table below or else the model in lower case; the token goes in the `access_token` query.
 */
import { createHash } from 'node:crypto';
import { type ExpiringToken, TokenCache } from '../../../lib/token-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { inRequestedEncoding } from '../../formats/openai/embeddings.ts';
import { baseUrl } from '../json-request.ts';
import { keyParts } from '../key-parts.ts';
import type { AuthorizeInput, ProviderAdaptor } from '../types.ts';
import { baiduCodec, baiduError } from './codec.ts';

export const BAIDU_DEFAULT_BASE_URL = 'https://aip.baidubce.com';
const REFRESH_MARGIN_MS = 60 * 60_000;

/** Model names whose endpoint is not the name in lower case. */
const ENDPOINTS: Readonly<Record<string, string>> = {
  'ERNIE-4.0': 'completions_pro',
  'ERNIE-Bot-4': 'completions_pro',
  'ERNIE-4.0-8K': 'completions_pro',
  'ERNIE-Bot': 'completions',
  'ERNIE-3.5-8K': 'completions',
  'ERNIE-Bot-turbo': 'eb-instant',
  'ERNIE-Lite-8K-0922': 'eb-instant',
  'ERNIE-Speed': 'ernie_speed',
  'ERNIE-Speed-8K': 'ernie_speed',
  'ERNIE-Bot-8K': 'ernie_bot_8k',
  'ERNIE-Lite-8K-0308': 'ernie-lite-8k',
  'BLOOMZ-7B': 'bloomz_7b1',
  'Embedding-V1': 'embedding-v1',
  'bge-large-zh': 'bge_large_zh',
  'bge-large-en': 'bge_large_en',
  'tao-8k': 'tao_8k',
};

const EMBEDDING_MODELS = /^(Embedding|bge-large|tao-8k)/;

export function baiduEndpoint(model: string): string {
  const kind = EMBEDDING_MODELS.test(model) ? 'embeddings' : 'chat';
  return `${kind}/${ENDPOINTS[model] ?? model.toLowerCase()}`;
}

/** The two halves of a `APIKey|SecretKey` key, or null when it is not one. */
export function baiduCredentials(key: string): { apiKey: string; secretKey: string } | null {
  const parts = keyParts(key, 2);
  if (!parts) return null;
  const [apiKey, secretKey] = parts as [string, string];
  return { apiKey, secretKey };
}

function baiduBase(channelBase: string): string {
  return baseUrl(channelBase, BAIDU_DEFAULT_BASE_URL);
}

const tokens = new TokenCache();

function tokenCacheKey(channel: { baseUrl: string; key: string }): string {
  return createHash('sha256').update(`${channel.baseUrl}\n${channel.key}`).digest('hex');
}

async function exchange(input: AuthorizeInput, apiKey: string, secretKey: string): Promise<ExpiringToken> {
  const query = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: apiKey,
    client_secret: secretKey,
  });
  const reply = await input.upstream.requestJson(
    { url: `${baiduBase(input.channel.baseUrl)}/oauth/2.0/token?${query}`, method: 'POST', headers: {} },
    15_000,
    input.proxyUrl,
  );
  if (!isRecord(reply) || typeof reply.access_token !== 'string' || reply.access_token === '') {
    const reason = isRecord(reply) ? (asString(reply.error_description) ?? asString(reply.error)) : undefined;
    throw new Error(`the Baidu token exchange failed${reason ? `: ${reason}` : ''}`);
  }
  const lifetime = typeof reply.expires_in === 'number' && reply.expires_in > 0 ? reply.expires_in : 86_400;
  return {
    token: reply.access_token,
    expiresAt: Date.now() + Math.max(lifetime * 1000 - REFRESH_MARGIN_MS, lifetime * 500),
  };
}

export const baiduAdaptor: ProviderAdaptor = {
  name: 'baidu',
  formats: [],
  dialect: baiduCodec,
  keyProblem: (key) => (baiduCredentials(key) ? null : 'the key must be APIKey|SecretKey'),

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel }) {
    if (endpoint !== 'chat' && endpoint !== 'embeddings') return null;
    if (!baiduCredentials(channel.key)) return null;
    const upstreamBody =
      endpoint === 'embeddings'
        ? {
            input: Array.isArray(body.input) ? body.input : [body.input],
            ...(body.user ? { user_id: body.user } : {}),
          }
        : body;
    return {
      url: `${baiduBase(channel.baseUrl)}/rpc/2.0/ai_custom/v1/wenxinworkshop/${baiduEndpoint(upstreamModel)}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(upstreamBody),
    };
  },

  forgetCredentials(channel) {
    tokens.forget(tokenCacheKey(channel));
  },

  async authorize(input: AuthorizeInput): Promise<void> {
    const credentials = baiduCredentials(input.channel.key);
    if (!credentials) throw new Error('the key is not APIKey|SecretKey');
    const cacheKey = tokenCacheKey(input.channel);
    const token = await tokens.get(cacheKey, () =>
      exchange(input, credentials.apiKey, credentials.secretKey),
    );
    const url = new URL(input.request.url);
    url.searchParams.set('access_token', token);
    input.request.url = url.toString();
  },

  convertReply(endpoint, body, model, request) {
    if (endpoint !== 'embeddings') return body;
    const error = baiduError(body);
    if (error) throw new Error(`Baidu error ${error.code}: ${error.message}`);
    if (!isRecord(body) || !Array.isArray(body.data)) throw new Error('no embeddings in the reply');
    const data = body.data.filter(isRecord).map((item, index) => ({
      object: 'embedding' as const,
      embedding: Array.isArray(item.embedding) ? (item.embedding as number[]) : [],
      index: typeof item.index === 'number' ? item.index : index,
    }));
    return inRequestedEncoding({ object: 'list', data, model, usage: body.usage ?? null }, request);
  },
};
