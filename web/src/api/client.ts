import type { ApiReply } from '../../../common/api-types.ts';
import { showError } from '../components/feedback.ts';
import { currentLanguage, i18n } from '../i18n/index.ts';
import { clearStoredUser, storedUserId } from './stored-user.ts';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** An HTTP-level failure (non-2xx or an unreadable reply). It has already been shown to the user. */
export class ApiError extends Error {
  readonly shown = true as const;
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const EXPIRED_LOGIN_PATH = '/login?expired=true';

let onUnauthorized: () => void = () => {
  window.location.assign(EXPIRED_LOGIN_PATH);
};

/** Lets the app send a 401 through its router instead of a full page load. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export function buildUrl(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function replyMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return '';
}

function httpFailureMessage(status: number, body: unknown, statusText: string): string {
  if (status === 429) return i18n.t('http.tooManyRequests');
  if (status === 500) return i18n.t('http.serverError');
  if (status === 405) return i18n.t('http.demoOnly');
  return replyMessage(body) || statusText || i18n.t('http.statusFailed', { status });
}

function fail(message: string, status: number): never {
  showError(message);
  throw new ApiError(message, status);
}

async function request<T>(
  method: string,
  url: string,
  body?: unknown,
  params?: QueryParams,
): Promise<ApiReply<T>> {
  const headers: Record<string, string> = {
    'New-Api-User': String(storedUserId()),
    'Cache-Control': 'no-store',
    // The server answers its messages in the console's language.
    'Accept-Language': currentLanguage(),
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(url, params), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    fail(i18n.t('http.networkError', { detail: error instanceof Error ? error.message : String(error) }), 0);
  }
  const reply = await readJson(response);
  if (response.status === 401) {
    clearStoredUser('expired');
    onUnauthorized();
    throw new ApiError(replyMessage(reply) || i18n.t('login.expired'), 401);
  }
  if (!response.ok) fail(httpFailureMessage(response.status, reply, response.statusText), response.status);
  if (typeof reply !== 'object' || reply === null || typeof (reply as ApiReply).success !== 'boolean') {
    fail(i18n.t('http.badReply'), response.status);
  }
  return reply as ApiReply<T>;
}

/** The console's HTTP client: every call sends the session cookie, `New-Api-User` and `Cache-Control: no-store`. */
export const http = {
  get: <T>(url: string, params?: QueryParams) => request<T>('GET', url, undefined, params),
  post: <T>(url: string, body?: unknown, params?: QueryParams) => request<T>('POST', url, body, params),
  put: <T>(url: string, body?: unknown, params?: QueryParams) => request<T>('PUT', url, body, params),
  del: <T>(url: string, params?: QueryParams) => request<T>('DELETE', url, undefined, params),
};

/** A reply with success:false; its message is the server's human-readable reason. */
export class BusinessFailure extends Error {
  override readonly name = 'BusinessFailure';
}

/** Returns the reply's data, or throws a BusinessFailure carrying the server message. */
export function unwrapReply<T>(reply: ApiReply<T>): T {
  if (!reply.success) throw new BusinessFailure(reply.message);
  return reply.data as T;
}

/** Throws a BusinessFailure when the reply failed; for calls whose data is not needed. */
export function ensureSuccess(reply: ApiReply<unknown>): void {
  if (!reply.success) throw new BusinessFailure(reply.message);
}

/** Shows an error toast for a failure this client has not shown already (an ApiError was shown). */
export function reportFailure(error: unknown): void {
  if (error instanceof ApiError) return;
  showError(error instanceof Error ? error.message : String(error));
}
