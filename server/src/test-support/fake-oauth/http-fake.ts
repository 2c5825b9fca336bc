/** The plumbing shared by the fake login providers: a loopback HTTP server and request helpers. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpFake {
  url: string;
  close(): Promise<void>;
}

export type FakeHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) => Promise<void> | void;

/** Listens on 127.0.0.1 with a free port; unhandled paths answer 404. */
export async function startHttpFake(handler: FakeHandler): Promise<HttpFake> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    Promise.resolve(handler(request, response, url)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readText(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/** A form body (or a JSON one, as some clients send to OAuth token endpoints) as string fields. */
export async function readFields(request: IncomingMessage): Promise<Record<string, string>> {
  const text = await readText(request);
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The token of an `Authorization: Bearer …` header, or ''. */
export function bearerToken(request: IncomingMessage): string {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? '';
}

/** Single-use codes and the access tokens they turn into, as an authorization server keeps them. */
export class GrantBook<T> {
  private readonly codes = new Map<string, { subject: T; redirectUri?: string }>();
  private readonly tokens = new Map<string, T>();
  private counter = 0;

  issueCode(subject: T, redirectUri?: string): string {
    this.counter += 1;
    const code = `code${this.counter}x${Math.random().toString(36).slice(2, 10)}`;
    this.codes.set(code, redirectUri === undefined ? { subject } : { subject, redirectUri });
    return code;
  }

  /** Consumes a code: the subject and the redirect address it was issued for, or null. */
  redeemCode(code: string): { subject: T; redirectUri?: string } | null {
    const grant = this.codes.get(code);
    if (!grant) return null;
    this.codes.delete(code);
    return grant;
  }

  issueToken(subject: T): string {
    this.counter += 1;
    const token = `token${this.counter}x${Math.random().toString(36).slice(2, 12)}`;
    this.tokens.set(token, subject);
    return token;
  }

  subjectOf(token: string): T | undefined {
    return this.tokens.get(token);
  }
}
