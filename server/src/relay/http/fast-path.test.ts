/**
 * The relay's direct path (server/src/relay/http/fast-path.ts) answers exactly as Fastify's routes do. Real
 * HTTP goes through the direct path; `app.inject` always goes through Fastify; Fastify's tracing channel
 * tells which of the two handled a request.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const fastifyHandled = { count: 0 };
const onStart = () => {
  fastifyHandled.count += 1;
};
const handlerChannel = tracingChannel('fastify.request.handler');

interface Answer {
  status: number;
  contentType: string | null;
  requestId: string | null;
  nosniff: string | null;
  body: string;
}

/** The body with this answer's request id replaced, so that two answers can be compared. */
function comparable(answer: Answer) {
  const body = answer.requestId ? answer.body.split(answer.requestId).join('<id>') : answer.body;
  return { ...answer, requestId: answer.requestId?.length, body };
}

describe('the relay direct path', () => {
  const { fixture } = setUpRelayFixture({ environment: { MAX_REQUEST_BODY_MB: '1' } });

  beforeAll(async () => {
    await fixture.addChannel({ key: 'upstream-key-direct' });
    handlerChannel.subscribe({ start: onStart, end() {}, asyncStart() {}, asyncEnd() {}, error() {} });
  });
  afterAll(() => {
    handlerChannel.unsubscribe({ start: onStart, end() {}, asyncStart() {}, asyncEnd() {}, error() {} });
  });

  async function overHttp(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
    const before = fastifyHandled.count;
    const response = await fetch(`${fixture.server.url}${path}`, { method: 'POST', headers, body });
    const answer = {
      status: response.status,
      contentType: response.headers.get('content-type'),
      requestId: response.headers.get('x-request-id'),
      nosniff: response.headers.get('x-content-type-options'),
      body: await response.text(),
    };
    expect(fastifyHandled.count - before, 'real HTTP is answered without Fastify').toBe(0);
    return answer;
  }

  async function throughFastify(
    path: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<Answer> {
    const response = await fixture.server.app.inject({ method: 'POST', url: path, headers, payload: body });
    const header = (name: string) => {
      const value = response.headers[name];
      return value === undefined ? null : String(value);
    };
    return {
      status: response.statusCode,
      contentType: header('content-type'),
      requestId: header('x-request-id'),
      nosniff: header('x-content-type-options'),
      body: response.body,
    };
  }

  const chat = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello' }] });
  const cases: { name: string; path?: string; key?: string | null; body: string; status: number }[] = [
    { name: 'a chat call', body: chat, status: 200 },
    { name: 'a trailing slash and a query', path: '/v1/chat/completions/?x=1', body: chat, status: 200 },
    {
      name: 'an embeddings call',
      path: '/v1/embeddings',
      body: '{"model":"text-embedding-3-small","input":"hi"}',
      status: 200,
    },
    { name: 'no key', key: null, body: chat, status: 401 },
    { name: 'an unknown key', key: 'sk-unknown', body: chat, status: 401 },
    { name: 'an empty body', body: '', status: 400 },
    { name: 'a body that is not JSON', body: '{"model":', status: 400 },
    { name: 'a JSON array', body: '[1,2]', status: 400 },
    { name: 'no model', body: '{"messages":[{"role":"user","content":"x"}]}', status: 400 },
    { name: 'no messages', body: '{"model":"gpt-4o","messages":[]}', status: 400 },
    {
      name: 'a model without a price',
      body: '{"model":"no-such-model","messages":[{"role":"user","content":"x"}]}',
      status: 400,
    },
    {
      name: 'a body over the limit',
      body: `{"model":"gpt-4o","pad":"${'x'.repeat(1024 * 1024)}"}`,
      status: 413,
    },
  ];

  for (const { name, path = '/v1/chat/completions', key, body, status } of cases) {
    it(`answers ${name} as Fastify's route does (${status})`, async () => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const usedKey = key === undefined ? `sk-${fixture.token.key}` : key;
      if (usedKey) headers.authorization = `Bearer ${usedKey}`;
      const direct = await overHttp(path, headers, body);
      const routed = await throughFastify(path, headers, body);
      expect(direct.status, direct.body).toBe(status);
      expect(direct.nosniff).toBe('nosniff');
      expect(direct.requestId).toMatch(/^[0-9a-f]{32}$/);
      // Ids of completions differ from call to call (the fake upstream numbers them).
      const normalize = (answer: Answer) => ({
        ...comparable(answer),
        body: comparable(answer).body.replace(/"id":"[^"]*"/g, '"id":"<id>"'),
      });
      expect(normalize(direct)).toEqual(normalize(routed));
    });
  }

  /**
   * The head of a reply as it goes over the wire (status line and header lines in order, names as written),
   * its request id, date and length masked: the headers the direct path writes, byte for byte.
   */
  async function wireHead(path: string, headers: Record<string, string>, body: string): Promise<string[]> {
    const { hostname, port } = new URL(fixture.server.url);
    const socket = connect(Number(port), hostname);
    const lines = Object.entries({
      host: `${hostname}:${port}`,
      ...headers,
      'content-length': String(Buffer.byteLength(body)),
    })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`POST ${path} HTTP/1.1\r\n${lines}\r\n\r\n${body}`);
    let received = '';
    for await (const chunk of socket) {
      received += (chunk as Buffer).toString('latin1');
      if (received.includes('\r\n\r\n')) break;
    }
    socket.destroy();
    return received
      .slice(0, received.indexOf('\r\n\r\n'))
      .split('\r\n')
      .map((line) =>
        line
          .replace(/^(X-Request-Id|x-request-id): [0-9a-f]{32}$/, '$1: <id>')
          .replace(/^(Date|content-length): .*$/, '$1: <masked>'),
      );
  }

  it.each([
    [
      'a chat reply',
      chat,
      true,
      [
        'HTTP/1.1 200 OK',
        'X-Request-Id: <id>',
        'X-Content-Type-Options: nosniff',
        'content-type: application/json',
        'content-length: <masked>',
        'Date: <masked>',
        'Connection: keep-alive',
        'Keep-Alive: timeout=72',
      ],
    ],
    [
      'a refusal',
      '{"model":',
      true,
      [
        'HTTP/1.1 400 Bad Request',
        'X-Request-Id: <id>',
        'X-Content-Type-Options: nosniff',
        'content-type: application/json; charset=utf-8',
        'content-length: <masked>',
        'Date: <masked>',
        'Connection: keep-alive',
        'Keep-Alive: timeout=72',
      ],
    ],
    [
      'a refused key',
      chat,
      false,
      [
        'HTTP/1.1 401 Unauthorized',
        'X-Request-Id: <id>',
        'X-Content-Type-Options: nosniff',
        'content-type: application/json; charset=utf-8',
        'content-length: <masked>',
        'Date: <masked>',
        'Connection: keep-alive',
        'Keep-Alive: timeout=72',
      ],
    ],
    [
      'a stream',
      JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
      true,
      [
        'HTTP/1.1 200 OK',
        'x-request-id: <id>',
        'x-content-type-options: nosniff',
        'content-type: text/event-stream; charset=utf-8',
        'cache-control: no-cache',
        'connection: keep-alive',
        'x-accel-buffering: no',
        'Date: <masked>',
        'Transfer-Encoding: chunked',
      ],
    ],
  ])('writes the head of %s as it always has', async (_name, body, withKey, expected) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (withKey) headers.authorization = `Bearer sk-${fixture.token.key}`;
    expect(await wireHead('/v1/chat/completions', headers, body)).toEqual(expected);
  });

  it('charges a call over the direct path like any other', async () => {
    const { spent, log } = await fixture.charged(() =>
      overHttp(
        '/v1/chat/completions',
        {
          'content-type': 'application/json; charset=utf-8',
          authorization: `Bearer sk-${fixture.token.key}`,
        },
        chat,
      ),
    );
    expect(spent).toBeGreaterThan(0);
    // No client IP: the user's setting record_ip_log is off (server/src/relay/billing/client-ip-log.test.ts).
    expect(log).toMatchObject({ model_name: 'gpt-4o', quota: spent, ip: '' });
  });

  it('leaves other content types to Fastify', async () => {
    const before = fastifyHandled.count;
    const url = `${fixture.server.url}/v1/chat/completions`;
    const authorization = `Bearer sk-${fixture.token.key}`;
    // Fastify reads text/plain as a string, which is not a JSON object.
    const plain = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'text/plain' },
      body: chat,
    });
    expect(plain.status).toBe(400);
    expect(fastifyHandled.count - before).toBe(1);
  });
});
