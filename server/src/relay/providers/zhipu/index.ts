/**
 * Zhipu ChatGLM, v3 model API (channel type 16). The key is `id.secret`, from which each call's token is
 * signed (./jwt.ts, in the adaptor's authorize step) and sent bare in `Authorization`; calls go to
 * `{base}/api/paas/v3/model-api/<model>/invoke` (`/sse-invoke` to stream), default base
 * https://open.bigmodel.cn. (Type 26, the v4 API, is OpenAI-compatible: providers/openai-compatible.)
 */
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { zhipuV3Codec } from './codec.ts';
import { forgetZhipuToken, zhipuCredentials, zhipuToken } from './jwt.ts';

export const ZHIPU_DEFAULT_BASE_URL = 'https://open.bigmodel.cn';

export const zhipuV3Adaptor: ProviderAdaptor = {
  name: 'zhipu-v3',
  formats: [],
  dialect: zhipuV3Codec,
  keyProblem: (key) => (zhipuCredentials(key) ? null : 'the key must be id.secret, as Zhipu issues it'),

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel, stream }) {
    if (endpoint !== 'chat' || !zhipuCredentials(channel.key)) return null;
    const base = baseUrl(channel.baseUrl, ZHIPU_DEFAULT_BASE_URL);
    const url = `${base}/api/paas/v3/model-api/${encodeURIComponent(upstreamModel)}/${stream ? 'sse-invoke' : 'invoke'}`;
    return jsonPost(url, body, stream);
  },

  async authorize({ channel, request }) {
    const token = await zhipuToken(channel.key);
    if (!token) throw new Error('the key is not id.secret');
    request.headers.authorization = token;
  },

  forgetCredentials: (channel) => forgetZhipuToken(channel.key),
};
