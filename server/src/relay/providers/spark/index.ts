/**
 * iFlytek Spark (channel type 18), reached over its WebSocket API (docs/providers/spark.md). The key is
 * `APPID|APISecret|APIKey`; the interface version comes from the channel's `other` field (v2.1 when empty)
 * unless the model name ends in `-<version>` (`SparkDesk-v3.5`), and names the URL path and the `domain`
 * of the request frame. The built request carries the unsigned socket URL and the frame; the transport
 * (./transport.ts) signs the URL when it connects.
 */
import { isRecord } from '../../canonical/helpers.ts';
import type { ProviderAdaptor } from '../types.ts';
import { sparkCodec } from './codec.ts';
import { sparkCredentials } from './signing.ts';
import { sparkTransport } from './transport.ts';

export const SPARK_DEFAULT_BASE_URL = 'wss://spark-api.xf-yun.com';
/** The version of a channel whose `other` field is empty (the console's default too). */
export const SPARK_DEFAULT_VERSION = 'v2.1';

export interface SparkVersion {
  path: string;
  domain: string;
  /** The largest max_tokens the version accepts (a larger one is lowered to it). */
  maxTokens: number;
}

export const SPARK_VERSIONS: Readonly<Record<string, SparkVersion>> = {
  'v1.1': { path: '/v1.1/chat', domain: 'general', maxTokens: 4096 },
  'v2.1': { path: '/v2.1/chat', domain: 'generalv2', maxTokens: 8192 },
  'v3.1': { path: '/v3.1/chat', domain: 'generalv3', maxTokens: 8192 },
  'v3.5': { path: '/v3.5/chat', domain: 'generalv3.5', maxTokens: 8192 },
  'v4.0': { path: '/v4.0/chat', domain: '4.0Ultra', maxTokens: 8192 },
  'pro-128k': { path: '/chat/pro-128k', domain: 'pro-128k', maxTokens: 8192 },
  'max-32k': { path: '/chat/max-32k', domain: 'max-32k', maxTokens: 8192 },
};

const VERSION_NAMES = Object.keys(SPARK_VERSIONS);
/** A model name that names a numbered version (`…-v3.5`), known or not. */
const NUMBERED_SUFFIX = /-v\d+(\.\d+)*$/i;

/** The channel's version: its `other` field, trimmed, or the default when empty; null when unknown. */
function channelVersion(other: string): string | null {
  const version = other.trim().toLowerCase() || SPARK_DEFAULT_VERSION;
  return SPARK_VERSIONS[version] ? version : null;
}

/**
 * The version serving `model` on a channel: the model's own suffix when it names a known version, else the
 * channel's. Null when the model names an unknown numbered version or the channel's is unknown.
 */
export function sparkVersion(other: string, model: string): SparkVersion | null {
  const lower = model.toLowerCase();
  const named = VERSION_NAMES.find((version) => lower.endsWith(`-${version}`));
  if (named) return SPARK_VERSIONS[named]!;
  if (NUMBERED_SUFFIX.test(model)) return null;
  const version = channelVersion(other);
  return version ? SPARK_VERSIONS[version]! : null;
}

/** The socket URL for a channel's base (http → ws, https → wss) and a version's path; null when unusable. */
export function sparkSocketUrl(channelBase: string, version: SparkVersion): string | null {
  let base: URL;
  try {
    base = new URL(channelBase.trim() || SPARK_DEFAULT_BASE_URL);
  } catch {
    return null;
  }
  const scheme = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' }[base.protocol];
  if (!scheme) return null;
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${scheme}//${base.host}${prefix}${version.path}`;
}

export const sparkAdaptor: ProviderAdaptor = {
  name: 'spark',
  formats: [],
  dialect: sparkCodec,
  transport: sparkTransport,

  keyProblem: (key) => (sparkCredentials(key) ? null : 'the key must be APPID|APISecret|APIKey'),

  otherProblem: (other) =>
    channelVersion(other)
      ? null
      : `unknown iFlytek Spark version "${other.trim()}" (known: ${VERSION_NAMES.join(', ')})`,

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel }) {
    if (endpoint !== 'chat') return null;
    const credentials = sparkCredentials(channel.key);
    const version = sparkVersion(channel.other, upstreamModel);
    const url = version ? sparkSocketUrl(channel.baseUrl, version) : null;
    if (!credentials || !version || !url) return null;
    const header = isRecord(body.header) ? body.header : {};
    const parameter = isRecord(body.parameter) ? body.parameter : {};
    const chat: Record<string, unknown> = isRecord(parameter.chat) ? { ...parameter.chat } : {};
    chat.domain = version.domain;
    if (typeof chat.max_tokens === 'number') chat.max_tokens = Math.min(chat.max_tokens, version.maxTokens);
    const frame = {
      ...body,
      header: { ...header, app_id: credentials.appId },
      parameter: { ...parameter, chat },
    };
    return { url, method: 'GET', headers: {}, body: JSON.stringify(frame) };
  },
};
