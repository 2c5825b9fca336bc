/**
 * The shared plumbing of the fake vendor upstreams (Claude, Gemini): a node:http server on 127.0.0.1
 * that records every request and hands JSON bodies to a route function. Written independently of the
 * gateway's own codecs, so tests through them check the gateway against the vendors' wire formats.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { sendJson } from '../fake-upstream/handlers.ts';
import { parseMultipart } from '../fake-upstream/multipart-body.ts';
import { listenOnLoopback } from '../loopback.ts';

export interface RecordedVendorRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The body as sent (signatures cover the bytes). */
  raw: string;
}

export interface FakeVendor {
  url: string;
  readonly requests: RecordedVendorRequest[];
  close(): Promise<void>;
}

export type VendorRoute = (request: RecordedVendorRequest, response: ServerResponse) => Promise<void> | void;

export { sendJson };

export function startSse(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Starts a fake; `record: false` keeps no requests (benchmarks send hundreds of thousands). */
export async function startFakeVendor(
  route: VendorRoute,
  options: { record?: boolean } = {},
): Promise<FakeVendor> {
  const requests: RecordedVendorRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      const text = Buffer.concat(chunks).toString('utf8');
      const contentType = String(request.headers['content-type'] ?? '');
      if (text && contentType.includes('x-www-form-urlencoded')) {
        body = Object.fromEntries(new URLSearchParams(text));
      } else if (contentType.startsWith('multipart/form-data')) {
        const parsed = parseMultipart(Buffer.concat(chunks), contentType);
        if (typeof parsed === 'string') {
          sendJson(response, 400, { error: { message: `bad multipart body: ${parsed}` } });
          return;
        }
        body = { ...parsed.fields, files: parsed.files };
      } else if (text) {
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          sendJson(response, 400, { error: { message: 'body is not JSON' } });
          return;
        }
      }
      const recorded = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body,
        raw: text,
      };
      if (options.record !== false) requests.push(recorded);
      Promise.resolve(route(recorded, response)).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
        else response.destroy();
      });
    });
  });
  return {
    url: await listenOnLoopback(server),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
