/**
 * The state of one relay call as the pipeline (server/src/relay/call/pipeline.ts) carries it, how it ended,
 * and the small pieces its stages share: the prompt counted once, failures rendered in the client's
 * format, the ping interval.
 */
import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../context.ts';
import type { Cancel } from '../../lib/cancel.ts';
import type { GroupPricing, ModelPricing, TokenUsage } from '../billing/pricing.ts';
import type { CallOutcome } from '../billing/settlement.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { UpstreamFormat } from '../canonical/codec.ts';
import { sendFormatFailure } from '../deliver/format-failure.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { Grant } from '../limits/types.ts';
import type { AffinityTarget } from '../routing/affinity.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { countCallPromptTokens, errorFormat, type RelayCall } from './relay-call.ts';
import type { FallbackFacts, TrailEntry } from './trail.ts';

export interface CallState {
  call: RelayCall;
  requestId: string;
  startedAt: number;
  stream: boolean;
  pricing: ModelPricing;
  group: GroupPricing;
  preConsumed: number;
  promptTokens: number | null;
  tried: number[];
  /** A large body: other requests get a turn between the costly steps (serializing, sending). */
  largeBody: boolean;
  abort: Cancel;
  clientGone: boolean;
  /** The format the last chosen channel was spoken to in (recorded in the log row). */
  upstreamFormat: UpstreamFormat | null;
  /** What the upstream rules changed in the last attempt's body (recorded in the log row). */
  ruleChanges?: string[] | null;
  /** Cached upstream credentials were renewed once after a 401 (server/src/relay/call/pipeline.ts failed). */
  credentialsRenewed?: boolean;
  /** Ends a streamed response; run after the call is settled (see deferredEnd). */
  endResponse?: () => void;
  /** The call's hold on its traffic limits (server/src/relay/limits/), settled once with the call. */
  grant?: Grant | null;
  /** The call's affinity key (server/src/relay/routing/affinity.ts) and what became of it, for the log row. */
  affinityKey?: string | null;
  affinity?: 'hit' | 'miss' | 'moved';
  /** Where the conversation was served before, until the chooser has looked at it (routing/next-channel.ts). */
  affinityTarget?: AffinityTarget | null;
  /** The hold on the caps of the channel being tried (routing/next-channel.ts), ended with the try. */
  channelGrant?: Grant | null;
  /** Channels (`id`) and keys (`id:index`) found at their caps during this call. */
  busyChannels?: Set<string>;
  /** When waiting for a busy channel ends (Unix ms), set at the first wait. */
  queueDeadline?: number;
  /** The failed tries and why each was left (./trail.ts); absent until a try fails. */
  trail?: TrailEntry[];
  /** Set when a fallback model serves the call (./fallback.ts). */
  fallback?: FallbackFacts;
  /** The failure the client was sent, if any (server/src/relay/call/error-log.ts). */
  failure?: UpstreamFailure;
}

/** How a relay ends a response it wrote itself (the last bytes, then the end). */
export type EndResponse = (final?: string) => void;

/**
 * An end that waits for the settlement: a client that has seen the end of its stream is sure to be in
 * the ledger journal, even when the process is killed at that moment (server/src/relay/call/pipeline.ts
 * runRelay ends the response right after settling).
 */
export function deferredEnd(state: CallState, raw: ServerResponse): EndResponse {
  return (final) => {
    state.endResponse = () => {
      if (!raw.destroyed) raw.end(final);
    };
  };
}

export interface Ending {
  /** Facts for the log row's `other` (audio seconds, speech characters). */
  logFields?: Record<string, number>;
  outcome: CallOutcome;
  upstreamUsage: TokenUsage | null;
  deliveredCompletionTokens: number;
  outputDelivered: boolean;
  firstResponseMs: number | null;
  channel: CachedChannel | null;
  upstreamModel: string;
}

export function promptTokensOf(state: CallState): number {
  state.promptTokens ??= countCallPromptTokens(state.call);
  return state.promptTokens;
}

/** The call's failure sent to the client in its format's error shape (OpenAI's for the OpenAI routes). */
export function sendFailure(reply: RelayReply, state: CallState, failure: UpstreamFailure): void {
  state.failure = failure;
  sendFormatFailure(reply, errorFormat(state.call), state.requestId, failure);
}

export function pingSeconds(context: AppContext): number {
  return context.options.getBoolean('general_setting.ping_interval_enabled')
    ? Math.max(1, context.options.getNumber('general_setting.ping_interval_seconds'))
    : 0;
}

export function abortedEnding(channel: CachedChannel | null, upstreamModel: string): Ending {
  return {
    outcome: 'client_aborted',
    upstreamUsage: null,
    deliveredCompletionTokens: 0,
    outputDelivered: false,
    firstResponseMs: null,
    channel,
    upstreamModel,
  };
}
