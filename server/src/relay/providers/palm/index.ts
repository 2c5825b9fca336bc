/**
 * Google PaLM 2 (channel type 11): the legacy Generative Language API v1beta2,
 * `POST {base}/v1beta2/models/{model}:generateMessage?key=<key>` (docs/providers/palm.md). It speaks its
 * own dialect (./codec.ts), reports no usage (the gateway counts the prompt and the reply) and cannot
 * stream: a stream call sends the same request, and the JSON reply is framed as one SSE event.
 */
import { readLimited } from '../../../lib/http-client.ts';
import { formatSseEvent } from '../../../lib/sse.ts';
import { baseUrl } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { palmCodec } from './codec.ts';

export const PALM_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const PALM_API_VERSION = 'v1beta2';

/** A reply larger than this is cut (and then unreadable): generateMessage answers are a few KiB. */
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

function palmBase(channelBase: string): string {
  return baseUrl(channelBase.trim(), PALM_DEFAULT_BASE_URL);
}

function keyQuery(key: string): string {
  return `key=${encodeURIComponent(key.trim())}`;
}

/** Where the models of a PaLM channel are listed (`models[].name`, e.g. `models/chat-bison-001`). */
export function palmModelListUrl(channel: { baseUrl: string; key: string }): string {
  return `${palmBase(channel.baseUrl)}/${PALM_API_VERSION}/models?pageSize=1000&${keyQuery(channel.key)}`;
}

/** The whole JSON reply as one SSE event (each of its lines a `data:` line, so nothing is lost). */
async function* replyAsSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const text = await readLimited(body, MAX_REPLY_BYTES);
  if (text.trim() !== '') yield Buffer.from(formatSseEvent({ data: text }));
}

export const palmAdaptor: ProviderAdaptor = {
  name: 'palm',
  formats: [],
  dialect: palmCodec,
  streamFraming: { contentType: 'application/json', toSse: replyAsSse },

  supportsStreamUsage: () => false,

  buildRequest({ channel, endpoint, body, upstreamModel }) {
    if (endpoint !== 'chat') return null;
    const model = encodeURIComponent(upstreamModel.replace(/^models\//, ''));
    return {
      url: `${palmBase(channel.baseUrl)}/${PALM_API_VERSION}/models/${model}:generateMessage?${keyQuery(channel.key)}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    };
  },
};
