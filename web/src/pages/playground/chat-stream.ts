/**
 * Reading the playground's reply (docs/reference/console-api.md "Playground"): each SSE event carries an OpenAI
 * chat.completion.chunk whose choices[0].delta.content is appended; 'data: [DONE]' ends the reply;
 * an error object (streamed or as the body of an HTTP error) ends it as an error.
 */
import type { RelayErrorInfo } from './relay-error-text.ts';
import { SseParser } from './sse-parser.ts';

export const DONE_MARKER = '[DONE]';

/** What one event's data means for the reply. */
export type ChunkOutcome =
  | { kind: 'delta'; text: string }
  | { kind: 'done' }
  | { kind: 'error'; error: RelayErrorInfo }
  /** Valid JSON without text (role-only first chunk, usage chunk, empty choices, finish_reason). */
  | { kind: 'none' }
  /** Not JSON at all. */
  | { kind: 'invalid'; data: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * An OpenAI-style error value: its message ({message}, a string, or the value as JSON), code and type.
 */
function errorInfo(error: unknown): RelayErrorInfo {
  if (!isRecord(error))
    return { message: typeof error === 'string' ? error : JSON.stringify(error), code: null, type: null };
  return {
    message: textOrNull(error.message) ?? JSON.stringify(error),
    code: textOrNull(error.code),
    type: textOrNull(error.type),
  };
}

/** A failure that is only a text (a console reply, a body that is not JSON, an HTTP status). */
function plainError(message: string): RelayErrorInfo {
  return { message, code: null, type: null };
}

function firstChoice(payload: Record<string, unknown>): Record<string, unknown> | null {
  const choices = payload.choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const [choice] = choices;
  return isRecord(choice) ? choice : null;
}

export function interpretChunk(data: string): ChunkOutcome {
  const trimmed = data.trim();
  if (trimmed === DONE_MARKER) return { kind: 'done' };
  let payload: unknown;
  try {
    payload = JSON.parse(trimmed);
  } catch {
    return { kind: 'invalid', data };
  }
  if (!isRecord(payload)) return { kind: 'invalid', data };
  if (payload.error !== undefined && payload.error !== null) {
    return { kind: 'error', error: errorInfo(payload.error) };
  }
  const delta = firstChoice(payload)?.delta;
  if (isRecord(delta) && typeof delta.content === 'string' && delta.content !== '') {
    return { kind: 'delta', text: delta.content };
  }
  return { kind: 'none' };
}

/**
 * The error of a failed call: the error of an OpenAI error body ({error: {message, code, type}}), the
 * message of a console reply ({message}), the raw body text, or the HTTP status.
 */
export function errorFromBody(body: string, status: number, statusText = ''): RelayErrorInfo {
  const trimmed = body.trim();
  if (trimmed !== '') {
    try {
      const payload: unknown = JSON.parse(trimmed);
      if (isRecord(payload)) {
        if (payload.error !== undefined && payload.error !== null) return errorInfo(payload.error);
        if (typeof payload.message === 'string' && payload.message) return plainError(payload.message);
      }
    } catch {
      // Not JSON: the text itself is the best description there is.
    }
    return plainError(trimmed.length > 1000 ? `${trimmed.slice(0, 1000)}…` : trimmed);
  }
  return plainError(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
}

/** A complete (non-streamed) JSON reply: its choices[0].message.content, or its error. */
export function interpretJsonReply(body: string): ChunkOutcome {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return { kind: 'invalid', data: body };
  }
  if (!isRecord(payload)) return { kind: 'invalid', data: body };
  if (payload.error !== undefined && payload.error !== null) {
    return { kind: 'error', error: errorInfo(payload.error) };
  }
  const content = firstChoice(payload)?.message;
  if (isRecord(content) && typeof content.content === 'string')
    return { kind: 'delta', text: content.content };
  return { kind: 'none' };
}

/** How a stream ended. */
export type StreamEnd =
  | { kind: 'done' }
  /** The body closed without [DONE]. */
  | { kind: 'closed' }
  | { kind: 'error'; error: RelayErrorInfo }
  | { kind: 'invalid'; data: string };

/**
 * Reads an event-stream body to its end, calling onDelta with each piece of text as it arrives.
 * Stops (and cancels the body) at [DONE], at a streamed error and at data that is not JSON.
 * A read failure — an aborted fetch included — rejects.
 */
export async function consumeChatStream(
  body: ReadableStream<Uint8Array>,
  onDelta: (text: string) => void,
): Promise<StreamEnd> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();

  const handle = (data: string): StreamEnd | null => {
    const outcome = interpretChunk(data);
    switch (outcome.kind) {
      case 'delta':
        onDelta(outcome.text);
        return null;
      case 'none':
        return null;
      case 'done':
        return { kind: 'done' };
      case 'error':
        return { kind: 'error', error: outcome.error };
      case 'invalid':
        return { kind: 'invalid', data: outcome.data };
    }
  };

  const handleAll = (events: { data: string }[]): StreamEnd | null => {
    for (const event of events) {
      const end = handle(event.data);
      if (end) return end;
    }
    return null;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const end = handleAll(parser.push(decoder.decode(value, { stream: true })));
      if (end) {
        await reader.cancel().catch(() => undefined);
        return end;
      }
    }
    return handleAll([...parser.push(decoder.decode()), ...parser.end()]) ?? { kind: 'closed' };
  } finally {
    reader.releaseLock();
  }
}
