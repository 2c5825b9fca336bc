/**
 * The quota reserved before each realtime response (docs/realtime.md "The bound of a response"): its
 * bound is the prompt as far as it is known (server/src/relay/realtime/prompt-estimate.ts) plus its
 * max_output_tokens (DEFAULT_MAX_OUTPUT_TOKENS for `inf`) billed as audio, the dearest output, priced like
 * any call (server/src/relay/billing/quota.ts quotaForUsage). It is taken from the user and the key by the
 * HTTP relay's ledger (server/src/relay/billing/ledger.ts reserveQuota: in memory, or atomically in Redis
 * with shared balances) and journaled as open until the response's settlement closes it. Each
 * reservation has its own journal id (`<request id>:<n>`), since a session may hold several at once.
 */

import type { AppContext } from '../../context.ts';
import { GatewayError } from '../../lib/errors.ts';
import { applySettlement, reserveQuota } from '../billing/ledger.ts';
import type { GroupPricing, ModelPricing } from '../billing/pricing.ts';
import { quotaForUsage } from '../billing/quota.ts';
import { settle } from '../billing/settlement.ts';
import type { RelayCaller } from '../http/auth.ts';
import type { PromptTokens } from './prompt-estimate.ts';

/**
 * The output a response with `inf` max_output_tokens is reserved for: the most the Realtime API lets a
 * client ask for (max_output_tokens takes 1–4096 or `inf`), which is also the realtime models' output
 * limit (OpenAI's API reference and model pages).
 */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

export interface Reservation {
  /** The journal id the reservation is open under, closed by its settlement. */
  id: string;
  amount: number;
}

/** Why the balances could not cover a reservation, as a Realtime `error` event says it. */
export interface Refusal {
  type: string;
  code: string;
  message: string;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; refusal: Refusal };

export interface ReservationInit {
  context: AppContext;
  requestId: string;
  pricing: ModelPricing;
  group: GroupPricing;
  /** The caller with the account cache's current user and token. */
  caller: () => RelayCaller;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof GatewayError)
    return {
      type: error.status === 503 ? 'server_error' : 'insufficient_quota',
      code: error.code,
      message: error.message,
    };
  throw error;
}

export class Reservations {
  private count = 0;
  /** Quota this session holds in open reservations. */
  private heldQuota = 0;

  constructor(private readonly init: ReservationInit) {}

  get held(): number {
    return this.heldQuota;
  }

  /** A fresh journal id of this session. */
  nextId(): string {
    this.count += 1;
    return `${this.init.requestId}:${this.count}`;
  }

  /** The most a response can cost: `prompt` and `maxOutputTokens` (null: the default) of audio output. */
  bound(prompt: PromptTokens, maxOutputTokens: number | null): number {
    const { pricing, group } = this.init;
    const output = maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
    const audioDearer = pricing.kind === 'per_token' && pricing.audioCompletionRatio >= 1;
    return quotaForUsage(
      pricing,
      {
        promptTokens: prompt.text + prompt.audio,
        audioPromptTokens: prompt.audio,
        completionTokens: output,
        audioCompletionTokens: audioDearer ? output : 0,
      },
      group.groupRatio,
    );
  }

  /** Takes `amount` from the user and the key, or says why it cannot (a promise with shared balances). */
  reserve(amount: number): ReserveResult | Promise<ReserveResult> {
    const reservation = { id: this.nextId(), amount };
    const taken = (): ReserveResult => {
      this.heldQuota += amount;
      return { ok: true, reservation };
    };
    let pending: void | Promise<void>;
    try {
      pending = reserveQuota(this.init.context, this.init.caller(), amount, reservation.id, amount);
    } catch (error) {
      return { ok: false, refusal: refusalOf(error) };
    }
    if (!pending) return taken();
    return pending.then(taken, (error: unknown) => ({ ok: false, refusal: refusalOf(error) }));
  }

  /** A reservation's amount leaves what the session holds (its response is being settled). */
  settled(reservation: Reservation): void {
    this.heldQuota = Math.max(0, this.heldQuota - reservation.amount);
  }

  /** Gives a reservation back whole (no response used it). */
  release(reservation: Reservation): void {
    this.settled(reservation);
    const { context, pricing, group, requestId } = this.init;
    applySettlement(context, {
      caller: this.init.caller(),
      requestId: reservation.id,
      model: '',
      upstreamModel: '',
      channelId: 0,
      channelName: '',
      triedChannels: [],
      pricing,
      group,
      settlement: settle({
        preConsumed: reservation.amount,
        outcome: 'client_aborted',
        upstreamUsage: null,
        countedPromptTokens: 0,
        deliveredCompletionTokens: 0,
        outputDelivered: false,
        pricing,
        groupRatio: group.groupRatio,
      }),
      isStream: true,
      useTime: 0,
      firstResponseMs: null,
      extra: { request_id: requestId },
    });
  }
}
