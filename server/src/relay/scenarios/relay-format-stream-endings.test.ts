/**
 * The stream-ending rules of docs/decisions/0005-stream-metering.md hold for every client format whose
 * stream is converted (Claude Messages, Gemini, OpenAI Responses from an OpenAI Chat upstream): failure
 * before output → the client gets an error in its format and nothing is charged; the upstream cut after
 * output → the client gets its format's error event, the delivered part is billed; the client leaving
 * → what was delivered is billed. In every case the balance moves by exactly the logged quota.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'gpt-4o';
const UPSTREAM_KEY = 'endings-key';
const REPLY = 'alpha beta gamma delta epsilon zeta';

const { fixture } = setUpRelayFixture({ userQuota: 1_000_000 });
let key: string;

interface StreamCall {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** What the client sees when the stream is cut after output. */
  cutMarker: RegExp;
  /** The delivered text of a stream body. */
  text(body: string): string;
}

function dataOf(body: string): Record<string, unknown>[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
}

const calls: Record<string, () => StreamCall> = {
  claude: () => ({
    url: `${fixture.server.url}/v1/messages`,
    headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    body: { model: MODEL, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'x' }] },
    cutMarker: /event: error/,
    text: (body) =>
      dataOf(body)
        .map((event) => (event.delta as { text?: string } | undefined)?.text ?? '')
        .join(''),
  }),
  gemini: () => ({
    url: `${fixture.server.url}/v1beta/models/${MODEL}:streamGenerateContent?alt=sse`,
    headers: { 'x-goog-api-key': key },
    body: { contents: [{ role: 'user', parts: [{ text: 'x' }] }] },
    cutMarker: /"error"/,
    text: (body) =>
      dataOf(body)
        .flatMap(
          (event) => (event.candidates as { content?: { parts?: { text?: string }[] } }[] | undefined) ?? [],
        )
        .flatMap((candidate) => candidate.content?.parts ?? [])
        .map((part) => part.text ?? '')
        .join(''),
  }),
  responses: () => ({
    url: `${fixture.server.url}/v1/responses`,
    headers: { authorization: `Bearer ${key}` },
    body: { model: MODEL, input: 'x', stream: true },
    cutMarker: /response\.failed|"type":"error"/,
    text: (body) =>
      dataOf(body)
        .filter((event) => event.type === 'response.output_text.delta')
        .map((event) => String(event.delta))
        .join(''),
  }),
};

function post(call: StreamCall, signal?: AbortSignal) {
  return fetch(call.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...call.headers },
    body: JSON.stringify(call.body),
    ...(signal ? { signal } : {}),
  });
}

beforeAll(async () => {
  await fixture.addChannel({ key: UPSTREAM_KEY, models: MODEL });
  await fixture.setOption('RetryTimes', '0');
  key = `sk-${fixture.token.key}`;
});

describe.each(Object.keys(calls))('%s client streams from an OpenAI Chat upstream', (format) => {
  it("failure before output: an error in the client's format, nothing charged, nothing logged", async () => {
    fixture.upstream.setBehaviorForKey(UPSTREAM_KEY, { status: 500 });
    const before = await fixture.userQuota();
    const logsBefore = (await fixture.consumeLogs()).length;
    const response = await post(calls[format]!());
    expect(response.status).toBe(500);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error ?? body.type).toBeTruthy();
    expect(await fixture.userQuota()).toBe(before);
    expect((await fixture.consumeLogs()).length).toBe(logsBefore);
    fixture.upstream.setBehaviorForKey(UPSTREAM_KEY, undefined);
  });

  it("upstream cut after output: the error event in the client's format, the delivered part billed", async () => {
    fixture.upstream.setBehaviorForKey(UPSTREAM_KEY, {
      dropAfterChunks: 3,
      omitUsage: true,
      replyText: REPLY,
    });
    const call = calls[format]!();
    const before = await fixture.userQuota();
    const response = await post(call);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(call.text(body).trim().split(/\s+/)).toHaveLength(3);
    expect(body).toMatch(call.cutMarker);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.completion_tokens).toBeGreaterThanOrEqual(3);
    expect(log.completion_tokens).toBeLessThan(6);
    expect(before - (await fixture.userQuota())).toBe(log.quota);
    fixture.upstream.setBehaviorForKey(UPSTREAM_KEY, undefined);
  });

  it('client leaves mid-stream: what was delivered is billed, the reservation released', async () => {
    fixture.upstream.setBehaviorForKey(UPSTREAM_KEY, { chunkCount: 200, chunkDelayMs: 20, replyText: REPLY });
    const before = await fixture.userQuota();
    const logsBefore = (await fixture.consumeLogs()).length;
    const controller = new AbortController();
    const response = await post(calls[format]!(), controller.signal);
    const reader = response.body!.getReader();
    let received = '';
    while (received.split('\n').filter((line) => line.startsWith('data: ')).length < 4) {
      const { value, done } = await reader.read();
      if (done) break;
      received += Buffer.from(value).toString('utf8');
    }
    controller.abort();
    await reader.cancel().catch(() => undefined);
    let logs = await fixture.consumeLogs();
    for (let wait = 0; wait < 50 && logs.length === logsBefore; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      logs = await fixture.consumeLogs();
    }
    const log = logs.at(-1)!;
    expect(logs.length).toBe(logsBefore + 1);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeLessThan(200);
    expect(before - (await fixture.userQuota())).toBe(log.quota);
    fixture.upstream.setBehaviorForKey(UPSTREAM_KEY, undefined);
  });
});
