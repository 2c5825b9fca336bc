/**
 * Billing of a realtime session: every upstream `response.done` is settled on its own, exactly once, from
 * the usage it reports — text tokens at the model and completion ratios, audio tokens at the model's audio
 * ratios (server/src/relay/billing/pricing.ts quotaForUsage) — and written as its own consumption log row
 * by the ledger (server/src/relay/billing/ledger.ts applySettlement), as an HTTP call's settlement is
 * (server/src/relay/pipeline.ts settleCall). Nothing is reserved: a response is billed when it is done, and
 * a session whose balance is used up is ended after that bill.
 */
import { TokenStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { RelayCaller } from '../auth.ts';
import { applySettlement } from '../billing/ledger.ts';
import { type GroupPricing, type ModelPricing, splitUsage, type TokenUsage } from '../billing/pricing.ts';
import { settle } from '../billing/settlement.ts';
import { boundUsage } from '../billing/usage-bounds.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * A `response.done` usage as the billing's TokenUsage (whose details are parts of the totals):
 * input_tokens with their audio tokens and their cached text tokens (cached_tokens_details.text_tokens;
 * without that breakdown, cached_tokens up to the text tokens), output_tokens with their audio tokens.
 * Cached audio tokens are billed as audio. Null when the event carries no usage.
 */
export function realtimeUsage(usage: unknown): TokenUsage | null {
  const fields = record(usage);
  if (!fields) return null;
  const input = record(fields.input_token_details) ?? {};
  const output = record(fields.output_token_details) ?? {};
  const textIn = count(input.text_tokens);
  const audioIn = count(input.audio_tokens) ?? 0;
  const cachedText =
    count(record(input.cached_tokens_details)?.text_tokens) ??
    Math.min(count(input.cached_tokens) ?? 0, textIn ?? Number.POSITIVE_INFINITY);
  const promptTokens = count(fields.input_tokens) ?? (textIn ?? 0) + audioIn;
  const completionTokens =
    count(fields.output_tokens) ?? (count(output.text_tokens) ?? 0) + (count(output.audio_tokens) ?? 0);
  return {
    promptTokens,
    completionTokens,
    cachedTokens: cachedText,
    audioPromptTokens: audioIn,
    audioCompletionTokens: count(output.audio_tokens) ?? 0,
  };
}

/** Why a session must end after a bill: the user's or the key's balance is used up. */
export interface QuotaStop {
  code: 'insufficient_user_quota' | 'token_exhausted';
  message: string;
}

export interface MeterInit {
  caller: RelayCaller;
  requestId: string;
  model: string;
  upstreamModel: string;
  channel: CachedChannel;
  tried: readonly number[];
  pricing: ModelPricing;
  group: GroupPricing;
  clientType: string;
}

/** Text frames worth parsing: only these two event types matter to billing. */
const DONE = Buffer.from('"response.done"');
const CREATED = Buffer.from('"response.created"');

export class RealtimeMeter {
  /** Response ids already billed: a repeated response.done is never billed twice. */
  private readonly billed = new Set<string>();
  /** When each response in progress started (response.created), for its log row's use time. */
  private readonly started = new Map<string, number>();
  private readonly sessionStart = Date.now();
  private responses = 0;
  private totalQuota = 0;

  constructor(
    private readonly context: AppContext,
    private readonly init: MeterInit,
  ) {}

  get billedResponses(): number {
    return this.responses;
  }

  get billedQuota(): number {
    return this.totalQuota;
  }

  /**
   * Reads one upstream text frame: a `response.done` is billed (once per response id). Returns why the
   * session must end when that bill used up a balance, else null.
   */
  observe(frame: Buffer): QuotaStop | null {
    const done = frame.includes(DONE);
    if (!done && !frame.includes(CREATED)) return null;
    let event: Json | null;
    try {
      event = record(JSON.parse(frame.toString('utf8')));
    } catch {
      return null;
    }
    const response = record(event?.response);
    const id = typeof response?.id === 'string' ? response.id : '';
    if (event?.type === 'response.created') {
      if (id && this.started.size < 64) this.started.set(id, Date.now());
      return null;
    }
    if (event?.type !== 'response.done' || !response) return null;
    if (id) {
      if (this.billed.has(id)) return null;
      this.billed.add(id);
    }
    const usage = realtimeUsage(response.usage);
    if (!usage) return null;
    const startedAt = this.started.get(id) ?? this.sessionStart;
    this.started.delete(id);
    this.bill(usage, id, typeof response.status === 'string' ? response.status : '', startedAt);
    return this.quotaStop();
  }

  /** The caller with the account cache's current user and token (a reload replaces those objects). */
  private currentCaller(): RelayCaller {
    const { caller } = this.init;
    const { accounts } = this.context;
    return {
      ...caller,
      user: accounts.user(caller.user.id) ?? caller.user,
      token: caller.token ? (accounts.token(caller.token.id) ?? caller.token) : null,
    };
  }

  private bill(reported: TokenUsage, responseId: string, status: string, startedAt: number): void {
    const { context, init } = this;
    const { usage, anomalies } = boundUsage(reported);
    if (Object.keys(anomalies).length > 0) {
      context.logger.warn(
        { requestId: init.requestId, channelId: init.channel.id, reported: anomalies, billed: usage },
        'upstream reported usage out of bounds; billed at the bound',
      );
    }
    const settlement = settle({
      preConsumed: 0,
      outcome: 'completed',
      upstreamUsage: usage,
      countedPromptTokens: 0,
      deliveredCompletionTokens: 0,
      outputDelivered: true,
      pricing: init.pricing,
      groupRatio: init.group.groupRatio,
    });
    const parts = splitUsage(settlement.usage);
    if (this.responses === 0) context.modelRateLimiter.recordSuccess(init.caller.user.id);
    this.responses += 1;
    this.totalQuota += settlement.finalQuota;
    applySettlement(context, {
      caller: this.currentCaller(),
      requestId: init.requestId,
      model: init.model,
      upstreamModel: init.upstreamModel,
      channelId: init.channel.id,
      channelName: init.channel.name,
      triedChannels: init.tried,
      pricing: init.pricing,
      group: init.group,
      settlement,
      isStream: true,
      useTime: Math.round((Date.now() - startedAt) / 1000),
      firstResponseMs: null,
      extra: {
        ws: true,
        realtime: true,
        client_type: init.clientType,
        request_format: 'openai-realtime',
        response_index: this.responses,
        ...(responseId ? { response_id: responseId } : {}),
        ...(status ? { response_status: status } : {}),
        text_input_tokens: parts.textPromptTokens + parts.cachedTokens,
        text_output_tokens: parts.textCompletionTokens,
        audio_input_tokens: parts.audioPromptTokens,
        audio_output_tokens: parts.audioCompletionTokens,
      },
    });
  }

  /** The balance check after a bill (server/src/relay/auth.ts refuses the same balances at the upgrade). */
  quotaStop(): QuotaStop | null {
    const { user, token } = this.currentCaller();
    if (user.quota <= 0) return { code: 'insufficient_user_quota', message: 'the user quota is used up' };
    if (token && !token.unlimited && (token.remainQuota <= 0 || token.status === TokenStatus.exhausted))
      return { code: 'token_exhausted', message: 'the quota of this API key is used up' };
    return null;
  }
}
