/**
 * Coze (channel type 49): a published bot's chat API v3, `POST {base}/v3/chat` with a personal access token
 * as a Bearer token (docs/providers/coze-replicate.md). As in new-api, the channel's `other` field holds
 * the bot id, sent as `bot_id`; a channel without one is refused when saved and never sent. The base URL
 * defaults to Coze China (`https://api.coze.cn`, new-api's default); `https://api.coze.com` is the
 * international API. Conversations only, in Coze's dialect (./codec.ts); a call without a stream is a
 * chat created and polled (./transport.ts).
 */
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { cozeCodec } from './codec.ts';
import { cozeTransport } from './transport.ts';

export const COZE_DEFAULT_BASE_URL = 'https://api.coze.cn';

/** The API root of a channel, without trailing slashes. */
function cozeBase(channelBase: string): string {
  return baseUrl(channelBase.trim(), COZE_DEFAULT_BASE_URL);
}

/** Why `other` cannot name a Coze bot, or null (bot ids are the digits in the bot's address). */
export function cozeBotProblem(other: string): string | null {
  const bot = other.trim();
  if (bot === '') return 'Coze channels need the bot ID in the other field';
  if (!/^\d+$/.test(bot))
    return `"${bot}" is not a Coze bot ID (the digits after /bot/ in the bot's address)`;
  return null;
}

export const cozeAdaptor: ProviderAdaptor = {
  name: 'coze',
  formats: [],
  dialect: cozeCodec,
  transport: cozeTransport((input) => cozeBase(input.channel.baseUrl)),

  otherProblem: cozeBotProblem,

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, stream }) {
    // A bot id of another shape (an adopted database's) is still sent: Coze itself says what is wrong.
    if (endpoint !== 'chat' || channel.other.trim() === '') return null;
    const url = `${cozeBase(channel.baseUrl)}/v3/chat`;
    return jsonPost(url, { bot_id: channel.other.trim(), ...body }, stream, {
      authorization: `Bearer ${channel.key}`,
    });
  },
};
