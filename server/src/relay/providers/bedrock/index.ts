/**
 * AWS Bedrock (channel type 33), Claude models through InvokeModel: the key is `AccessKey|SecretKey|Region`;
 * requests go to `<base or https://bedrock-runtime.<region>.amazonaws.com>/model/<modelId>/invoke`
 * (`/invoke-with-response-stream` for streams), signed with SigV4 (./sigv4.ts), in Claude's format without
 * the model and with `anthropic_version: bedrock-2023-05-31` (betas go in the body's `anthropic_beta`).
 * Streams arrive as AWS event streams and are rewritten as Claude SSE (./event-stream.ts). A model name
 * without a dot is taken as an Anthropic model: `claude-x` → `anthropic.claude-x-v1:0`; other ids
 * (inference profiles such as `us.anthropic.…`, ARNs) are used as they are — set them by model mapping.
 */
import type { BuildRequestInput, ProviderAdaptor, UpstreamRequest } from '../types.ts';
import { eventStreamToClaudeSse } from './event-stream.ts';
import { signAwsRequest } from './sigv4.ts';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

export interface BedrockKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The parts of a channel key, or why it is not one (shown when a channel is saved). */
export function readBedrockKey(key: string): BedrockKey | string {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === ''))
    return 'an AWS key is AccessKey|SecretKey|Region';
  const [accessKeyId = '', secretAccessKey = '', region = ''] = parts;
  if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region)) return `"${region}" is not an AWS region`;
  return { accessKeyId, secretAccessKey, region };
}

export function bedrockModelId(model: string): string {
  return model.includes('.') || model.startsWith('arn:') ? model : `anthropic.${model}-v1:0`;
}

export const bedrockAdaptor: ProviderAdaptor = {
  name: 'aws-bedrock',
  formats: ['claude'],

  supportsStreamUsage: () => true,

  buildRequest({
    channel,
    endpoint,
    body,
    upstreamModel,
    stream,
    format,
    clientHeaders,
  }: BuildRequestInput): UpstreamRequest | null {
    if (endpoint !== 'chat' || format !== 'claude' || !upstreamModel.includes('claude')) return null;
    const key = readBedrockKey(channel.key);
    if (typeof key === 'string') return null;
    const base = (channel.baseUrl || `https://bedrock-runtime.${key.region}.amazonaws.com`).replace(
      /\/+$/,
      '',
    );
    const action = stream ? 'invoke-with-response-stream' : 'invoke';
    const { model: _model, stream: _stream, ...rest } = body;
    const betas = (clientHeaders?.['anthropic-beta'] ?? '')
      .split(',')
      .map((beta) => beta.trim())
      .filter((beta) => beta !== '');
    const upstreamBody = {
      ...rest,
      anthropic_version: BEDROCK_ANTHROPIC_VERSION,
      ...(betas.length > 0 ? { anthropic_beta: betas } : {}),
    };
    return {
      url: `${base}/model/${encodeURIComponent(bedrockModelId(upstreamModel))}/${action}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: stream ? 'application/vnd.amazon.eventstream' : 'application/json',
      },
      body: JSON.stringify(upstreamBody),
    };
  },

  async authorize({ channel, request }) {
    const key = readBedrockKey(channel.key);
    if (typeof key === 'string') throw new Error(key);
    signAwsRequest(request, { ...key, service: 'bedrock' });
  },

  streamFraming: { contentType: 'application/vnd.amazon.eventstream', toSse: eventStreamToClaudeSse },
};
