/**
 * A Midjourney-Proxy client of the relay fixture for the tests of this folder: JSON posts and reads with
 * the fixture's key (any header may be set, the Host too: undici sends it as given), and the stored row of
 * a task by the id the client sees; and a client's own callback receiver (its notifyHook).
 */
import { createServer } from 'node:http';
import { request } from 'undici';
import { listenOnLoopback } from '../../../test-support/loopback.ts';
import type { RelayFixture } from '../../../test-support/relay-fixture.ts';

export interface MjAnswer {
  status: number;
  body: Record<string, unknown>;
}

export function mjClient(fixture: RelayFixture) {
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<MjAnswer> => {
    const response = await request(`${fixture.server.url}${path}`, {
      method,
      headers: {
        'mj-api-secret': `sk-${fixture.token.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.body.text();
    return { status: response.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  return {
    post: (path: string, body: unknown, headers?: Record<string, string>) =>
      send('POST', path, body, headers),
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    /** `/mj/task/{id}/fetch` as the client reads it. */
    fetchTask: async (id: string) => (await send('GET', `/mj/task/${id}/fetch`)).body,
    /** The `midjourneys` row whose id (the one clients see) is `id`. */
    row: (id: string) =>
      fixture.server.context.database.db
        .selectFrom('midjourneys')
        .selectAll()
        .where('mj_id', '=', id)
        .executeTakeFirstOrThrow(),
    /** The refund rows (system logs) naming `id`. */
    refunds: async (id: string) => {
      await fixture.flush();
      return fixture.server.context.logDatabase.db
        .selectFrom('logs')
        .selectAll()
        .where('type', '=', 4)
        .where('content', 'like', `%${id}%`)
        .execute();
    },
  };
}

/** A real Midjourney-Proxy client's imagine body (as the proxy's API documentation shows it). */
export function imagineBody(prompt: string, notifyHook = 'https://client.example/hook') {
  return { base64Array: [], notifyHook, prompt, state: 'order-1' };
}

/** A client's callback receiver on loopback: the task objects posted to it, in order. */
export async function startHookReceiver(): Promise<{
  url: string;
  received: Record<string, unknown>[];
  close(): Promise<void>;
}> {
  const received: Record<string, unknown>[] = [];
  const server = createServer((incoming, response) => {
    let text = '';
    incoming.on('data', (chunk) => {
      text += chunk;
    });
    incoming.on('end', () => {
      received.push(JSON.parse(text) as Record<string, unknown>);
      response.end('ok');
    });
  });
  const base = await listenOnLoopback(server);
  return {
    url: `${base}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
