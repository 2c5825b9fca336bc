/**
 * A relay call's traffic limits (docs/limits.md): which limits apply to it — its key's, its user's, its
 * group's and its model's in that group — admitted through the one limiter (server/src/relay/limits/) once
 * the prompt is counted and before any quota is reserved, and settled with the call's real use. A refusal is
 * a 429 in the client's format with `Retry-After`; an admitted call's replies carry `x-ratelimit-*` headers
 * (and Anthropic's spelling to Claude-format clients). A call with no limit anywhere costs a few property
 * reads here.
 */
import { hasLimits, type LimitKind, type LimitSet } from '../../../../common/traffic-limits.ts';
import type { AppContext } from '../../context.ts';
import { GatewayError } from '../../lib/errors.ts';
import type { WireFormat } from '../canonical/codec.ts';
import type { RelayReply } from '../http/http-types.ts';
import { rateLimitHeaders, refusalHeaders } from '../limits/headers.ts';
import type { Demand, Grant, LimitCheck, Refusal } from '../limits/types.ts';
import { estimateCallQuota } from './call-pricing.ts';
import { type CallState, promptTokensOf } from './call-state.ts';
import { modelRequestLimitChecks, modelRequestRefusalText } from './model-rate-limit.ts';
import { errorFormat, maxTokensOf, type RelayCall } from './relay-call.ts';

type GroupLimits = Readonly<Record<string, LimitSet>>;
type ModelLimits = Readonly<Record<string, Readonly<Record<string, LimitSet>>>>;

/** The scope names of docs/limits.md, shared by admission and the console's usage views. */
export const limitScopes = {
  key: (tokenId: number) => `key:${tokenId}`,
  user: (userId: number) => `user:${userId}`,
  group: (group: string) => `group:${group}`,
  model: (group: string, model: string) => `model:${group}:${model}`,
  channel: (channelId: number) => `channel:${channelId}`,
  channelKey: (channelId: number, keyIndex: number) => `channel_key:${channelId}:${keyIndex}`,
};

/** The limits that apply to a call of `call.model` by its caller (none: a shared empty list). */
export function callLimitChecks(
  context: Pick<AppContext, 'options'>,
  call: Pick<RelayCall, 'caller' | 'model'>,
): readonly LimitCheck[] {
  const { caller, model } = call;
  const group = caller.usingGroup;
  const groupEntry = context.options.getJson<GroupLimits>('traffic_setting.group_limits')[group];
  const modelEntry = context.options.getJson<ModelLimits>('traffic_setting.model_limits')[group]?.[model];
  // An entry that limits nothing ({} or zeros) is no check at all.
  const groupLimits = hasLimits(groupEntry) ? groupEntry : undefined;
  const modelLimits = hasLimits(modelEntry) ? modelEntry : undefined;
  const tokenLimits = caller.token?.limits;
  const userLimits = caller.user.limits;
  const modelRequests = modelRequestLimitChecks(context.options, caller.user.id);
  if (!tokenLimits && !userLimits && !groupLimits && !modelLimits) return modelRequests;
  const checks: LimitCheck[] = [...modelRequests];
  if (tokenLimits && caller.token)
    checks.push({ scope: limitScopes.key(caller.token.id), limits: tokenLimits });
  if (userLimits) checks.push({ scope: limitScopes.user(caller.user.id), limits: userLimits });
  if (groupLimits) checks.push({ scope: limitScopes.group(group), limits: groupLimits });
  if (modelLimits) checks.push({ scope: limitScopes.model(group, model), limits: modelLimits });
  return checks;
}

/** True when some check counts tokens (tpm, tpd) or spend (budget). */
const countsTokens = (checks: readonly LimitCheck[]) =>
  checks.some(({ limits }) => (limits.tpm ?? 0) > 0 || (limits.tpd ?? 0) > 0);
const countsSpend = (checks: readonly LimitCheck[]) => checks.some(({ limits }) => (limits.budget ?? 0) > 0);

/**
 * What a call is expected to use, computed only for the kinds the checks count: the prompt counted plus the
 * completion allowance asked for (`max_tokens`; none asked → the prompt alone, settled to the real use),
 * and the quota its reservation would take.
 */
export function callDemand(context: AppContext, state: CallState, checks: readonly LimitCheck[]): Demand {
  const tokens = countsTokens(checks) ? promptTokensOf(state) + (maxTokensOf(state.call) ?? 0) : 0;
  const quota = countsSpend(checks) ? estimateCallQuota(context, state) : 0;
  return { tokens, quota };
}

/**
 * A limiter's refusal as the client's 429: the limit in words (new-api's ModelRequestRateLimit in its
 * former words and code), with `Retry-After` and the limit headers when there is a reply to set them on.
 */
export function limitRefusal(
  context: Pick<AppContext, 'options'>,
  refusal: Refusal,
  reply?: RelayReply,
  format?: WireFormat,
): GatewayError {
  if (reply) for (const [name, value] of refusalHeaders(refusal, format)) reply.raw.setHeader(name, value);
  const modelRequests = modelRequestRefusalText(refusal, context.options);
  const retryAfterSeconds = refusal.retryAfterSeconds;
  if (modelRequests) {
    const message = `request rate limit reached: ${modelRequests}`;
    return new GatewayError({ status: 429, code: 'model_request_rate_limited', message, retryAfterSeconds });
  }
  const message = `${scopeWords(refusal.scope)} reached its ${KIND_WORDS[refusal.kind as LimitKind] ?? refusal.kind} limit (${refusal.limit}); try again in ${retryAfterSeconds} s`;
  return new GatewayError({ status: 429, code: 'rate_limit_exceeded', message, retryAfterSeconds });
}

const KIND_WORDS: Record<LimitKind, string> = {
  rpm: 'requests-per-minute',
  tpm: 'tokens-per-minute',
  rpd: 'requests-per-day',
  tpd: 'tokens-per-day',
  concurrency: 'concurrent-requests',
  budget: 'budget',
};

/** Who a scope is, in a refusal's words (never another user's identity: the caller's own scopes only). */
function scopeWords(scope: string): string {
  if (scope.startsWith('key:')) return 'this API key';
  if (scope.startsWith('user:')) return 'your account';
  if (scope.startsWith('group:')) return 'your group';
  if (scope.startsWith('model:')) return 'this model in your group';
  return 'this request';
}

/**
 * Admits the call against its limits (nothing to do without any); a refusal throws the 429. The grant is
 * kept on the state and settled by `settleCallLimits` however the call ends.
 */
export function admitCallLimits(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
): void | Promise<void> {
  const checks = callLimitChecks(context, state.call);
  if (checks.length === 0) return;
  const admitted = context.limiter.admit(checks, callDemand(context, state, checks));
  if ('then' in admitted) return admitted.then((result) => granted(context, reply, state, result));
  granted(context, reply, state, admitted);
}

function granted(context: AppContext, reply: RelayReply, state: CallState, result: Grant | Refusal): void {
  const format = errorFormat(state.call);
  if (result.refused) throw limitRefusal(context, result, reply, format);
  state.grant = result;
  const headers = rateLimitHeaders(result, format);
  if (headers.length === 0) return;
  if (reply.addHeaders) reply.addHeaders(headers);
  else for (const [name, value] of headers) reply.raw.setHeader(name, value);
}

/**
 * Admits a call that is not relayed through the pipeline — a Realtime session (one request and one call in
 * flight; it has no prompt to estimate yet), a task submission (its price on budgets) — against its
 * caller's limits; null when nothing limits it. The caller settles the grant when the call ends.
 */
export async function admitCallerLimits(
  context: AppContext,
  call: Pick<RelayCall, 'caller' | 'model'>,
  demand: Demand = { tokens: 0, quota: 0 },
): Promise<Grant | null> {
  const checks = callLimitChecks(context, call);
  if (checks.length === 0) return null;
  const result = await context.limiter.admit(checks, demand);
  if (result.refused) throw limitRefusal(context, result);
  return result;
}

/** What a call used, for the settlement of its limits. */
export interface LimitUse {
  tokens: number;
  quota: number;
  completed: boolean;
}

/** Settles the call's grant with what it used (tokens billed and quota charged); once. */
export function settleCallLimits(context: AppContext, state: CallState, used: LimitUse): void {
  const { grant } = state;
  if (!grant) return;
  state.grant = null;
  context.limiter.settle(grant, { tokens: used.tokens, quota: used.quota }, used.completed);
}
