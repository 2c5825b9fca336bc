/**
 * A test client that keeps every cookie the server sets, as a browser does (the OAuth state cookie as
 * well as the session), and sends `New-Api-User` once a login reply named the user.
 */

export interface BrowserReply<T = unknown> {
  status: number;
  body: { success: boolean; message: string; data?: T };
}

/** Parses Set-Cookie headers into a jar; expired cookies are removed. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  absorb(setCookieHeaders: string[]): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export class BrowserClient {
  readonly jar = new CookieJar();
  userId: number | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<BrowserReply<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { 'Accept-Language': 'en' };
    const cookie = this.jar.header();
    if (cookie) headers.Cookie = cookie;
    if (this.userId !== null) headers['New-Api-User'] = String(this.userId);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const setCookies = response.headers.getSetCookie();
    this.jar.absorb(setCookies);
    const text = await response.text();
    let parsed: BrowserReply<T>['body'];
    try {
      parsed = JSON.parse(text) as BrowserReply<T>['body'];
    } catch {
      parsed = { success: false, message: text };
    }
    const data = parsed.data as { id?: unknown } | undefined;
    const startedSession = setCookies.some((header) => header.startsWith('session='));
    if (startedSession && parsed.success && typeof data?.id === 'number') this.userId = data.id;
    return { status: response.status, body: parsed };
  }

  get<T = unknown>(path: string, query?: Record<string, string | number>) {
    return this.request<T>('GET', path, query ? { query } : {});
  }

  post<T = unknown>(path: string, body?: unknown, query?: Record<string, string | number>) {
    return this.request<T>('POST', path, {
      ...(query ? { query } : {}),
      ...(body === undefined ? {} : { body }),
    });
  }

  /** Logs in with a password, as the login page does. */
  async login(username: string, password: string): Promise<BrowserReply<{ id: number }>> {
    const reply = await this.post<{ id: number }>('/api/user/login', { username, password });
    if (!reply.body.success) throw new Error(`login ${username} failed: ${reply.body.message}`);
    return reply;
  }

  /** Asks for an OAuth state as the login page does before leaving for the provider. */
  async oauthState(aff?: string): Promise<string> {
    const reply = await this.get<string>('/api/oauth/state', aff ? { aff } : undefined);
    if (!reply.body.success || typeof reply.body.data !== 'string') {
      throw new Error(`state failed: ${reply.body.message}`);
    }
    return reply.body.data;
  }
}
