/**
 * The server's channel-type registry: every entry of common/channel-types.ts (name, capabilities, key and
 * form rules, OpenAI-compatible wiring, models) with what only the server has — the adaptor that relays
 * for the type, the channel settings that choose another one, and the account APIs that list the
 * upstream's models and tell its balance (run by server/src/relay/providers/account-queries.ts). Adding a
 * type is one entry there and, when it relays or has an account API, one line here (docs/providers.md).
 */
import { CHANNEL_TYPES, type ChannelTypeFacts, servedChannelTypes } from '../../../common/channel-types.ts';
import { AGENT_PLATFORM_SERVER_PARTS } from './channel-types-agents.ts';
import { AGGREGATOR_SERVER_PARTS } from './channel-types-aggregators.ts';
import { CUSTOM_ROUTE_SERVER_PARTS } from './channel-types-custom.ts';
import { VIDEO_PLATFORM_SERVER_PARTS } from './channel-types-video.ts';
import { aiProxyLibraryAdaptor } from './providers/aiproxy/index.ts';
import { aliAdaptor } from './providers/ali/index.ts';
import { baiduAdaptor } from './providers/baidu/index.ts';
import { bedrockAdaptor } from './providers/bedrock/index.ts';
import { claudeAdaptor } from './providers/claude/index.ts';
import { difyAdaptor } from './providers/dify/index.ts';
import { geminiAdaptor } from './providers/gemini/index.ts';
import { hunyuanAdaptor } from './providers/hunyuan/index.ts';
import { ollamaAdaptor, speaksOpenAiCompatible } from './providers/ollama/index.ts';
import { openAiAdaptor, openAiCompatibleAdaptor } from './providers/openai-compatible/index.ts';
import { palmAdaptor } from './providers/palm/index.ts';
import { sparkAdaptor } from './providers/spark/index.ts';
import type { ProviderAdaptor } from './providers/types.ts';
import { vertexAdaptor } from './providers/vertex/index.ts';
import { zhipuV3Adaptor } from './providers/zhipu/index.ts';

/** Where an upstream lists its models (each run by providers/account-queries.ts). */
export type ModelListQuery = 'openai' | 'anthropic' | 'bedrock' | 'palm' | 'ollama' | 'gemini' | 'vertex';

/** Which balance API an upstream has (each run by providers/account-queries.ts). */
export type BalanceQuery =
  | 'openai-billing'
  | 'openrouter'
  | 'deepseek'
  | 'siliconcloud'
  | 'moonshot'
  | 'credit-grants-remaining'
  | 'credit-grants-available'
  | 'aiproxy-points';

/** The channel settings that may choose the adaptor. */
export interface ChannelWiring {
  type: number;
  baseUrl: string;
  other: string;
  /** new-api's `settings` column (Advanced Custom's routes). */
  settings?: string;
}

export interface ServerParts {
  /** The type's adaptor: it relays, and checks keys and `other` when a channel is saved. */
  adaptor?: ProviderAdaptor;
  /** The adaptor a channel's own settings choose, where they choose (else `adaptor`). */
  channelAdaptor?(channel: ChannelWiring): ProviderAdaptor;
  modelList?: ModelListQuery;
  balance?: BalanceQuery;
  /** Why a key cannot be the type's, for a type served without an adaptor (a task platform's key shape). */
  keyProblem?(key: string): string | null;
}

export interface ServerChannelType extends ChannelTypeFacts, ServerParts {}

const compatible = openAiCompatibleAdaptor;

/** Per type id; the task types (2, 5, 36) are served by server/src/relay/tasks/, without an adaptor. */
const specificationParts: Readonly<Record<number, ServerParts>> = {
  1: { adaptor: openAiAdaptor, modelList: 'openai', balance: 'openai-billing' },
  2: {},
  3: { adaptor: compatible, modelList: 'openai' },
  4: {
    adaptor: compatible,
    // Through its OpenAI-compatible API when the base URL ends in /v1, otherwise natively.
    channelAdaptor: (channel) => (speaksOpenAiCompatible(channel.baseUrl) ? compatible : ollamaAdaptor),
    modelList: 'ollama',
  },
  5: {},
  8: { adaptor: compatible, modelList: 'openai', balance: 'openai-billing' },
  11: { adaptor: palmAdaptor, modelList: 'palm' },
  14: { adaptor: claudeAdaptor, modelList: 'anthropic' },
  15: { adaptor: baiduAdaptor },
  16: { adaptor: zhipuV3Adaptor },
  17: { adaptor: aliAdaptor, modelList: 'openai' },
  18: { adaptor: sparkAdaptor },
  19: { adaptor: compatible, modelList: 'openai' },
  20: { adaptor: compatible, modelList: 'openai', balance: 'openrouter' },
  21: {
    adaptor: compatible,
    // With a knowledge-base ID in `other`, chat goes to the library API.
    channelAdaptor: (channel) => (channel.other.trim() ? aiProxyLibraryAdaptor : compatible),
    modelList: 'openai',
    balance: 'openai-billing',
  },
  22: { adaptor: compatible, modelList: 'openai' },
  23: { adaptor: hunyuanAdaptor },
  24: { adaptor: geminiAdaptor, modelList: 'gemini' },
  25: { adaptor: compatible, modelList: 'openai', balance: 'moonshot' },
  26: { adaptor: compatible, modelList: 'openai' },
  31: { adaptor: compatible, modelList: 'openai' },
  33: { adaptor: bedrockAdaptor, modelList: 'bedrock' },
  34: { adaptor: compatible, modelList: 'openai' },
  35: { adaptor: compatible, modelList: 'openai' },
  36: {},
  37: { adaptor: difyAdaptor },
  38: { adaptor: compatible, modelList: 'openai' },
  39: { adaptor: compatible, modelList: 'openai' },
  40: { adaptor: compatible, modelList: 'openai', balance: 'siliconcloud' },
  41: { adaptor: vertexAdaptor, modelList: 'vertex' },
  42: { adaptor: compatible, modelList: 'openai' },
  43: { adaptor: compatible, modelList: 'openai', balance: 'deepseek' },
  44: { adaptor: compatible, modelList: 'openai' },
  45: { adaptor: compatible, modelList: 'openai' },
  46: { adaptor: compatible, modelList: 'openai' },
  47: { adaptor: compatible, modelList: 'openai' },
  48: { adaptor: compatible, modelList: 'openai' },
};

/** The specification's types, then new-api's later ones, one file per family (as in common/). */
const serverParts: Readonly<Record<number, ServerParts>> = {
  ...specificationParts,
  ...AGGREGATOR_SERVER_PARTS,
  ...AGENT_PLATFORM_SERVER_PARTS,
  ...VIDEO_PLATFORM_SERVER_PARTS,
  ...CUSTOM_ROUTE_SERVER_PARTS,
};

/** One server entry per common entry: a type missing here, or unknown there, stops the server at start. */
function buildRegistry(): Map<number, ServerChannelType> {
  const entries = new Map<number, ServerChannelType>();
  for (const facts of CHANNEL_TYPES) {
    const parts = serverParts[facts.id];
    if (!parts) throw new Error(`channel type ${facts.id} has no entry in server/src/relay/channel-types.ts`);
    entries.set(facts.id, { ...facts, ...parts });
  }
  for (const id of Object.keys(serverParts))
    if (!entries.has(Number(id))) throw new Error(`channel type ${id} is not in common/channel-types.ts`);
  return entries;
}

const registry = buildRegistry();

/** Every server entry, by id (for tables over all types). */
export const SERVER_CHANNEL_TYPES: readonly ServerChannelType[] = [...registry.values()];

/** The server entry of a type, or undefined for a type the gateway does not know. */
export function serverChannelType(type: number): ServerChannelType | undefined {
  return registry.get(type);
}

/** The adaptor of a channel type (what checks its key and `other` field at save). */
export function adaptorFor(type: number): ProviderAdaptor | undefined {
  return registry.get(type)?.adaptor;
}

/** The adaptor that serves a channel: its type's, unless the channel's settings choose another. */
export function adaptorForChannel(channel: ChannelWiring): ProviderAdaptor | undefined {
  const entry = registry.get(channel.type);
  return entry?.channelAdaptor ? entry.channelAdaptor(channel) : entry?.adaptor;
}

/** Whether a channel type serves anything (a type that does not is refused at save and never chosen). */
export function isServedChannelType(type: number): boolean {
  return servedChannelTypes.has(type);
}

/** Why a key cannot be one of the type's (its adaptor's rule, e.g. `APIKey|SecretKey`), or null. */
export function keyProblem(type: number, key: string): string | null {
  const entry = registry.get(type);
  return (entry?.keyProblem ?? entry?.adaptor?.keyProblem)?.(key) ?? null;
}

/**
 * What is wrong with a channel's `other` field for its type: 'required' when the type cannot do without
 * one (Cloudflare's account id), the adaptor's reason when it cannot use it (a Spark version, Vertex AI's
 * region setting), or null.
 */
export function otherProblem(type: number, other: string): 'required' | { reason: string } | null {
  const entry = registry.get(type);
  if (entry?.form?.other?.required && other.trim() === '') return 'required';
  const reason = entry?.adaptor?.otherProblem?.(other) ?? null;
  return reason === null ? null : { reason };
}
