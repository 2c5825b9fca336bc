/**
 * Tencent Hunyuan (channel type 23). The key is `AppId|SecretId|SecretKey`; every call is a POST of the
 * Hunyuan body to `{base}/` (default https://hunyuan.tencentcloudapi.com) with the action, version and
 * timestamp headers and a TC3-HMAC-SHA256 signature over the exact body (./tc3.ts).
 */

import { baseUrl, jsonPost } from '../json-request.ts';
import { keyParts } from '../key-parts.ts';
import type { ProviderAdaptor } from '../types.ts';
import { hunyuanCodec } from './codec.ts';
import { tc3Authorization } from './tc3.ts';

export const HUNYUAN_DEFAULT_BASE_URL = 'https://hunyuan.tencentcloudapi.com';
export const HUNYUAN_VERSION = '2023-09-01';

/** The parts of an `AppId|SecretId|SecretKey` key, or null when it is not one. */
export function hunyuanCredentials(
  key: string,
): { appId: string; secretId: string; secretKey: string } | null {
  const parts = keyParts(key, 3);
  if (!parts) return null;
  const [appId, secretId, secretKey] = parts as [string, string, string];
  return { appId, secretId, secretKey };
}

export const hunyuanAdaptor: ProviderAdaptor = {
  name: 'tencent-hunyuan',
  formats: [],
  dialect: hunyuanCodec,
  keyProblem: (key) => (hunyuanCredentials(key) ? null : 'the key must be AppId|SecretId|SecretKey'),

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel, stream }) {
    const credentials = hunyuanCredentials(channel.key);
    if (endpoint !== 'chat' || !credentials) return null;
    const url = new URL(`${baseUrl(channel.baseUrl, HUNYUAN_DEFAULT_BASE_URL)}/`);
    const timestamp = Math.floor(Date.now() / 1000);
    const request = jsonPost(url.toString(), { ...body, Model: upstreamModel }, stream, {
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': HUNYUAN_VERSION,
      'x-tc-timestamp': String(timestamp),
    });
    // The signature covers the exact body sent.
    request.headers.authorization = tc3Authorization({
      secretId: credentials.secretId,
      secretKey: credentials.secretKey,
      service: 'hunyuan',
      // The host name without a port, as Tencent's own SDK signs it (Sign.sign3).
      host: url.hostname,
      payload: request.body,
      timestamp,
    });
    return request;
  },
};
