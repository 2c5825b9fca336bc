/**
 * Questions about an upstream account rather than relay calls: which models it offers (for the channel
 * form) and how much balance is left (for the channel list). Each API is written once here; which one a
 * type has is its entry in server/src/relay/channel-types.ts.
 */
import type { AppContext } from '../../context.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { channelProxy } from '../call/relay-call.ts';
import { type BalanceQuery, type ModelListQuery, serverChannelType } from '../channel-types.ts';
import { maskSecrets } from '../http/errors.ts';
import { readBedrockKey } from './bedrock/index.ts';
import { signAwsRequest } from './bedrock/sigv4.ts';
import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_VERSION } from './claude/index.ts';
import { GEMINI_DEFAULT_BASE_URL, GEMINI_DEFAULT_VERSION } from './gemini/index.ts';
import { baseUrl } from './json-request.ts';
import { OLLAMA_DEFAULT_BASE_URL, speaksOpenAiCompatible } from './ollama/index.ts';
import { openAiCompatibleConfig } from './openai-compatible/configs.ts';
import { authHeaders, defaultAzureApiVersion } from './openai-compatible/index.ts';
import { palmModelListUrl } from './palm/index.ts';
import type { UpstreamRequest } from './types.ts';
import { listVertexModels } from './vertex/index.ts';

export class AccountQueryError extends Error {}
export class UnsupportedQueryError extends Error {}

function baseOf(channel: CachedChannel): string {
  const config = openAiCompatibleConfig(channel.type);
  const base = baseUrl(channel.baseUrl, config?.defaultBaseUrl ?? '');
  if (!config || !base) throw new UnsupportedQueryError(String(channel.type));
  return base;
}

function headersOf(channel: CachedChannel): Record<string, string> {
  const config = openAiCompatibleConfig(channel.type);
  if (!config) throw new UnsupportedQueryError(String(channel.type));
  return authHeaders(config, channel);
}

/** Runs an account question; a failure becomes an AccountQueryError without secrets. */
async function asAccountQuery<T>(channel: CachedChannel, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnsupportedQueryError) throw error;
    throw new AccountQueryError(maskSecrets((error as Error).message, [channel.key]));
  }
}

async function query(
  context: AppContext,
  channel: CachedChannel,
  url: string,
  headers: Record<string, string> = headersOf(channel),
): Promise<Record<string, unknown>> {
  return asAccountQuery(channel, async () => {
    const reply = await context.upstream.getJson(url, headers, 15_000, channelProxy(channel));
    if (!reply || typeof reply !== 'object') throw new Error('unexpected reply');
    return reply as Record<string, unknown>;
  });
}

type ModelListRequest = { url: string; headers: Record<string, string> };

const native = (channel: CachedChannel, fallback: string) => baseUrl(channel.baseUrl, fallback);

/** Where each model-list API is read, and with which headers (Vertex AI's is listVertexModels). */
const modelListRequests: Record<
  Exclude<ModelListQuery, 'vertex'>,
  (channel: CachedChannel) => ModelListRequest | Promise<ModelListRequest>
> = {
  anthropic: (channel) => ({
    url: `${native(channel, ANTHROPIC_DEFAULT_BASE_URL)}/v1/models?limit=1000`,
    headers: { 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION },
  }),
  bedrock: async (channel) => {
    const key = readBedrockKey(channel.key);
    if (typeof key === 'string') throw new AccountQueryError(key);
    const request: UpstreamRequest = {
      url: `${native(channel, `https://bedrock.${key.region}.amazonaws.com`)}/foundation-models?byProvider=anthropic`,
      method: 'GET',
      headers: { accept: 'application/json' },
    };
    if (key.kind === 'api-key') request.headers.authorization = `Bearer ${key.apiKey}`;
    else await signAwsRequest(request, { ...key, service: 'bedrock' });
    return { url: request.url, headers: request.headers };
  },
  palm: (channel) => ({ url: palmModelListUrl(channel), headers: {} }),
  // Ollama: its native tag list, or the OpenAI-compatible list when the base URL ends in /v1.
  ollama: (channel) =>
    speaksOpenAiCompatible(channel.baseUrl)
      ? { url: `${native(channel, '')}/models`, headers: headersOf(channel) }
      : { url: `${native(channel, OLLAMA_DEFAULT_BASE_URL)}/api/tags`, headers: headersOf(channel) },
  gemini: (channel) => ({
    url: `${native(channel, GEMINI_DEFAULT_BASE_URL)}/${GEMINI_DEFAULT_VERSION}/models?pageSize=1000`,
    headers: { 'x-goog-api-key': channel.key },
  }),
  openai: (channel) => {
    const base = baseOf(channel);
    const config = openAiCompatibleConfig(channel.type)!;
    const url = config.azure
      ? `${base}/openai/models?api-version=${encodeURIComponent(channel.other.trim() || defaultAzureApiVersion())}`
      : `${base}/v1/models`;
    return { url, headers: headersOf(channel) };
  },
};

/**
 * Model ids the upstream lists (OpenAI's and Anthropic's `data[].id`, Gemini's `models[].name` without
 * `models/`, Bedrock's Anthropic foundation models, Azure's model list), sorted and de-duplicated.
 */
export async function fetchUpstreamModels(context: AppContext, channel: CachedChannel): Promise<string[]> {
  const list = serverChannelType(channel.type)?.modelList;
  if (!list) throw new UnsupportedQueryError(String(channel.type));
  if (list === 'vertex') {
    const proxyUrl = channelProxy(channel);
    const input = { channel, upstream: context.upstream, ...(proxyUrl ? { proxyUrl } : {}) };
    return [...new Set(await asAccountQuery(channel, () => listVertexModels(input)))].sort();
  }
  const { url, headers } = await modelListRequests[list](channel);
  const reply = await query(context, channel, url, headers);
  const data = Array.isArray(reply.data)
    ? reply.data
    : Array.isArray(reply.models)
      ? reply.models
      : Array.isArray(reply.modelSummaries)
        ? reply.modelSummaries.map((summary: { modelId?: unknown }) => summary?.modelId)
        : [];
  const ids = data
    .map((entry) =>
      typeof entry === 'string'
        ? entry
        : ((entry as { id?: unknown; name?: unknown })?.id ?? (entry as { name?: unknown })?.name),
    )
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map((id) => id.replace(/^models\//, ''));
  return [...new Set(ids)].sort();
}

function numberOf(value: unknown): number {
  const parsed =
    typeof value === 'string' ? Number.parseFloat(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(parsed)) throw new AccountQueryError('the upstream reply has no balance');
  return parsed;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Asks a path under the channel's base URL (or a full address) with its OpenAI-style credentials, or `headers`. */
type Ask = (pathOrUrl: string, headers?: Record<string, string>) => Promise<Record<string, unknown>>;

/** Each balance API, as new-api asks it (docs/providers/new-api-types.md for the resellers'). */
const balanceQueries: Record<BalanceQuery, (ask: Ask, channel: CachedChannel) => Promise<number>> = {
  'openai-billing': async (ask) => {
    const subscription = await ask('/v1/dashboard/billing/subscription');
    const now = Date.now();
    const usage = await ask(
      `/v1/dashboard/billing/usage?start_date=${isoDate(now - 100 * 86_400_000)}&end_date=${isoDate(now + 86_400_000)}`,
    );
    return numberOf(subscription.hard_limit_usd) - numberOf(usage.total_usage) / 100;
  },
  openrouter: async (ask) => {
    const data = ((await ask('/v1/credits')).data ?? {}) as Record<string, unknown>;
    return numberOf(data.total_credits) - numberOf(data.total_usage);
  },
  deepseek: async (ask) => {
    const reply = await ask('/user/balance');
    const infos = Array.isArray(reply.balance_infos)
      ? (reply.balance_infos as Record<string, unknown>[])
      : [];
    const preferred = infos.find((info) => info.currency === 'USD') ?? infos[0];
    return numberOf(preferred?.total_balance);
  },
  siliconcloud: async (ask) =>
    numberOf((((await ask('/v1/user/info')).data ?? {}) as Record<string, unknown>).totalBalance),
  moonshot: async (ask) =>
    numberOf((((await ask('/v1/users/me/balance')).data ?? {}) as Record<string, unknown>).available_balance),
  'credit-grants-remaining': async (ask) =>
    numberOf((await ask('/dashboard/billing/credit_grants')).total_remaining),
  'credit-grants-available': async (ask) =>
    numberOf((await ask('/dashboard/billing/credit_grants')).total_available),
  // AIProxy reports points at its own address, whatever the channel's base URL.
  'aiproxy-points': async (ask, channel) => {
    const reply = await ask('https://aiproxy.io/api/report/getUserOverview', { 'api-key': channel.key });
    if (reply.success !== true)
      throw new AccountQueryError(String(reply.message ?? 'the balance was refused'));
    return numberOf(((reply.data ?? {}) as Record<string, unknown>).totalPoints);
  },
};

/** The remaining balance (in the provider's currency, USD for most) for the types with a balance API. */
export async function fetchUpstreamBalance(context: AppContext, channel: CachedChannel): Promise<number> {
  const base = baseOf(channel);
  const balance = serverChannelType(channel.type)?.balance;
  if (!balance) throw new UnsupportedQueryError(String(channel.type));
  const ask: Ask = (pathOrUrl, headers) =>
    query(context, channel, /^https?:/.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl}`, headers);
  return balanceQueries[balance](ask, channel);
}
