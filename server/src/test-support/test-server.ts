/**
 * Boots the real server (the same startServer as production) on a random port against a fresh
 * database, and gives tests an HTTP client that behaves like the console: session cookie plus
 * New-Api-User header. `startTestSite` does what nearly every integration test starts with (server, root,
 * options, users); test-site.ts registers it as the hooks of a describe block.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { ApiReply } from '../../../common/api/reply.ts';
import type { SetupPayload, SetupStatus } from '../../../common/api/status.ts';
import type { CreateUserPayload, ManagePayload, SessionUser } from '../../../common/api/users.ts';
import { loadConfig } from '../config.ts';
import { type RunningServer, startServer } from '../main.ts';
import { createSqliteDatabase, type TestDatabase } from './databases.ts';

export interface TestServer extends RunningServer {
  database: TestDatabase;
}

export interface TestServerOptions {
  /** A database from databaseMatrix(); a fresh SQLite file when omitted. It is dropped on close. */
  database?: TestDatabase;
  environment?: Record<string, string>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createSqliteDatabase());
  // Each server its own ledger journal (PostgreSQL and MySQL servers would otherwise share the default).
  const journalDirectory = mkdtempSync(join(tmpdir(), 'switchyard-journal-'));
  const config = loadConfig({
    LEDGER_JOURNAL_PATH: join(journalDirectory, 'ledger.journal'),
    LOG_LEVEL: 'silent',
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    CRITICAL_RATE_LIMIT_ENABLE: 'false',
    HOST: '127.0.0.1',
    WEB_DIST_PATH: '/nonexistent-switchyard-dist',
    ...database.environment,
    ...options.environment,
  });
  const server = await startServer(config, { port: 0, logger: pino({ level: config.logLevel }) });
  return {
    ...server,
    database,
    close: async () => {
      await server.close();
      await database.drop();
      rmSync(journalDirectory, { recursive: true, force: true });
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: ApiReply<T> & Record<string, unknown>;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private cookie = '',
    private userId: number | null = null,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get sessionCookie(): string {
    return this.cookie;
  }

  get currentUserId(): number | null {
    return this.userId;
  }

  /** A copy with different or additional headers (e.g. a wrong New-Api-User). */
  withHeaders(headers: Record<string, string>): ApiClient {
    return new ApiClient(this.baseUrl, this.cookie, this.userId, { ...this.extraHeaders, ...headers });
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string | number>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { 'Accept-Language': 'en', ...this.extraHeaders };
    if (this.cookie) headers.Cookie = this.cookie;
    if (this.userId !== null && !('New-Api-User' in this.extraHeaders))
      headers['New-Api-User'] = String(this.userId);
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['Content-Type'] = 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text();
    let parsed: ApiResponse<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiResponse<T>['body'];
    } catch {
      parsed = { success: false, message: text };
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  get<T = unknown>(path: string, query?: Record<string, string | number>) {
    return this.request<T>('GET', path, query ? { query } : {});
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body === undefined ? {} : { body });
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body === undefined ? {} : { body });
  }
  delete<T = unknown>(path: string, query?: Record<string, string | number>) {
    return this.request<T>('DELETE', path, query ? { query } : {});
  }

  /** Logs in with a password; the client then carries the session and the user id header. */
  async login(username: string, password: string): Promise<ApiResponse<SessionUser>> {
    const response = await this.post<SessionUser>('/api/user/login', { username, password });
    if (response.body.success && response.body.data) this.userId = response.body.data.id;
    return response;
  }
}

export const ROOT_USERNAME = 'root';
export const ROOT_PASSWORD = 'root-password-1';

export function anonymousClient(server: { url: string }): ApiClient {
  return new ApiClient(server.url);
}

/** Runs setup (once) and returns a client logged in as root. */
export async function loginAsRoot(server: { url: string }): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const status = await client.get<SetupStatus>('/api/setup');
  if (!status.body.data?.status) {
    const setup = await client.post('/api/setup', {
      username: ROOT_USERNAME,
      password: ROOT_PASSWORD,
      confirmPassword: ROOT_PASSWORD,
      SelfUseModeEnabled: false,
      DemoSiteEnabled: false,
    } satisfies SetupPayload);
    if (!setup.body.success) throw new Error(`setup failed: ${setup.body.message}`);
  }
  const login = await client.login(ROOT_USERNAME, ROOT_PASSWORD);
  if (!login.body.success) throw new Error(`root login failed: ${login.body.message}`);
  return client;
}

/** Creates a user through the admin API (role set with manage when needed) and logs in as them. */
export async function createUserAndLogin(
  server: { url: string },
  root: ApiClient,
  username: string,
  options: { role?: 'admin'; password?: string } = {},
): Promise<ApiClient> {
  const password = options.password ?? 'password-123';
  const created = await root.post('/api/user/', {
    username,
    password,
    display_name: username,
  } satisfies CreateUserPayload);
  if (!created.body.success) throw new Error(`create ${username} failed: ${created.body.message}`);
  const client = new ApiClient(server.url);
  const login = await client.login(username, password);
  if (!login.body.success) throw new Error(`login ${username} failed: ${login.body.message}`);
  if (options.role === 'admin') {
    const promoted = await root.post('/api/user/manage', {
      id: client.currentUserId!,
      action: 'promote',
    } satisfies ManagePayload);
    if (!promoted.body.success) throw new Error(`promote ${username} failed: ${promoted.body.message}`);
  }
  return client;
}

/** Sets options through the console API, in the given order (enable switches need their settings first). */
export async function setOptions(root: ApiClient, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const reply = await root.put('/api/option/', { key, value });
    if (!reply.body.success) throw new Error(`option ${key}: ${reply.body.message}`);
  }
}

/** A user a test site creates through the admin API and logs in: a username, or one with a role or password. */
export type SiteUser = string | { username: string; role?: 'admin'; password?: string };

export interface TestSiteOptions<Names extends string = never> extends TestServerOptions {
  /** Options root sets (in this order) once logged in, before the users are created. */
  options?: Record<string, string> | ((server: TestServer) => Record<string, string>);
  /**
   * Users created and logged in after the options, in this order, by the name the test calls them; a list
   * of usernames names each user by its username.
   */
  users?: Record<Names, SiteUser> | readonly Names[];
}

/** A running server with root logged in and the users of the options, each logged in with their own client. */
export interface TestSite<Names extends string = never> {
  server: TestServer;
  root: ApiClient;
  users: Record<Names, ApiClient>;
  close(): Promise<void>;
}

/** The users of TestSiteOptions as [name, spec] pairs, in order. */
export function siteUsers<Names extends string>(users: TestSiteOptions<Names>['users']): [Names, SiteUser][] {
  if (!users) return [];
  if (Array.isArray(users)) return users.map((username: Names) => [username, username]);
  return Object.entries(users) as [Names, SiteUser][];
}

/** Starts a server, logs in as root, sets the options and creates the users: every integration test's start. */
export async function startTestSite<Names extends string = never>(
  options: TestSiteOptions<Names> = {},
): Promise<TestSite<Names>> {
  const { options: siteOptions, users: userSpecs, ...serverOptions } = options;
  const server = await startTestServer(serverOptions);
  try {
    const root = await loginAsRoot(server);
    if (siteOptions)
      await setOptions(root, typeof siteOptions === 'function' ? siteOptions(server) : siteOptions);
    const users = {} as Record<Names, ApiClient>;
    for (const [name, spec] of siteUsers(userSpecs)) {
      const { username, ...login } = typeof spec === 'string' ? { username: spec } : spec;
      users[name] = await createUserAndLogin(server, root, username, login);
    }
    return { server, root, users, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
