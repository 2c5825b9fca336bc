/**
 * One submission request to a task upstream (docs/tasks.md, "The engine"): a JSON body, or a multipart
 * one (a file upload, written afresh for each channel), sent through the channel's proxy under the
 * address policy; the answer's status and its JSON body (undefined when the body is not JSON, so that the
 * submit loop can tell an answer it cannot read from one that says no). Connection failures and timeouts
 * throw.
 */
import type { AppContext } from '../../context.ts';
import { readLimited } from '../../lib/http-client.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { applyHeaderOverride } from '../cache/header-override.ts';
import { channelProxy } from '../call/relay-call.ts';
import type { encodeMultipart } from '../http/multipart.ts';

/** The largest answer read from a submission (a task object is small; this bounds a broken upstream). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const JSON_TIMEOUT_MS = 60_000;
/** Uploads take longer: the upstream answers once it has the whole file. */
const UPLOAD_IDLE_MS = 120_000;
const UPLOAD_TIMEOUT_MS = 180_000;

export interface TaskRequest {
  url: string;
  headers: Record<string, string>;
  body: { json: unknown } | { multipart: ReturnType<typeof encodeMultipart> };
}

export interface TaskAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
}

export async function sendTaskRequest(
  context: AppContext,
  channel: CachedChannel,
  request: TaskRequest,
): Promise<TaskAnswer> {
  const upload = 'multipart' in request.body ? request.body.multipart : null;
  const idleMs = upload ? UPLOAD_IDLE_MS : JSON_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  applyHeaderOverride(headers, channel.headerOverride);
  const response = await context.upstream.send(
    {
      url: request.url,
      method: 'POST',
      headers: {
        ...headers,
        ...(upload
          ? { 'content-type': upload.contentType, 'content-length': String(upload.length) }
          : { 'content-type': 'application/json' }),
      },
      body: upload
        ? { length: upload.length, open: upload.open }
        : JSON.stringify('json' in request.body ? request.body.json : null),
    },
    { headersMs: idleMs, idleMs },
    AbortSignal.timeout(upload ? UPLOAD_TIMEOUT_MS : JSON_TIMEOUT_MS),
    channelProxy(channel),
  );
  const text = await readLimited(response.body, MAX_ANSWER_BYTES);
  response.body.destroy();
  try {
    return { status: response.statusCode, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.statusCode, body: undefined };
  }
}
