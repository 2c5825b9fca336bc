/**
 * Zhipu ChatGLM, v3 model API (channel type 16). The key is `id.secret`, from which each call's token is
 * signed (./jwt.ts) and sent bare in `Authorization`; calls go to
 * `{base}/api/paas/v3/model-api/<model>/invoke` (`/sse-invoke` to stream), default base
 * https://open.bigmodel.cn. (Type 26, the v4 API, is OpenAI-compatible: providers/openai-compatible.)
 */
import type { BuildRequestInput, ProviderAdaptor, UpstreamRequest } from '../types.ts';
import { zhipuV3Codec } from './codec.ts';
import { zhipuCredentials, zhipuToken } from './jwt.ts';

export const ZHIPU_DEFAULT_BASE_URL = 'https://open.bigmodel.cn';

export const zhipuV3Adaptor: ProviderAdaptor = {
  name: 'zhipu-v3',
  formats: [],
  dialect: zhipuV3Codec,
  keyProblem: (key) => (zhipuCredentials(key) ? null : 'the key must be id.secret, as Zhipu issues it'),

  supportsStreamUsage: () => true,

  buildRequest({
    channel,
    endpoint,
    body,
    upstreamModel,
    stream,
  }: BuildRequestInput): UpstreamRequest | null {
    const token = endpoint === 'chat' ? zhipuToken(channel.key) : null;
    if (!token) return null;
    const base = (channel.baseUrl || ZHIPU_DEFAULT_BASE_URL).replace(/\/+$/, '');
    return {
      url: `${base}/api/paas/v3/model-api/${encodeURIComponent(upstreamModel)}/${stream ? 'sse-invoke' : 'invoke'}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'text/event-stream' : 'application/json',
        authorization: token,
      },
      body: JSON.stringify(body),
    };
  },
};
