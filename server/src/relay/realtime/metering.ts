/**
 * Billing of a realtime session (docs/realtime.md "Billing"): every response is billed once, for what
 * reached the client, against a bound reserved before the upstream was asked for it (what the client may
 * send to start one: reservation-gate.ts).
 *
 * Each response counts what was delivered to the client — text deltas with the HTTP relay's tokenizer
 * (server/src/relay/billing/tokens.ts CompletionCounter), audio deltas by their decoded size — and is
 * billed at its `response.done` from the usage reported (response-bill.ts). When the session ends first,
 * the session cancels the responses in progress and waits a moment (session.ts): a response.done that
 * still comes bills the response from its usage; what is left when the session ends is billed from its
 * counts, by how the session ended. A response id is billed once: a later or repeated response.done for
 * it is passed on, never billed again.
 */
import { TokenStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { TokenUsage } from '../billing/pricing.ts';
import type { CallOutcome } from '../billing/settlement.ts';
import { CompletionCounter } from '../billing/tokens.ts';
import type { RelayCaller } from '../http/auth.ts';
import {
  base64FieldBytes,
  type Json,
  parseEvent,
  realtimeUsage,
  record,
  sniffType,
  stringValue,
} from './events.ts';
import { PromptEstimate, type PromptTokens } from './prompt-estimate.ts';
import { type MeterActions, ReservationGate } from './reservation-gate.ts';
import { type Refusal, type Reservation, Reservations } from './reservations.ts';
import { billResponse, type MeterInit, type ResponseEnding } from './response-bill.ts';
import { SessionSettings } from './session-settings.ts';

export type { MeterActions } from './reservation-gate.ts';
export type { MeterInit, ResponseEnding } from './response-bill.ts';

/** Why a session must end for lack of quota, as the client's `error` event says it. */
export type QuotaStop = Refusal;

interface ResponseState {
  id: string;
  reservation: Reservation | null;
  startedAt: number;
  /** The prompt as estimated when the response started. */
  prompt: PromptTokens;
  addedAtStart: PromptTokens;
  text: CompletionCounter | null;
  audioBytes: number;
  delivered: boolean;
  /** False for an out-of-band response (`conversation: "none"`): it neither read nor joined the conversation. */
  inConversation: boolean;
  settled: boolean;
}

const AUDIO_DELTAS: ReadonlySet<string> = new Set(['response.output_audio.delta', 'response.audio.delta']);
const TEXT_DELTAS: ReadonlySet<string> = new Set([
  'response.output_audio_transcript.delta',
  'response.audio_transcript.delta',
  'response.output_text.delta',
  'response.text.delta',
  'response.function_call_arguments.delta',
]);
/** Upstream frames worth parsing (deltas are recognised before these are looked for). */
const UPSTREAM_MARKERS = [
  'response.created',
  'response.done',
  'session.created',
  'session.updated',
  'input_audio_buffer.committed',
  'input_audio_buffer.cleared',
  'error',
].map((type) => Buffer.from(`"${type}"`));
/** Responses followed at once (OpenAI runs one per conversation; out-of-band ones may add a few). */
const MAX_OPEN_RESPONSES = 256;

const NO_ACTIONS: MeterActions = {
  toClient: () => undefined,
  toUpstream: () => undefined,
  stop: () => undefined,
};

export class RealtimeMeter {
  private readonly settings: SessionSettings;
  private readonly prompt: PromptEstimate;
  private readonly reservations: Reservations;
  private readonly gate: ReservationGate;
  private actions: MeterActions = NO_ACTIONS;
  private readonly open = new Map<string, ResponseState>();
  private latest: ResponseState | null = null;
  private readonly billed = new Set<string>();
  private ending: ResponseEnding | null = null;
  private finished = false;
  private idleWaiter: (() => void) | null = null;
  private responses = 0;
  private totalQuota = 0;

  constructor(
    private readonly context: AppContext,
    private readonly init: MeterInit,
  ) {
    this.settings = new SessionSettings(init.model);
    this.prompt = new PromptEstimate(this.settings, init.model);
    this.reservations = new Reservations({
      context,
      requestId: init.requestId,
      pricing: init.pricing,
      group: init.group,
      caller: () => this.currentCaller(),
    });
    this.gate = new ReservationGate({
      settings: this.settings,
      prompt: this.prompt,
      reservations: this.reservations,
      requestId: init.requestId,
      actions: () => this.actions,
      inProgress: () => this.open.size,
      closing: () => this.ending !== null || this.finished,
    });
  }

  attach(actions: MeterActions): void {
    this.actions = actions;
  }

  get billedResponses(): number {
    return this.responses;
  }

  get billedQuota(): number {
    return this.totalQuota;
  }

  /** See ReservationGate.admitClientFrame. */
  admitClientFrame(frame: Buffer): boolean | Promise<boolean> {
    return this.gate.admitClientFrame(frame);
  }

  /** Ids of the responses in progress (to cancel when the session ends). */
  responsesInProgress(): string[] {
    return [...this.open.keys()].filter(Boolean);
  }

  /** Calls `callback` once no response is in progress (at once if none is). */
  whenIdle(callback: () => void): void {
    if (this.open.size === 0) callback();
    else this.idleWaiter = callback;
  }

  /** The session is ending: responses settled from now on ended this way. */
  beginEnding(ending: ResponseEnding): void {
    this.ending ??= ending;
  }

  /** An upstream text frame; `delivered` when it was passed on to the client. */
  observe(frame: Buffer, delivered: boolean): void {
    const type = sniffType(frame);
    if (type !== null && AUDIO_DELTAS.has(type)) {
      const state = delivered ? this.responseFor(stringValue(frame, 'response_id')) : null;
      if (state) {
        state.audioBytes += base64FieldBytes(frame, 'delta');
        state.delivered = true;
      }
      return;
    }
    if (type !== null && TEXT_DELTAS.has(type)) {
      if (!delivered) return;
      const event = parseEvent(frame);
      const state = this.responseFor(typeof event?.response_id === 'string' ? event.response_id : null);
      if (state && typeof event?.delta === 'string') {
        state.text ??= new CompletionCounter(this.init.model);
        state.text.add(event.delta);
        state.delivered = true;
      }
      return;
    }
    if (!UPSTREAM_MARKERS.some((marker) => frame.includes(marker))) return;
    const event = parseEvent(frame);
    if (event) this.observeEvent(event);
  }

  /** The response a delta belongs to: the one it names, else (no id) the latest started. */
  private responseFor(id: string | null): ResponseState | null {
    return id ? (this.open.get(id) ?? null) : this.latest;
  }

  private observeEvent(event: Json): void {
    switch (event.type) {
      case 'response.created': {
        const id = String(record(event.response)?.id ?? '');
        if (id && !this.open.has(id) && !this.billed.has(id) && !this.finished) this.startResponse(id, true);
        return;
      }
      case 'response.done':
        this.responseDone(record(event.response));
        return;
      case 'session.created':
      case 'session.updated': {
        const session = record(event.session);
        if (!session) return;
        this.settings.apply(session, true);
        this.gate.settingsChanged();
        return;
      }
      case 'input_audio_buffer.committed':
        this.prompt.commitAudio();
        return;
      case 'input_audio_buffer.cleared':
        this.prompt.clearAudio();
        return;
      case 'error': {
        const error = record(event.error);
        if (error) this.gate.upstreamError(error);
        return;
      }
    }
  }

  /** A response the upstream started, with the reservation made for it. */
  private startResponse(id: string, coverIfNone: boolean): ResponseState {
    // Past the limit a response is not followed: billed at its response.done, without a reservation.
    const followed = this.open.size < MAX_OPEN_RESPONSES;
    const reservation = followed ? this.gate.take() : null;
    const state: ResponseState = {
      id,
      reservation,
      startedAt: Date.now(),
      prompt: this.prompt.current(),
      addedAtStart: this.prompt.addedSoFar(),
      text: null,
      audioBytes: 0,
      delivered: false,
      inConversation: true,
      settled: false,
    };
    if (!followed) return state;
    this.open.set(id, state);
    this.latest = state;
    if (!reservation && coverIfNone) {
      this.gate.coverLate(id, state.prompt, (late) => {
        if (state.settled || this.finished) return false;
        state.reservation = late;
        return true;
      });
    }
    return state;
  }

  private responseDone(response: Json | null): void {
    if (!response || this.finished) return;
    const id = typeof response.id === 'string' ? response.id : '';
    if (id && this.billed.has(id)) return;
    const state = (id ? this.open.get(id) : undefined) ?? this.startResponse(id, false);
    const status = typeof response.status === 'string' ? response.status : '';
    const outcome: CallOutcome = this.ending === null ? 'completed' : 'client_aborted';
    state.inConversation = response.conversation_id !== null;
    this.settleResponse(
      state,
      realtimeUsage(response.usage),
      status,
      outcome,
      this.ending ?? 'response_done',
    );
  }

  private settleResponse(
    state: ResponseState,
    reported: TokenUsage | null,
    status: string,
    outcome: CallOutcome,
    ending: ResponseEnding,
  ): void {
    if (state.settled) return;
    state.settled = true;
    if (state.id) this.billed.add(state.id);
    if (this.open.get(state.id) === state) this.open.delete(state.id);
    if (this.latest === state) this.latest = [...this.open.values()].at(-1) ?? null;
    if (state.reservation) this.reservations.settled(state.reservation);
    const textOut = state.text?.total() ?? 0;
    const audioOut = this.settings.outputAudioTokens(state.audioBytes);
    const counted: TokenUsage = {
      promptTokens: state.prompt.text + state.prompt.audio,
      audioPromptTokens: state.prompt.audio,
      completionTokens: textOut + audioOut,
      audioCompletionTokens: audioOut,
    };
    this.responses += 1;
    const settlement = billResponse(this.context, this.init, this.currentCaller(), {
      responseId: state.id,
      status,
      ending,
      outcome,
      reported,
      counted,
      delivered: state.delivered,
      reservation: state.reservation,
      journalId: this.reservations.nextId(),
      startedAt: state.startedAt,
      index: this.responses,
    });
    this.totalQuota += settlement.finalQuota;
    if (state.inConversation) {
      if (reported) this.prompt.report(settlement.usage, state.addedAtStart);
      else if (state.delivered) this.prompt.addOutput(textOut, audioOut);
    }
    // Everything above is settled; what follows may end the session (and call back into the meter).
    if (this.ending === null) {
      const stop = this.quotaStop();
      if (stop) this.actions.stop(stop, true);
      else this.gate.afterSettlement();
    }
    if (this.open.size === 0 && this.idleWaiter) {
      const waiter = this.idleWaiter;
      this.idleWaiter = null;
      waiter();
    }
  }

  /**
   * Settles what is still open when the session ends: responses in progress from the gateway's counts
   * (their response.done would have settled them already), reservations given back.
   */
  finish(ending: ResponseEnding): void {
    if (this.finished) return;
    // First: a settlement below may call back into the session, which may call finish again.
    this.finished = true;
    this.beginEnding(ending);
    const final = this.ending ?? ending;
    for (const state of [...this.open.values()]) {
      let outcome: CallOutcome = 'client_aborted';
      if (final === 'upstream_closed')
        outcome = state.delivered ? 'upstream_failed_after_output' : 'upstream_failed_before_output';
      this.settleResponse(state, null, '', outcome, final);
    }
    this.gate.releaseAll();
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

  /**
   * The balance check after a bill (server/src/relay/http/auth.ts refuses the same balances at the upgrade):
   * used up when nothing is left beyond what this session holds reserved.
   */
  private quotaStop(): QuotaStop | null {
    const { user, token } = this.currentCaller();
    const held = this.reservations.held;
    if (user.quota + held <= 0)
      return {
        type: 'insufficient_quota',
        code: 'insufficient_user_quota',
        message: 'the user quota is used up',
      };
    const exhausted =
      token &&
      !token.unlimited &&
      (token.remainQuota + held <= 0 || (held === 0 && token.status === TokenStatus.exhausted));
    if (exhausted)
      return {
        type: 'insufficient_quota',
        code: 'token_exhausted',
        message: 'the quota of this API key is used up',
      };
    return null;
  }
}
