/**
 * Encoding a large upstream body without holding the event loop
 * (docs/decisions/0010-relay-admission-and-usage-bounds.md). JSON.stringify of a 30 MB prompt takes
 * 120–330 ms and Buffer.from of the result 80–150 ms, each in one piece. Instead, long strings are taken out
 * of the body before the adaptor serializes it (a placeholder stands in), and the adaptor's small JSON text
 * is then encoded slice by slice with the long strings spliced back in, each slice in a turn of its own.
 * The bytes are exactly those of JSON.stringify of the whole body.
 */

import { randomUUID } from 'node:crypto';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { ProviderAdaptor } from '../providers/types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { upstreamFormat } from './conversion.ts';
import { clientFormat, type PreparedAttempt, prepareAttempt, type RelayCall } from './relay-call.ts';
import type { ProviderSettings } from './upstream-settings.ts';

/**
 * Bodies above this size give other requests a turn between the steps of a call (decoding, the
 * sensitive-word check, counting, serializing, sending).
 */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** Whether a request's body is large enough for its steps to take turns of their own. */
export function isLargeBody(request: {
  headers: Readonly<Record<string, unknown>>;
  bodyBytes?: number;
}): boolean {
  return (
    (request.bodyBytes ?? 0) > LARGE_BODY_BYTES ||
    Number(request.headers['content-length'] ?? 0) > LARGE_BODY_BYTES
  );
}

/** Resolves in a later turn of the event loop, after the I/O waiting now. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Strings at least this long are taken out of the body and encoded in slices. */
export const DETACHED_STRING_CHARACTERS = 64 * 1024;
/** Characters encoded per turn of the event loop (a few milliseconds of work). */
export const SLICE_CHARACTERS = 512 * 1024;

export interface DetachedBody {
  /** The body with each long string replaced by a placeholder string. */
  skeleton: Record<string, unknown>;
  /** Placeholder → the long string it stands for. */
  strings: Map<string, string>;
  /** Matches a placeholder as a JSON string in the serialized skeleton. */
  pattern: RegExp;
}

/**
 * A copy of a JSON body with every string of DETACHED_STRING_CHARACTERS or more replaced by a placeholder
 * that no client can guess (a random nonce per call); null when the body holds no such string.
 */
export function detachLongStrings(body: Readonly<Record<string, unknown>>): DetachedBody | null {
  const nonce = randomUUID();
  const strings = new Map<string, string>();
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value.length < DETACHED_STRING_CHARACTERS) return value;
      const placeholder = `switchyard-detached-${nonce}-${strings.size}`;
      strings.set(placeholder, value);
      return placeholder;
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value !== null && typeof value === 'object') {
      // fromEntries keeps a "__proto__" key an own property, as JSON.parse made it.
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
    }
    return value;
  };
  const skeleton = visit(body) as Record<string, unknown>;
  if (strings.size === 0) return null;
  return { skeleton, strings, pattern: new RegExp(`"(switchyard-detached-${nonce}-\\d+)"`, 'g') };
}

/** The end of a slice of `text` from `start`: at most SLICE_CHARACTERS, never inside a surrogate pair. */
function sliceEnd(text: string, start: number): number {
  let end = Math.min(text.length, start + SLICE_CHARACTERS);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return end;
}

/**
 * UTF-8 bytes of the JSON text `json` (an adaptor's serialization of a skeleton, or of a whole body when
 * `detached` is null), with each placeholder replaced by its string JSON-encoded. Every slice of at most
 * SLICE_CHARACTERS is encoded in a turn of its own: `pause` is awaited between slices.
 */
export async function encodeInSlices(
  json: string,
  detached: DetachedBody | null,
  pause: () => Promise<void>,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  const push = (bytes: Buffer) => {
    parts.push(bytes);
    size += bytes.length;
  };
  const encodeText = async (text: string, encodeSlice: (slice: string) => string) => {
    for (let start = 0; start < text.length; ) {
      const end = sliceEnd(text, start);
      push(Buffer.from(encodeSlice(text.slice(start, end)), 'utf8'));
      start = end;
      if (start < text.length) await pause();
    }
  };
  const verbatim = (slice: string) => slice;
  // A slice of a string is a string of its own: its JSON encoding without the quotes is the same text.
  const escaped = (slice: string) => JSON.stringify(slice).slice(1, -1);
  let position = 0;
  if (detached) {
    for (const match of json.matchAll(detached.pattern)) {
      const text = detached.strings.get(match[1] as string);
      if (text === undefined) continue;
      await encodeText(json.slice(position, match.index), verbatim);
      push(Buffer.from('"'));
      await pause();
      await encodeText(text, escaped);
      push(Buffer.from('"'));
      position = match.index + match[0].length;
    }
  }
  await encodeText(json.slice(position), verbatim);
  return Buffer.concat(parts, size);
}

/**
 * The upstream request of a call with a large body, its bytes encoded in slices (`pause` between them). A
 * body passed through to an OpenAI-format upstream is serialized by the adaptor without its long strings,
 * so no step re-serializes the whole prompt at once; a converted body is serialized whole, then encoded in
 * slices.
 */
export async function prepareLargeAttempt(
  call: RelayCall,
  stream: boolean,
  channel: CachedChannel,
  adaptor: ProviderAdaptor | undefined,
  upstreamModel: string,
  settings: ProviderSettings,
  pause: () => Promise<void>,
): Promise<PreparedAttempt | UpstreamFailure> {
  const passThrough =
    adaptor !== undefined &&
    clientFormat(call) === 'openai-chat' &&
    (call.endpoint !== 'chat' || upstreamFormat(adaptor, 'openai-chat', upstreamModel) === 'openai-chat');
  const detached = passThrough ? detachLongStrings(call.body) : null;
  if (detached) await pause();
  const source = detached ? { ...call, body: detached.skeleton } : call;
  const prepared = prepareAttempt(source, stream, channel, adaptor, upstreamModel, settings);
  if ('request' in prepared && typeof prepared.request.body === 'string') {
    await pause();
    prepared.request.body = await encodeInSlices(prepared.request.body, detached, pause);
  }
  return prepared;
}
