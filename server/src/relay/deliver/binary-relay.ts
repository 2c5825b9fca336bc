/**
 * Binary replies (speech audio, docs/providers.md "Media"): the upstream's bytes streamed to the client as
 * they arrive, with backpressure.
 */
import type { ServerResponse } from 'node:http';
import type { EndResponse } from '../call/call-state.ts';
import { waitForDrain } from './event-stream.ts';

/** Streams an upstream's binary reply (speech audio) to the client as it arrives, with backpressure. */
export async function relayBinary(
  raw: ServerResponse,
  upstream: AsyncIterable<Uint8Array>,
  contentType: string,
  requestId: string,
  /** Ends the response (server/src/relay/call/call-state.ts deferredEnd); raw.end when absent. */
  end?: EndResponse,
): Promise<{ bytes: number; complete: boolean }> {
  raw.writeHead(200, {
    'content-type': contentType || 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
  });
  let bytes = 0;
  try {
    for await (const chunk of upstream) {
      if (raw.destroyed) return { bytes, complete: false };
      bytes += chunk.length;
      if (!raw.write(chunk)) await waitForDrain(raw);
    }
  } catch {
    raw.destroy();
    return { bytes, complete: false };
  }
  if (end) end();
  else raw.end();
  return { bytes, complete: true };
}
