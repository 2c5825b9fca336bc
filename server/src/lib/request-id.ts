/**
 * Request ids: 32 hex digits, a random prefix per process and a counter (no random bytes per request),
 * unique across processes and restarts. Fastify's requests (server/src/app.ts) and the relay's direct
 * path (server/src/relay/http/fast-path.ts) draw from the same counter.
 */
import { randomBytes } from 'node:crypto';

const requestIdPrefix = randomBytes(8).toString('hex');
let requestCounter = 0;

export function nextRequestId(): string {
  requestCounter += 1;
  return requestIdPrefix + requestCounter.toString(16).padStart(16, '0');
}
