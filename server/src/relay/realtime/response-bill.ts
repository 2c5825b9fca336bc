/**
 * The bill of one realtime response, by the rules every relay call is settled by
 * (server/src/relay/billing/settlement.ts, docs/decisions/0005-stream-metering.md): from the upstream's
 * usage when a `response.done` reported it, otherwise from what was delivered to the client (the gateway's
 * counts: text tokens, audio tokens by size, the prompt as estimated), and nothing when a response that
 * did not complete delivered nothing. It settles the response's reservation and writes its consumption log
 * row (server/src/relay/billing/ledger.ts applySettlement), which says how the response ended.
 */
import type { AppContext } from '../../context.ts';
import { applySettlement } from '../billing/ledger.ts';
import { type GroupPricing, type ModelPricing, splitUsage, type TokenUsage } from '../billing/pricing.ts';
import { type CallOutcome, type Settlement, settle } from '../billing/settlement.ts';
import { boundUsage } from '../billing/usage-bounds.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { RelayCaller } from '../http/auth.ts';
import type { Reservation } from './reservations.ts';

/** How a response ended, as its log row says (`other.ending`). */
export type ResponseEnding =
  | 'response_done'
  | 'client_disconnected'
  | 'upstream_closed'
  | 'quota_exhausted'
  | 'shutdown';

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

export interface ResponseBill {
  responseId: string;
  /** The upstream's status from its response.done; '' without one. */
  status: string;
  ending: ResponseEnding;
  outcome: CallOutcome;
  /** The upstream's usage, when a response.done reported it. */
  reported: TokenUsage | null;
  /** The gateway's counts: the prompt as estimated, the output delivered. */
  counted: TokenUsage;
  delivered: boolean;
  reservation: Reservation | null;
  /** Journal id to close when the response had no reservation. */
  journalId: string;
  startedAt: number;
  index: number;
}

function settlementOf(context: AppContext, init: MeterInit, bill: ResponseBill): Settlement {
  const preConsumed = bill.reservation?.amount ?? 0;
  const common = {
    preConsumed,
    outcome: bill.outcome,
    pricing: init.pricing,
    groupRatio: init.group.groupRatio,
  };
  if (bill.reported) {
    const { usage, anomalies } = boundUsage(bill.reported);
    if (Object.keys(anomalies).length > 0) {
      context.logger.warn(
        { requestId: init.requestId, channelId: init.channel.id, reported: anomalies, billed: usage },
        'upstream reported usage out of bounds; billed at the bound',
      );
    }
    return settle({
      ...common,
      upstreamUsage: usage,
      countedPromptTokens: 0,
      deliveredCompletionTokens: 0,
      outputDelivered: true,
    });
  }
  if (!bill.delivered && bill.outcome !== 'completed')
    return settle({
      ...common,
      upstreamUsage: null,
      countedPromptTokens: 0,
      deliveredCompletionTokens: 0,
      outputDelivered: false,
    });
  // The counts carry their audio parts: settle bills them whole.
  return settle({
    ...common,
    upstreamUsage: null,
    countedPromptTokens: 0,
    deliveredCompletionTokens: 0,
    countedUsage: bill.counted,
    outputDelivered: true,
  });
}

/** Settles one response and writes its log row; returns what it cost. */
export function billResponse(
  context: AppContext,
  init: MeterInit,
  caller: RelayCaller,
  bill: ResponseBill,
): Settlement {
  const settlement = settlementOf(context, init, bill);
  const parts = splitUsage(settlement.usage);
  applySettlement(context, {
    caller,
    requestId: bill.reservation?.id ?? bill.journalId,
    model: init.model,
    upstreamModel: init.upstreamModel,
    channelId: init.channel.id,
    channelName: init.channel.name,
    triedChannels: init.tried,
    pricing: init.pricing,
    group: init.group,
    settlement,
    isStream: true,
    useTime: Math.round((Date.now() - bill.startedAt) / 1000),
    firstResponseMs: null,
    extra: {
      ws: true,
      realtime: true,
      client_type: init.clientType,
      request_format: 'openai-realtime',
      // Every row of a session carries the session's request id (each reservation has its own journal id).
      request_id: init.requestId,
      response_index: bill.index,
      ...(bill.responseId ? { response_id: bill.responseId } : {}),
      ...(bill.status ? { response_status: bill.status } : {}),
      ending: bill.ending,
      billed_from: bill.reported ? 'upstream_usage' : 'delivered',
      reserved_quota: bill.reservation?.amount ?? 0,
      text_input_tokens: parts.textPromptTokens + parts.cachedTokens,
      text_output_tokens: parts.textCompletionTokens,
      audio_input_tokens: parts.audioPromptTokens,
      audio_output_tokens: parts.audioCompletionTokens,
    },
  });
  return settlement;
}
