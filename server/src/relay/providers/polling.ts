/**
 * What an adaptor's transport needs to wait for an upstream job by polling it (DashScope's image tasks,
 * Replicate's predictions, Coze's chats without a stream): a backing-off schedule bounded by the relay timeout, small JSON reads,
 * and a failure answer in OpenAI's error shape. The job's own requests go through the transport's upstream
 * client (address policy, proxy, timeouts) like any relay request.
 */
import { jsonResponse, readLimited, type UpstreamResponse } from '../../lib/http-client.ts';
import type { TransportInput } from './types.ts';

/** How long a job may run when the relay sets no timeout. */
export const DEFAULT_JOB_BOUND_MS = 5 * 60_000;
const MAX_JSON_BYTES = 4 * 1024 * 1024;
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

/** Resolves after `ms`, or rejects with the signal's reason when the call is aborted first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** A reply's JSON (bounded in size); a body that is not JSON becomes `{message: <its start>}`. */
export async function readJson(response: UpstreamResponse): Promise<unknown> {
  const text = await readLimited(response.body, MAX_JSON_BYTES);
  response.body.destroy();
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 300) };
  }
}

/** A failure of a job as the relay reads upstream errors (OpenAI's shape). */
export function jobFailure(status: number, message: string, code: string): UpstreamResponse {
  return jsonResponse(status, JSON.stringify({ error: { message, type: 'upstream_error', code } }));
}

/**
 * Waits between polls: `firstMs` at first, growing by half each time up to `longestMs`, within the relay
 * timeout (the call's header bound) counted from the schedule's creation.
 */
export class PollSchedule {
  private waitMs: number;
  readonly boundMs: number;
  private readonly deadline: number;

  constructor(
    input: Pick<TransportInput, 'timeouts'>,
    private readonly longestMs: number,
    firstMs: number,
  ) {
    this.waitMs = firstMs;
    this.boundMs = input.timeouts.headersMs > 0 ? input.timeouts.headersMs : DEFAULT_JOB_BOUND_MS;
    this.deadline = Date.now() + this.boundMs;
  }

  /** Waits for the next poll; false when it would pass the bound (the job took too long). */
  async next(signal: AbortSignal): Promise<boolean> {
    if (Date.now() + this.waitMs > this.deadline) return false;
    await pause(this.waitMs, signal);
    this.waitMs = Math.min(this.longestMs, Math.round(this.waitMs * 1.5));
    return true;
  }
}

/** A GET of the job's state through the transport's upstream client. */
export function getJson(input: TransportInput, url: string, headers: Record<string, string>) {
  return input.upstream.send(
    { url, method: 'GET', headers: { accept: 'application/json', ...headers } },
    input.timeouts,
    input.signal,
    input.proxyUrl,
  );
}

/** An image a job made, as base64: fetched under the address policy, bounded in size. */
export async function fetchImageBase64(input: TransportInput, url: string): Promise<string> {
  const response = await input.upstream.send(
    { url, method: 'GET', headers: {} },
    input.timeouts,
    input.signal,
    input.proxyUrl,
  );
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => undefined);
    throw new Error(`the generated image could not be fetched (HTTP ${response.statusCode})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) {
      response.body.destroy();
      throw new Error('the generated image is larger than 32 MiB');
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('base64');
}
