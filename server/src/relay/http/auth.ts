/**
 * Key authentication for the relay (docs/reference/relay.md), from memory only: the key comes from
 * `Authorization: Bearer sk-…` (or x-api-key / x-goog-api-key / ?key= / mj-api-secret on the other
 * surfaces), the `sk-` prefix is optional, `sk-<key>-<channelId>` pins a channel (admins only).
 */
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { AUTO_GROUP } from '../../../../common/limits.ts';
import { Role, UserStatus } from '../../../../common/roles.ts';
import { TokenStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { CachedToken, CachedUser } from '../cache/account-cache.ts';
import { relayError } from './errors.ts';
import type { RelayRequest } from './http-types.ts';

export interface RelayCaller {
  /** Null for the playground, which charges the session user directly. */
  token: CachedToken | null;
  user: CachedUser;
  tokenName: string;
  /** The group whose channels serve this call: the token's group, else the user's. */
  usingGroup: string;
  pinnedChannelId: number | null;
  clientIp: string;
}

export type KeySurface = 'openai' | 'claude' | 'gemini' | 'midjourney';

export function extractKey(request: RelayRequest, surface: KeySurface): string {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  };
  let key = header('authorization').replace(/^Bearer\s+/i, '');
  if (!key && surface === 'claude') key = header('x-api-key');
  if (!key && surface === 'gemini')
    key = header('x-goog-api-key') || String((request.query as Record<string, unknown>).key ?? '');
  if (!key && surface === 'midjourney') key = header('mj-api-secret');
  return key.trim();
}

/** Splits `sk-<key>[-<channelId>]`. */
export function parseKey(raw: string): { key: string; channelId: number | null } {
  const withoutPrefix = raw.startsWith('sk-') ? raw.slice(3) : raw;
  const separator = withoutPrefix.indexOf('-');
  if (separator < 0) return { key: withoutPrefix, channelId: null };
  const channelText = withoutPrefix.slice(separator + 1);
  const channelId = /^\d+$/.test(channelText) ? Number(channelText) : Number.NaN;
  return {
    key: withoutPrefix.slice(0, separator),
    channelId: Number.isSafeInteger(channelId) && channelId > 0 ? channelId : -1,
  };
}

function usableUser(context: AppContext, userId: number): CachedUser {
  const user = context.accounts.user(userId);
  if (!user || user.deleted) throw relayError(403, 'user_not_found', 'the user of this token does not exist');
  if (user.status !== UserStatus.enabled)
    throw relayError(403, 'user_banned', 'the user of this token is banned');
  return user;
}

/** Whether the user may use `group` (their own group, or one listed in UserUsableGroups). */
export function groupUsable(context: AppContext, user: CachedUser, group: string): boolean {
  if (group === user.group || group === AUTO_GROUP) return true;
  const usable = context.options.getJson<Record<string, string>>('UserUsableGroups') ?? {};
  return Object.hasOwn(usable, group);
}

export function authenticateKey(
  context: AppContext,
  request: RelayRequest,
  surface: KeySurface,
): RelayCaller {
  const raw = extractKey(request, surface);
  if (!raw) throw relayError(401, 'missing_api_key', 'no API key provided (use Authorization: Bearer sk-…)');
  const { key, channelId } = parseKey(raw);
  const token = context.accounts.tokenByKey(key);
  if (!token) throw relayError(401, 'invalid_api_key', 'invalid API key');
  const now = Math.floor(Date.now() / 1000);
  if (token.status === TokenStatus.expired)
    throw relayError(401, 'token_expired', 'this API key has expired');
  if (token.status === TokenStatus.exhausted)
    throw relayError(401, 'token_exhausted', 'the quota of this API key is used up');
  if (token.status !== TokenStatus.enabled)
    throw relayError(401, 'token_disabled', 'this API key is disabled');
  if (token.expiredTime !== -1 && token.expiredTime < now) {
    context.accounts.setTokenStatus(token.id, TokenStatus.expired);
    throw relayError(401, 'token_expired', 'this API key has expired');
  }
  // With balances shared between instances the value held here may be behind: the reservation decides.
  const balancesHere = !context.accounts.sharesBalances;
  if (balancesHere && !token.unlimited && token.remainQuota <= 0) {
    context.accounts.setTokenStatus(token.id, TokenStatus.exhausted);
    throw relayError(401, 'token_exhausted', 'the quota of this API key is used up');
  }
  if (token.allowIps && !token.allowIps.allows(request.ip)) {
    throw relayError(403, 'ip_not_allowed', `this API key may not be used from ${request.ip}`);
  }
  const user = usableUser(context, token.userId);
  if (channelId !== null) {
    if (user.role < Role.admin)
      throw relayError(403, 'channel_pin_forbidden', 'only administrators may choose a channel');
    if (channelId < 0)
      throw relayError(400, 'invalid_channel_id', 'the channel id after the key must be a number');
  }
  const usingGroup = token.group || user.group;
  if (!groupUsable(context, user, usingGroup)) {
    throw relayError(403, 'group_forbidden', `group "${usingGroup}" is not available to this user`);
  }
  // A subscription allowance may pay for the call: the price's floor is checked once the model is known.
  if (balancesHere && user.quota <= 0 && user.allowances.length === 0)
    throw relayError(403, 'insufficient_user_quota', 'the user quota is used up');
  return { token, user, tokenName: token.name, usingGroup, pinnedChannelId: channelId, clientIp: request.ip };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller a route's key-first hook authenticated (server/src/relay/http/auth.ts, keyFirst). */
    relayCaller: RelayCaller | null;
    /** The size of a relay JSON body once read (server/src/relay/http/json-body.ts). */
    bodyBytes: number;
  }
}

/**
 * A `preParsing` route hook that authenticates the key before the body is read: a caller without a
 * valid key gets its 401/403 at once, whatever the body, and no body of theirs is parsed.
 */
export function keyFirst(context: AppContext, surface: KeySurface) {
  // Callback style: no promise per request on the hot path.
  const hook: preParsingHookHandler = (request, _reply, payload, done) => {
    try {
      request.relayCaller = authenticateKey(context, request, surface);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, payload);
  };
  return hook;
}

/** The caller keyFirst authenticated (the route must declare the hook). */
export function callerOf(request: FastifyRequest): RelayCaller {
  if (!request.relayCaller) throw new Error('relay route without the keyFirst hook');
  return request.relayCaller;
}

/** The token's model limits (docs/reference/relay.md): 403 when the model is not in the list. */
export function checkModelAllowed(caller: RelayCaller, model: string): void {
  const limits = caller.token?.modelLimits;
  if (limits && !limits.has(model)) {
    throw relayError(403, 'model_not_allowed', `this API key may not use model ${model}`);
  }
}
