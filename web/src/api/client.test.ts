import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFeedbackApi } from '../components/feedback.ts';
import { i18n } from '../i18n/index.ts';
import {
  ApiError,
  BusinessFailure,
  buildUrl,
  ensureSuccess,
  http,
  reportFailure,
  setUnauthorizedHandler,
  unwrapReply,
} from './client.ts';
import { USER_STORAGE_KEY } from './stored-user.ts';

const toasts: string[] = [];
const record = (text: unknown) => toasts.push(String(text));
const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function sentHeaders(call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  toasts.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  installFeedbackApi({
    message: { error: record, success: record, info: record, warning: record } as never,
    modal: { info: () => undefined },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request headers', () => {
  it('sends -1 as the user id when nobody is logged in, and no-store', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, message: '', data: 1 }));
    await http.get('/api/status');
    expect(sentHeaders().get('New-Api-User')).toBe('-1');
    expect(sentHeaders().get('Cache-Control')).toBe('no-store');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it("sends the stored user's id and a JSON body", async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 42, username: 'bob', role: 1 }));
    fetchMock.mockResolvedValue(reply(200, { success: true, message: '' }));
    await http.put('/api/user/self', { display_name: 'Bob' });
    expect(sentHeaders().get('New-Api-User')).toBe('42');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"display_name":"Bob"}');
  });

  it('builds query strings, skipping empty parameters', async () => {
    expect(buildUrl('/api/user/login', { turnstile: '' })).toBe('/api/user/login?turnstile=');
    expect(buildUrl('/api/log/', { p: 2, type: undefined, name: null, ok: true })).toBe(
      '/api/log/?p=2&ok=true',
    );
    expect(buildUrl('/api/x?a=1', { b: 'c d' })).toBe('/api/x?a=1&b=c+d');
    fetchMock.mockResolvedValue(reply(200, { success: true, message: '' }));
    await http.del('/api/token/3/', { force: 1 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/token/3/?force=1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });
});

describe('replies', () => {
  it('returns a business failure to the caller without a toast', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: false, message: 'wrong password' }));
    await expect(http.post('/api/user/login', {})).resolves.toEqual({
      success: false,
      message: 'wrong password',
    });
    expect(toasts).toEqual([]);
  });

  it('on 401 forgets the user and goes to the login page', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 5, username: 'eve', role: 1 }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(reply(401, { success: false, message: 'no session' }));
    await expect(http.get('/api/user/self')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it.each([
    [429, 'Error: too many requests, try again later'],
    [500, 'Error: internal server error, contact administrator'],
    [405, 'Error: this site is demo only, no server'],
    [403, 'Error: not allowed here'],
  ])('HTTP %d shows %s and throws', async (status, toast) => {
    fetchMock.mockResolvedValue(reply(status, { success: false, message: 'not allowed here' }));
    const failure = http.get('/api/channel/');
    await expect(failure).rejects.toMatchObject({ status, shown: true });
    expect(toasts).toEqual([toast]);
  });

  it('rejects a reply that is not {success, message, data}', async () => {
    fetchMock.mockResolvedValue(new Response('<html>proxy error</html>', { status: 200 }));
    await expect(http.get('/api/status')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toHaveLength(1);
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/status')).rejects.toMatchObject({ status: 0 });
    expect(toasts[0]).toContain('Failed to fetch');
  });
});

describe('unwrapping replies', () => {
  it('returns the data of a successful reply', () => {
    expect(unwrapReply({ success: true, message: '', data: { id: 3 } })).toEqual({ id: 3 });
    expect(() => ensureSuccess({ success: true, message: '' })).not.toThrow();
  });

  it('throws the server message of a failed reply as a business failure', () => {
    const failed = { success: false, message: 'name taken' };
    expect(() => unwrapReply(failed)).toThrow(BusinessFailure);
    expect(() => unwrapReply(failed)).toThrow('name taken');
    expect(() => ensureSuccess(failed)).toThrow(new BusinessFailure('name taken'));
  });

  it('toasts a business failure once and leaves an HTTP failure to the toast the client showed', () => {
    reportFailure(new BusinessFailure('name taken'));
    reportFailure(new ApiError('internal server error', 500));
    expect(toasts).toEqual(['Error: name taken']);
  });
});
