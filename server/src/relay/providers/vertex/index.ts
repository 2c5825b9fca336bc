/**
 * Google Vertex AI (channel type 41). The key is a service-account JSON key (./credentials.ts); `other`
 * is the region, or a JSON map of model → region with a "default" entry (global when empty).
 * Gemini models are spoken to in Gemini's format at
 * `…/publishers/google/models/<model>:generateContent` (`:streamGenerateContent?alt=sse`), Claude models
 * in Claude's at `…/publishers/anthropic/models/<model>:rawPredict` (`:streamRawPredict`), with
 * `anthropic_version: vertex-2023-10-16` in the body and no model; a Claude model's date suffix becomes
 * Vertex's `@date` (claude-sonnet-4-20250514 → claude-sonnet-4@20250514).
 */
import { generateAction } from '../gemini/index.ts';
import { jsonPost } from '../json-request.ts';
import type { AuthorizeInput, ProviderAdaptor } from '../types.ts';
import { accessToken, readServiceAccount } from './credentials.ts';

export const VERTEX_DEFAULT_REGION = 'global';
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

function isClaude(model: string): boolean {
  return model.startsWith('claude');
}

const REGION = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Why a channel's `other` field is not a region setting (a region name, or a JSON map of model → region
 * with an optional "default"), or null when it is one (empty means the default region).
 */
export function regionSettingProblem(other: string): string | null {
  const text = other.trim();
  if (!text) return null;
  if (!text.startsWith('{')) return REGION.test(text) ? null : `"${text}" is not a region name`;
  let map: unknown;
  try {
    map = JSON.parse(text);
  } catch {
    return 'the region map is not valid JSON';
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map))
    return 'the region map must be a JSON object';
  for (const [model, region] of Object.entries(map))
    if (typeof region !== 'string' || !REGION.test(region))
      return `the region of ${model} is not a region name`;
  return null;
}

/** The region for a model from the channel's `other` field (checked at save; anything else → default). */
export function vertexRegion(other: string, model: string): string {
  const text = other.trim();
  if (!text || regionSettingProblem(text) !== null) return VERTEX_DEFAULT_REGION;
  if (!text.startsWith('{')) return text;
  const map = JSON.parse(text) as Record<string, string>;
  return map[model] ?? map.default ?? VERTEX_DEFAULT_REGION;
}

/** Vertex names Claude versions with `@`: a trailing `-YYYYMMDD` becomes `@YYYYMMDD`. */
export function vertexClaudeModel(model: string): string {
  return model.includes('@') ? model : model.replace(/-(\d{8})$/, '@$1');
}

/** Google's multi-region locations, served from their own hosts (`aiplatform.<location>.rep.googleapis.com`). */
const MULTI_REGIONS: ReadonlySet<string> = new Set(['us', 'eu']);

/**
 * The API host of a location (the channel's base URL when it sets one), as Google's Vertex AI locations
 * page lists them: `global` at aiplatform.googleapis.com, the multi-regions `us` and `eu` at
 * aiplatform.us.rep.googleapis.com and aiplatform.eu.rep.googleapis.com, a single region such as
 * `us-central1` at us-central1-aiplatform.googleapis.com (docs/providers.md).
 */
export function vertexHost(region: string, baseUrl: string): string {
  if (baseUrl) return baseUrl.replace(/\/+$/, '');
  if (region === 'global') return 'https://aiplatform.googleapis.com';
  if (MULTI_REGIONS.has(region)) return `https://aiplatform.${region}.rep.googleapis.com`;
  return `https://${region}-aiplatform.googleapis.com`;
}

export const vertexAdaptor: ProviderAdaptor = {
  name: 'vertex-ai',
  formats: ['gemini', 'claude'],
  formatsFor: (model) => (isClaude(model) ? ['claude'] : ['gemini']),
  keyProblem: (key) => {
    const read = readServiceAccount(key);
    return typeof read === 'string' ? read : null;
  },
  otherProblem: regionSettingProblem,

  supportsStreamUsage: () => true,

  buildRequest({ channel, endpoint, body, upstreamModel, stream, format, clientHeaders }) {
    if (endpoint !== 'chat') return null;
    const account = readServiceAccount(channel.key);
    if (typeof account === 'string') return null;
    const region = vertexRegion(channel.other, upstreamModel);
    const claude = isClaude(upstreamModel);
    if (format !== (claude ? 'claude' : 'gemini')) return null;
    const publisher = claude ? 'anthropic' : 'google';
    const model = claude ? vertexClaudeModel(upstreamModel) : upstreamModel;
    const action = claude ? (stream ? 'streamRawPredict' : 'rawPredict') : generateAction(stream);
    const url = `${vertexHost(region, channel.baseUrl)}/v1/projects/${encodeURIComponent(account.projectId)}/locations/${encodeURIComponent(region)}/publishers/${publisher}/models/${encodeURIComponent(model).replace('%40', '@')}:${action}`;
    const { model: _model, ...rest } = body;
    const upstreamBody = claude ? { ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION } : rest;
    if (!claude) delete upstreamBody.stream;
    const beta = clientHeaders?.['anthropic-beta'];
    return jsonPost(url, upstreamBody, stream, claude && beta ? { 'anthropic-beta': beta } : {});
  },

  async authorize(input) {
    const account = readServiceAccount(input.channel.key);
    if (typeof account === 'string')
      throw new Error(`the Vertex AI key is not a service-account key: ${account}`);
    input.request.headers.authorization = `Bearer ${await accessToken(account, input)}`;
  },
};

/**
 * Gemini models the account can use (`publishers/google/models`), for the console's model list. Claude
 * models on Vertex are enabled per project in the Model Garden and are not listed here.
 */
export async function listVertexModels(input: Omit<AuthorizeInput, 'request'>): Promise<string[]> {
  const account = readServiceAccount(input.channel.key);
  if (typeof account === 'string') throw new Error(account);
  const region = vertexRegion(input.channel.other, '');
  const token = await accessToken(account, { ...input, request: { url: '', method: 'GET', headers: {} } });
  const reply = (await input.upstream.requestJson(
    {
      url: `${vertexHost(region, input.channel.baseUrl)}/v1beta1/publishers/google/models?pageSize=1000`,
      method: 'GET',
      headers: { authorization: `Bearer ${token}` },
    },
    15_000,
    input.proxyUrl,
  )) as { publisherModels?: { name?: unknown }[] };
  return (reply.publisherModels ?? [])
    .map((model) => (typeof model.name === 'string' ? (model.name.split('/').pop() ?? '') : ''))
    .filter((name) => name !== '');
}
