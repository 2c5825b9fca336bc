/**
 * AWS Bedrock (channel type 33), Claude models through InvokeModel: the key is `AccessKey|SecretKey|Region`
 * (SigV4) or `APIKey|Region` (Bearer);
 * requests go to `<base or https://bedrock-runtime.<region>.amazonaws.com>/model/<modelId>/invoke`
 * (`/invoke-with-response-stream` for streams), signed with SigV4 by AWS's signer (./sigv4.ts), in Claude's format without
 * the model and with `anthropic_version: bedrock-2023-05-31` (betas go in the body's `anthropic_beta`).
 * Streams arrive as AWS event streams and are rewritten as Claude SSE (./event-stream.ts). Model names
 * become Bedrock ids by bedrockModelId (below); other ids are set by model mapping.
 */
import { anthropicBetas } from '../claude/index.ts';
import { baseUrl, jsonPost } from '../json-request.ts';
import type { ProviderAdaptor } from '../types.ts';
import { eventStreamToClaudeSse } from './event-stream.ts';
import { signAwsRequest } from './sigv4.ts';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
/** The framing of Bedrock's streams (rewritten as Claude SSE by ./event-stream.ts). */
const EVENT_STREAM = 'application/vnd.amazon.eventstream';

export type BedrockKey =
  | { kind: 'sigv4'; accessKeyId: string; secretAccessKey: string; region: string }
  | { kind: 'api-key'; apiKey: string; region: string };

const REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;

/**
 * The parts of a channel key — `AccessKey|SecretKey|Region` (SigV4) or `APIKey|Region` (a Bedrock API
 * key, sent as a Bearer token) — or why it is not one (shown when a channel is saved).
 */
export function readBedrockKey(key: string): BedrockKey | string {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === ''))
    return 'an AWS key is AccessKey|SecretKey|Region or APIKey|Region';
  const region = parts.at(-1) ?? '';
  if (!REGION.test(region)) return `"${region}" is not an AWS region`;
  if (parts.length === 2) return { kind: 'api-key', apiKey: parts[0] ?? '', region };
  return { kind: 'sigv4', accessKeyId: parts[0] ?? '', secretAccessKey: parts[1] ?? '', region };
}

/** Claude versions Bedrock numbers other than v1. */
const BEDROCK_VERSIONS: Readonly<Record<string, string>> = { 'claude-3-5-sonnet-20241022': 'v2:0' };
/** Models from this date on are served on demand only through cross-region inference profiles. */
const PROFILE_ONLY_FROM = 20250219;

/** The inference-profile prefix of a region (`us.`, `eu.`, `apac.`), or '' where AWS has none. */
export function profilePrefix(region: string): string {
  if (region.startsWith('us-') || region.startsWith('ca-')) return 'us.';
  if (region.startsWith('eu-')) return 'eu.';
  if (region.startsWith('ap-')) return 'apac.';
  return '';
}

/**
 * A Bedrock model id for an Anthropic model name: `claude-3-5-haiku-20241022` →
 * `anthropic.claude-3-5-haiku-20241022-v1:0`; models dated 2025-02-19 or later get the region's
 * inference-profile prefix (`us.anthropic.claude-sonnet-4-20250514-v1:0`). Ids with a dot (profiles,
 * foundation-model ids) and ARNs are used as they are.
 */
export function bedrockModelId(model: string, region: string): string {
  if (model.includes('.') || model.startsWith('arn:')) return model;
  const id = `anthropic.${model}-${BEDROCK_VERSIONS[model] ?? 'v1:0'}`;
  const date = Number(/-(\d{8})$/.exec(model)?.[1] ?? 0);
  return date >= PROFILE_ONLY_FROM ? `${profilePrefix(region)}${id}` : id;
}

export const bedrockAdaptor: ProviderAdaptor = {
  name: 'aws-bedrock',
  formats: ['claude'],
  keyProblem: (key) => {
    const read = readBedrockKey(key);
    return typeof read === 'string' ? read : null;
  },

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel, stream, format, clientHeaders }) {
    if (endpoint !== 'chat' || format !== 'claude' || !upstreamModel.includes('claude')) return null;
    const key = readBedrockKey(channel.key);
    if (typeof key === 'string') return null;
    const base = baseUrl(channel.baseUrl, '') || `https://bedrock-runtime.${key.region}.amazonaws.com`;
    const action = stream ? 'invoke-with-response-stream' : 'invoke';
    const { model: _model, stream: _stream, ...rest } = body;
    const betas = anthropicBetas(clientHeaders?.['anthropic-beta']);
    const upstreamBody = {
      ...rest,
      anthropic_version: BEDROCK_ANTHROPIC_VERSION,
      ...(betas.length > 0 ? { anthropic_beta: betas } : {}),
    };
    const url = `${base}/model/${encodeURIComponent(bedrockModelId(upstreamModel, key.region))}/${action}`;
    return jsonPost(url, upstreamBody, stream, {}, EVENT_STREAM);
  },

  async authorize({ channel, request }) {
    const key = readBedrockKey(channel.key);
    if (typeof key === 'string') throw new Error(key);
    if (key.kind === 'api-key') request.headers.authorization = `Bearer ${key.apiKey}`;
    else await signAwsRequest(request, { ...key, service: 'bedrock' });
  },

  streamFraming: { contentType: EVENT_STREAM, toSse: eventStreamToClaudeSse },
};
