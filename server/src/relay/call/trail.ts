/**
 * The routing trail of a relay call (docs/reference/routing.md, "Retries"): each try that failed, at which
 * channel (and key of a multi-key channel), for which model, with which status and error class, and what
 * followed. The client's error reply names the channels tried (`trailSummary`), and the log rows carry the
 * whole trail (`trailLogFields`; the error log row in ./error-log.ts). Nothing here holds a secret: a key
 * is named by its number only. The trail is made on the first failure: a call served at once allocates
 * nothing for it.
 */
import type { ErrorClass } from '../../../../common/error-classes.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import type { CallState } from './call-state.ts';

/**
 * What followed a failed try: `next_channel` (another channel), `next_key` (another key of the same
 * channel), `same_channel` (the same channel again: renewed credentials, Chat Completions in place of a
 * missing Responses API, a key disabled), `returned` (the failure went to the client).
 */
export type TrailAction = 'next_channel' | 'next_key' | 'same_channel' | 'returned';

export interface TrailEntry {
  channel_id: number;
  channel_name: string;
  /** The key of a multi-key channel, counted from 1 as the console shows it. */
  key_index?: number;
  model: string;
  /** The upstream's status after the channel's status-code mapping; 0 for a connection failure. */
  status: number;
  class: ErrorClass;
  action: TrailAction;
}

/**
 * A fallback model serving the call (./fallback.ts): the model asked for, the one that served (or is being
 * tried), why the requested one was left (the class of its last failure), and the model the client's reply
 * names (`traffic_setting.fallback_reply_model`).
 */
export interface FallbackFacts {
  requested: string;
  served: string;
  reason: ErrorClass;
  replyModel: string;
}

/** Records a failed try at `channel`; returns the entry, whose action the loop may correct later. */
export function recordTry(
  state: CallState,
  channel: CachedChannel,
  model: string,
  failure: UpstreamFailure,
  errorClass: ErrorClass,
  action: TrailAction,
): TrailEntry {
  const entry: TrailEntry = {
    channel_id: channel.id,
    channel_name: channel.name,
    ...(channel.keySet ? { key_index: (channel.keyIndex ?? 0) + 1 } : {}),
    model,
    status: failure.status,
    class: errorClass,
    action,
  };
  state.trail ??= [];
  state.trail.push(entry);
  return entry;
}

/** Marks the last try as the one whose failure the client was sent. */
export function markReturned(state: CallState): void {
  const last = state.trail?.at(-1);
  if (last) last.action = 'returned';
}

/**
 * The channels tried, for the client's error message: `tried channel #3 (rate_limited, 429), channel #5
 * key 2 (timeout)`, or '' when at most one try failed (its own message says it all).
 */
export function trailSummary(state: Pick<CallState, 'trail'>): string {
  const trail = state.trail;
  if (!trail || trail.length < 2) return '';
  const parts = trail.map((entry) => {
    const key = entry.key_index === undefined ? '' : ` key ${entry.key_index}`;
    const status = entry.status > 0 ? `, ${entry.status}` : '';
    return `channel #${entry.channel_id}${key} (${entry.model}: ${entry.class}${status})`;
  });
  return `tried ${parts.join(', ')}`;
}

/**
 * The facts of the call's routing for its log row's `other`: `attempts` (the trail) when a try failed,
 * `fallback` ({requested, served, reason}) when a fallback model served. Empty for a call served at once.
 */
export function trailLogFields(state: Pick<CallState, 'trail' | 'fallback'>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (state.trail && state.trail.length > 0) fields.attempts = state.trail;
  if (state.fallback) {
    const { requested, served, reason } = state.fallback;
    fields.fallback = { requested, served, reason };
  }
  return fields;
}

/** The model the client's reply names: the requested one, or after a fallback what the option says. */
export function replyModelOf(state: Pick<CallState, 'call' | 'fallback'>): string {
  return state.fallback?.replyModel ?? state.call.model;
}
