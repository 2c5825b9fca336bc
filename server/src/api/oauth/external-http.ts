/**
 * Small JSON calls to login providers (token exchange, user info, the WeChat server). Bounded in time
 * and size, checked against the upstream address policy, and never logging what they send: the
 * requests carry client secrets, codes and access tokens. Failures become business failures with a
 * message naming the provider; the details go to the log without the provider's body.
 */
import { request } from 'undici';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { readLimited } from '../../lib/http-client.ts';

const TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 1024 * 1024;

export interface ExternalRequest {
  /** Shown in messages ("Could not reach GitHub"). */
  provider: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

export interface ExternalReply {
  status: number;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: unknown;
}

/** Where a request went, for logs: origin and path only (queries may hold codes). */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}

/** Sends the request; any status is returned. Unreachable or refused addresses throw a business failure. */
export async function callExternal(context: AppContext, call: ExternalRequest): Promise<ExternalReply> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': `Switchyard/${context.version}`,
    ...call.headers,
  };
  let body: string | undefined;
  if (call.form) {
    body = new URLSearchParams(call.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  try {
    context.upstream.checkUrl(call.url);
    const response = await request(call.url, {
      method: call.method,
      headers,
      body: body ?? null,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await readLimited(response.body, MAX_BODY_BYTES);
    response.body.destroy();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.statusCode, body: parsed };
  } catch (error) {
    context.logger.warn(
      { provider: call.provider, target: describe(call.url), error: (error as Error).message },
      'login provider unreachable',
    );
    throw businessFailure('oauth.provider_unavailable', { provider: call.provider });
  }
}

/** Logs a refusal by the provider (status and a known error code only, never the body). */
export function logRefusal(context: AppContext, call: ExternalRequest, reply: ExternalReply): void {
  const body = reply.body as { error?: unknown } | null;
  const errorCode = body && typeof body.error === 'string' ? body.error.slice(0, 100) : undefined;
  context.logger.warn(
    { provider: call.provider, target: describe(call.url), status: reply.status, errorCode },
    'login provider refused a request',
  );
}

/** Reads a string field of a loosely typed JSON object ('' when absent; numbers become text). */
export function textField(source: unknown, key: string): string {
  if (source === null || typeof source !== 'object') return '';
  const value = (source as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * Exchanges a code at a token endpoint and returns the access token; a refusal (error status, an
 * `error` field or no token) is the business failure `oauth.code_refused`.
 */
export async function exchangeCode(context: AppContext, call: ExternalRequest): Promise<string> {
  const reply = await callExternal(context, call);
  const accessToken = textField(reply.body, 'access_token');
  if (reply.status >= 400 || accessToken === '') {
    logRefusal(context, call, reply);
    throw businessFailure('oauth.code_refused', { provider: call.provider });
  }
  return accessToken;
}

/** Fetches a JSON object with a bearer token; anything but a 2xx JSON object is `oauth.user_invalid`. */
export async function fetchWithBearer(
  context: AppContext,
  provider: string,
  url: string,
  accessToken: string,
): Promise<Record<string, unknown>> {
  const call: ExternalRequest = {
    provider,
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${accessToken}` },
  };
  const reply = await callExternal(context, call);
  if (reply.status >= 300 || reply.body === null || typeof reply.body !== 'object') {
    logRefusal(context, call, reply);
    throw businessFailure('oauth.user_invalid', { provider });
  }
  return reply.body as Record<string, unknown>;
}
