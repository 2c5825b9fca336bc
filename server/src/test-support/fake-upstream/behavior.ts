/**
 * How the fake upstream answers. A behaviour is built from layers, later ones winning: the
 * defaults, the options given to startFakeUpstream, setBehavior(), the behaviour registered for the
 * request's API key (setBehaviorForKey — parallel tests give each channel its own key), and the
 * request's `x-fake-behavior` header (a JSON object).
 */
export interface FakeBehavior {
  /** HTTP status; anything but 2xx answers with an error body instead of a reply. */
  status?: number;
  /** JSON error body for a non-2xx status (default: what OpenAI sends for that status). */
  errorBody?: unknown;
  /** A raw, non-JSON error body (an HTML page from a proxy, say); wins over errorBody. */
  errorRawBody?: string;
  /** A raw body sent with `status` in place of any reply, whatever the status (2xx and 3xx included). */
  rawBody?: string;
  /** Milliseconds to wait before sending the status line and headers. */
  latencyMs?: number;
  /** The reply text; its whitespace-separated words are the content chunks. */
  replyText?: string;
  /**
   * Number of content chunks (one word each, cycling through the reply's words). Default: the
   * number of words, so the reply is the reply text once. completion_tokens equals this number
   * (capped by the request's max tokens) plus reasoningTokens.
   */
  chunkCount?: number;
  /** Milliseconds before each content chunk of a stream. */
  chunkDelayMs?: number;
  /** Send no usage at all (non-stream body without `usage`, stream without the usage chunk). */
  omitUsage?: boolean;
  /**
   * Streams: end the connection abruptly (no final chunk, no [DONE], no chunked terminator)
   * after this many content chunks. Other replies: close the socket without answering.
   */
  dropAfterChunks?: number;
  /** Streams: after this many content chunks, send nothing more and never end. */
  stallAfterChunks?: number;
  /** Never answer at all (not even headers), until the client gives up or the fake closes. */
  hang?: boolean;
  /** The model name echoed in replies (default: the request's model, or the Azure deployment). */
  model?: string;
  /** prompt_tokens in usage (default: the number of words in the request's text, at least 1). */
  promptTokens?: number;
  /** prompt_tokens_details.cached_tokens (default 0). */
  cachedTokens?: number;
  /** completion_tokens_details.reasoning_tokens, also added to completion_tokens (default 0). */
  reasoningTokens?: number;
  /** When set, requests whose key (Bearer token or api-key header) differs get 401 invalid_api_key. */
  requiredApiKey?: string;
  /** Moderation results are flagged (default false). */
  moderationFlagged?: boolean;
  /** Embedding vector length when the request gives no `dimensions` (default 8). */
  embeddingDimensions?: number;
  /** Model ids listed by GET /v1/models. */
  models?: string[];
  /** hard_limit_usd of GET /v1/dashboard/billing/subscription (default 100). */
  billingHardLimitUsd?: number;
  /** Used amount reported by GET /v1/dashboard/billing/usage, in USD (sent in cents; default 12.5). */
  billingUsedUsd?: number;
  /**
   * Chat: when the request offers a function of this name and does not end with a tool result, call it
   * with these JSON arguments instead of replying with text (tool round trips of agent clients).
   */
  toolCall?: { name: string; arguments: string };
  /**
   * Strict mode: refuse what OpenAI's API refuses that a permissive fake would take (reasoning models'
   * max_tokens, sampling and efforts: server/src/test-support/strict/openai-strict.ts), with its error text.
   */
  strict?: boolean;
}

/** Fields without a default: absent unless a layer sets them. */
type UnsetByDefault =
  | 'errorBody'
  | 'errorRawBody'
  | 'rawBody'
  | 'chunkCount'
  | 'dropAfterChunks'
  | 'stallAfterChunks'
  | 'model'
  | 'promptTokens'
  | 'requiredApiKey'
  | 'toolCall';

export type ResolvedBehavior = Required<Omit<FakeBehavior, UnsetByDefault>> &
  Pick<FakeBehavior, UnsetByDefault>;

export const DEFAULT_REPLY_TEXT = 'Hello from fake upstream';

export const DEFAULT_BEHAVIOR: ResolvedBehavior = {
  status: 200,
  latencyMs: 0,
  replyText: DEFAULT_REPLY_TEXT,
  chunkDelayMs: 0,
  omitUsage: false,
  hang: false,
  cachedTokens: 0,
  reasoningTokens: 0,
  moderationFlagged: false,
  strict: false,
  embeddingDimensions: 8,
  models: [
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-3.5-turbo-instruct',
    'text-embedding-3-small',
    'omni-moderation-latest',
  ],
  billingHardLimitUsd: 100,
  billingUsedUsd: 12.5,
};

type Check = (value: unknown) => boolean;

const isCount: Check = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isAnything: Check = () => true;

const FIELD_CHECKS: Record<keyof FakeBehavior, Check> = {
  status: (value) => isCount(value) && (value as number) >= 100 && (value as number) <= 599,
  errorBody: isAnything,
  errorRawBody: isString,
  rawBody: isString,
  latencyMs: isCount,
  replyText: isString,
  chunkCount: isCount,
  chunkDelayMs: isCount,
  omitUsage: isBoolean,
  dropAfterChunks: isCount,
  stallAfterChunks: isCount,
  hang: isBoolean,
  model: isString,
  promptTokens: isCount,
  cachedTokens: isCount,
  reasoningTokens: isCount,
  requiredApiKey: isString,
  moderationFlagged: isBoolean,
  strict: isBoolean,
  embeddingDimensions: (value) => isCount(value) && (value as number) > 0,
  models: (value) => Array.isArray(value) && value.every(isString),
  billingHardLimitUsd: (value) => typeof value === 'number' && value >= 0,
  billingUsedUsd: (value) => typeof value === 'number' && value >= 0,
  toolCall: (value) =>
    typeof value === 'object' &&
    value !== null &&
    isString((value as Record<string, unknown>).name) &&
    isString((value as Record<string, unknown>).arguments),
};

/**
 * Checks a behaviour patch (from a header or a test) and returns it typed. Unknown fields and
 * wrong types throw, so a typo in a test fails loudly instead of being ignored.
 */
export function checkBehavior(value: unknown): FakeBehavior {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('fake behavior must be a JSON object');
  }
  for (const [field, fieldValue] of Object.entries(value)) {
    const check = FIELD_CHECKS[field as keyof FakeBehavior];
    if (check === undefined) throw new Error(`unknown fake behavior field "${field}"`);
    if (fieldValue !== undefined && !check(fieldValue)) {
      throw new Error(`invalid fake behavior field "${field}": ${JSON.stringify(fieldValue)}`);
    }
  }
  return value as FakeBehavior;
}

/** The x-fake-behavior header, parsed and checked. */
export function parseBehaviorHeader(header: string): FakeBehavior {
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    throw new Error('x-fake-behavior is not valid JSON');
  }
  return checkBehavior(parsed);
}

/** Merges the layers over the defaults; an undefined field in a layer leaves the earlier value. */
export function resolveBehavior(...layers: Array<FakeBehavior | undefined>): ResolvedBehavior {
  const resolved: Record<string, unknown> = { ...DEFAULT_BEHAVIOR };
  for (const layer of layers) {
    if (layer === undefined) continue;
    for (const [field, value] of Object.entries(layer)) {
      if (value !== undefined) resolved[field] = value;
    }
  }
  return resolved as ResolvedBehavior;
}
