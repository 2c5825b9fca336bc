/**
 * What a realtime client may send upstream, so that no response starts without its bound reserved
 * (docs/realtime.md "The bound of a response"; the bound and the ledger calls are in reservations.ts):
 *
 * - a `response.create` goes upstream once its bound is reserved; when the balances cannot cover it, the
 *   client gets an `error` event (answering its event id) and nothing is sent. Its reservation waits for
 *   the response the upstream starts, and is given back if the upstream refuses the request;
 * - while the server's turn detection creates responses by itself, input audio goes upstream only while
 *   a reservation for the next such response is held ("armed"). When none can be taken the client is told
 *   once, its audio is held back, and the session ends once no response is in progress (a settlement may
 *   free enough first: arming is tried again after each);
 * - a response that starts with no reservation left for it is reserved for when it starts, or cancelled
 *   at once when the balances cannot cover it.
 *
 * The client's `session.update` and `conversation.item.create` feed the session's settings and prompt
 * estimate on their way.
 */
import {
  base64FieldBytes,
  base64TextBytes,
  errorEvent,
  type Json,
  parseEvent,
  plainType,
  record,
} from './events.ts';
import type { PromptEstimate, PromptTokens } from './prompt-estimate.ts';
import type { Refusal, Reservation, Reservations } from './reservations.ts';
import { outputTokenLimit, type SessionSettings } from './session-settings.ts';

/** What the meter asks of the session. */
export interface MeterActions {
  toClient(event: string): void;
  toUpstream(event: string): void;
  /** Ends the session for lack of quota; `announce`: the client has not been told yet. */
  stop(stop: Refusal, announce: boolean): void;
}

export interface GateInit {
  settings: SessionSettings;
  prompt: PromptEstimate;
  reservations: Reservations;
  requestId: string;
  actions: () => MeterActions;
  /** How many responses are in progress. */
  inProgress: () => number;
  /** True once the session is ending: nothing more goes upstream, nothing more is reserved. */
  closing: () => boolean;
}

const APPEND = 'input_audio_buffer.append';
/** Client frames worth parsing (an append is read off its bytes). */
const CLIENT_MARKERS = ['response.create', 'session.update', 'conversation.item.create', APPEND].map((type) =>
  Buffer.from(`"${type}"`),
);

export function settledThen<T>(
  result: T | Promise<T>,
  then: (value: T) => boolean,
): boolean | Promise<boolean> {
  return result instanceof Promise ? result.then(then) : then(result);
}

export class ReservationGate {
  /** Reservations of response.create events sent upstream, oldest first, their response not started. */
  private readonly pending: { reservation: Reservation; eventId: string | null }[] = [];
  /** The reservation for the next response the server's turn detection starts. */
  private armed: Reservation | null = null;
  private arming: Promise<boolean> | null = null;
  /** Why nothing could be armed: audio is held back until something can. */
  private armRefusal: Refusal | null = null;

  constructor(private readonly init: GateInit) {}

  /**
   * A client text frame about to go upstream: true to send it, false to drop it (the client was told, or
   * the session is ending), or a promise of either while shared balances decide.
   */
  admitClientFrame(frame: Buffer): boolean | Promise<boolean> {
    if (this.init.closing()) return false;
    // Audio appends, the bulk of a session, are read off their bytes; a frame with escapes or several
    // types is parsed, so that no response.create passes unnoticed in a spelling the upstream would read.
    const type = plainType(frame);
    if (type === APPEND) return this.admitAudio(base64FieldBytes(frame, 'audio'));
    if (type !== null && !CLIENT_MARKERS.some((marker) => frame.includes(marker))) return true;
    const event = parseEvent(frame);
    switch (event?.type) {
      case APPEND:
        return this.admitAudio(typeof event.audio === 'string' ? base64TextBytes(event.audio) : 0);
      case 'response.create':
        return this.admitCreate(event);
      case 'session.update': {
        const session = record(event.session);
        if (session) this.init.settings.apply(session, false);
        return true;
      }
      case 'conversation.item.create': {
        const item = record(event.item);
        if (item) this.init.prompt.addItem(item);
        return true;
      }
    }
    return true;
  }

  private bound(prompt: PromptTokens, maxOutputTokens: number | null): number {
    return this.init.reservations.bound(prompt, maxOutputTokens);
  }

  private tellClient(refusal: Refusal, clientEventId: string | null = null): void {
    const { type, code, message } = refusal;
    this.init.actions().toClient(errorEvent(type, code, message, this.init.requestId, clientEventId));
  }

  private admitCreate(event: Json): boolean | Promise<boolean> {
    const { settings, prompt, reservations } = this.init;
    const parameters = record(event.response) ?? {};
    const own = outputTokenLimit(parameters.max_output_tokens ?? parameters.max_response_output_tokens);
    const limit = own === undefined ? settings.maxOutputTokens : own;
    const eventId = typeof event.event_id === 'string' ? event.event_id : null;
    const amount = this.bound(prompt.withBufferedAudio(), limit);
    return settledThen(reservations.reserve(amount), (result) => {
      if (!result.ok) {
        this.tellClient(result.refusal, eventId);
        return false;
      }
      if (this.init.closing()) {
        reservations.release(result.reservation);
        return false;
      }
      this.pending.push({ reservation: result.reservation, eventId });
      return true;
    });
  }

  /** Audio for the input buffer: while turn detection creates responses, only with one armed. */
  private admitAudio(bytes: number): boolean | Promise<boolean> {
    if (this.arming) return this.arming.then(() => this.admitAudio(bytes));
    if (!this.init.settings.autoResponses || this.armed) {
      this.init.prompt.appendAudio(bytes);
      return true;
    }
    if (this.armRefusal) return false;
    return settledThen(this.arm(bytes, true), (ok) => {
      if (ok) this.init.prompt.appendAudio(bytes);
      return ok;
    });
  }

  /** Reserves the bound of the next self-started response; false when it cannot. */
  private arm(extraAudioBytes: number, announce: boolean): boolean | Promise<boolean> {
    const { settings, prompt, reservations } = this.init;
    const amount = this.bound(prompt.withBufferedAudio(extraAudioBytes), settings.maxOutputTokens);
    const outcome = settledThen(reservations.reserve(amount), (result) => {
      this.arming = null;
      if (result.ok) {
        if (this.init.closing() || !settings.autoResponses || this.armed) {
          reservations.release(result.reservation);
          return !this.init.closing();
        }
        this.armed = result.reservation;
        this.armRefusal = null;
        return true;
      }
      const firstRefusal = this.armRefusal === null;
      this.armRefusal = result.refusal;
      if (this.init.inProgress() === 0) this.init.actions().stop(result.refusal, announce && firstRefusal);
      else if (announce && firstRefusal) this.tellClient(result.refusal);
      return false;
    });
    if (outcome instanceof Promise) this.arming = outcome;
    return outcome;
  }

  /** After a settlement freed quota: arms again if audio is being held back. */
  afterSettlement(): void {
    if (!this.armRefusal || this.init.closing() || this.arming) return;
    if (!this.init.settings.autoResponses || this.armed) {
      this.armRefusal = null;
      return;
    }
    void this.arm(0, false);
  }

  /** The upstream's session settings changed: without self-started responses nothing stays armed. */
  settingsChanged(): void {
    if (this.init.settings.autoResponses) return;
    this.armRefusal = null;
    const armed = this.armed;
    this.armed = null;
    if (armed) this.init.reservations.release(armed);
  }

  /** The reservation of a response the upstream just started: the oldest request's, else the armed one. */
  take(): Reservation | null {
    const pending = this.pending.shift();
    if (pending) return pending.reservation;
    const armed = this.armed;
    this.armed = null;
    return armed;
  }

  /**
   * A response `id` started with no reservation: reserved now (`attach` takes it, or says the response is
   * over, and it is given back), or cancelled when the balances cannot cover it.
   */
  coverLate(id: string, prompt: PromptTokens, attach: (reservation: Reservation) => boolean): void {
    const { settings, reservations } = this.init;
    settledThen(reservations.reserve(this.bound(prompt, settings.maxOutputTokens)), (result) => {
      if (result.ok) {
        if (!attach(result.reservation)) reservations.release(result.reservation);
        return true;
      }
      this.init.actions().toUpstream(JSON.stringify({ type: 'response.cancel', response_id: id }));
      this.tellClient({
        ...result.refusal,
        message: `${result.refusal.message}; the response was cancelled`,
      });
      if (settings.autoResponses) this.armRefusal ??= result.refusal;
      return false;
    });
  }

  /**
   * An upstream `error` about a client's response.create (its event id, an active response, a response
   * parameter): that request's reservation is given back.
   */
  upstreamError(error: Json): void {
    if (this.pending.length === 0) return;
    const eventId = typeof error.event_id === 'string' ? error.event_id : null;
    const aboutResponse =
      error.code === 'conversation_already_has_active_response' ||
      (typeof error.param === 'string' && error.param.startsWith('response'));
    // Named: that event's. Unnamed: the upstream answers requests in order, so the oldest one waiting.
    const index = eventId
      ? this.pending.findIndex((entry) => entry.eventId === eventId)
      : aboutResponse
        ? 0
        : -1;
    if (index < 0) return;
    const [entry] = this.pending.splice(index, 1);
    if (entry) this.init.reservations.release(entry.reservation);
    this.afterSettlement();
  }

  /** The session ended: every reservation not taken by a response is given back. */
  releaseAll(): void {
    for (const entry of this.pending.splice(0)) this.init.reservations.release(entry.reservation);
    const armed = this.armed;
    this.armed = null;
    if (armed) this.init.reservations.release(armed);
  }
}
