/**
 * Reading and writing the Realtime API's JSON text frames for billing. Audio deltas and appends are the
 * bulk of a session (base64 audio, tens of kilobytes a frame, many a second), so they are never parsed:
 * their type, response id and the decoded size of their audio are read off the bytes. Other frames that
 * matter are small and parsed whole. Also the `error` server event in the Realtime API's shape, and a
 * `response.done` usage as the billing's TokenUsage.
 */
import { randomUUID } from 'node:crypto';
import type { TokenUsage } from '../billing/pricing.ts';

export type Json = Record<string, unknown>;

export function record(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A text frame as a JSON object, or null when it is not one. */
export function parseEvent(frame: Buffer): Json | null {
  try {
    return record(JSON.parse(frame.toString('utf8')));
  } catch {
    return null;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

function skipSpace(frame: Buffer, index: number): number {
  let at = index;
  while (at < frame.length) {
    const byte = frame[at];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    at += 1;
  }
  return at;
}

const keys = new Map<string, Buffer>();

/**
 * Where the string value of the first `"name": "…"` in `frame` lies (start inclusive, end exclusive), or
 * null. Meant for flat events and values without escapes (types, ids, base64); an escaped quote inside
 * the value is stepped over.
 */
export function stringField(frame: Buffer, name: string): { start: number; end: number } | null {
  let key = keys.get(name);
  if (!key) {
    key = Buffer.from(`"${name}"`);
    keys.set(name, key);
  }
  let from = 0;
  for (;;) {
    const found = frame.indexOf(key, from);
    if (found < 0) return null;
    from = found + 1;
    let at = skipSpace(frame, found + key.length);
    if (frame[at] !== COLON) continue;
    at = skipSpace(frame, at + 1);
    if (frame[at] !== QUOTE) continue;
    const start = at + 1;
    let end = frame.indexOf(QUOTE, start);
    while (end > start && frame[end - 1] === BACKSLASH) end = frame.indexOf(QUOTE, end + 1);
    return end < 0 ? null : { start, end };
  }
}

/** The string value of the first `"name"` field (see stringField), or null. */
export function stringValue(frame: Buffer, name: string): string | null {
  const field = stringField(frame, name);
  return field ? frame.toString('latin1', field.start, field.end) : null;
}

/**
 * The event type read off the frame: the first `"type"` field. Reliable for flat events (deltas, audio
 * appends), whose type is their only one; a nested object's type may come first in other events.
 */
export function sniffType(frame: Buffer): string | null {
  return stringValue(frame, 'type');
}

const TYPE_KEY = Buffer.from('"type"');

/**
 * The type of a client frame when its bytes can be taken as they read: no escape anywhere (a key or a
 * value spelled with `\u…` escapes reads differently once parsed) and one `"type"` key only (nested or
 * repeated ones would make the first misleading). Null otherwise: such a frame must be parsed.
 */
export function plainType(frame: Buffer): string | null {
  if (frame.includes(BACKSLASH)) return null;
  const first = frame.indexOf(TYPE_KEY);
  if (first < 0 || frame.indexOf(TYPE_KEY, first + 1) >= 0) return null;
  return stringValue(frame, 'type');
}

/** The decoded size of the base64 string in the frame's first `"name"` field (0 when there is none). */
export function base64FieldBytes(frame: Buffer, name: string): number {
  const field = stringField(frame, name);
  if (!field) return 0;
  return base64Bytes(field.end - field.start, frame[field.end - 1], frame[field.end - 2]);
}

/** The decoded size of a base64 text of `length` characters ending in `last` and `beforeLast`. */
function base64Bytes(length: number, last: number | undefined, beforeLast: number | undefined): number {
  if (length <= 0) return 0;
  const padding = last === 0x3d ? (beforeLast === 0x3d ? 2 : 1) : 0;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

/** The decoded size of a base64 string. */
export function base64TextBytes(text: string): number {
  return base64Bytes(text.length, text.charCodeAt(text.length - 1), text.charCodeAt(text.length - 2));
}

/**
 * An `error` server event as the Realtime API sends it; `clientEventId` names the client event it
 * answers, when it had one.
 */
export function errorEvent(
  type: string,
  code: string,
  message: string,
  requestId: string,
  clientEventId: string | null = null,
): string {
  return JSON.stringify({
    type: 'error',
    event_id: `event_${randomUUID().replaceAll('-', '')}`,
    error: {
      type,
      code,
      message: `${message} (request id: ${requestId})`,
      param: null,
      event_id: clientEventId,
    },
  });
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
