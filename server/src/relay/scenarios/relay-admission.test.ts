/**
 * Admission of large requests (docs/decisions/0010-relay-admission-and-usage-bounds.md): a caller who
 * cannot pay even an empty prompt is refused before the body is decoded or the prompt counted, a request
 * over a limit is refused naming it, a body too deep or too complex is refused before it is parsed, and a
 * large body is relayed byte for byte although it is decoded, parsed and encoded in slices. Wall-clock
 * latency under a 30 MB prompt and 40,000 messages is asserted in relay-admission.timing.test.ts.
 */
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('relay admission', () => {
  // Under the trusted-balance threshold, so calls are pre-consumed.
  const { fixture } = setUpRelayFixture({ userQuota: 4_000_000, environment: { MAX_REQUEST_BODY_MB: '8' } });

  beforeAll(async () => {
    await fixture.addChannel();
  });

  it('refuses a key that cannot pay an empty prompt before counting its input', async () => {
    const token = await fixture.addToken({ remain_quota: 1, unlimited_quota: false });
    const client = fixture.clientFor(`sk-${token.key}`);
    const refusals = await Promise.all(
      ['x', 'x'.repeat(150_000)].map((input) =>
        failureOf(client.embeddings.create({ model: 'text-embedding-3-small', input })),
      ),
    );
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.code).toBe('insufficient_token_quota');
      expect(refusal.message).toMatch(/cannot cover even the least this request can cost/);
    }
    // The amount named does not depend on the input: the prompt was not counted.
    const amount = (message: string) => /cost \((\d+)\)/.exec(message)?.[1];
    expect(amount(refusals[1]!.message)).toBe(amount(refusals[0]!.message));
  });

  it('refuses a user who cannot pay an empty prompt', async () => {
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 10 });
    try {
      const refusal = await failureOf(
        fixture.openai.chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'y'.repeat(200_000) }],
        }),
      );
      expect(refusal.status).toBe(403);
      expect(refusal.code).toBe('insufficient_user_quota');
      expect(refusal.message).toMatch(/user quota \(10\) cannot cover even the least/);
    } finally {
      await fixture.root.put('/api/user/', { id: fixture.userId, quota: 4_000_000 });
    }
  });

  it('relays a large body with multi-byte text across chunk and slice boundaries unchanged', async () => {
    const messages: OpenAI.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'short "quoted" \\ text' },
      { role: 'user', content: '漢字😀"\\\n\u0001'.repeat(200_000) },
      { role: 'user', content: [{ type: 'text', text: `é${'a b '.repeat(300_000)}` }] },
    ];
    const completion = await fixture.openai.chat.completions.create({ model: 'gpt-4o-mini', messages });
    expect(completion.choices[0]?.message.content).toBeTruthy();
    const received = fixture.upstream.requests.at(-1)?.body as { model: string; messages: unknown };
    expect(received.model).toBe('gpt-4o-mini');
    expect(received.messages).toEqual(messages);
  });

  const post = (body: string) =>
    fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
      body,
    });

  it('refuses a large body that is not valid JSON, and one over MAX_REQUEST_BODY_MB, in OpenAI format', async () => {
    const broken = await post(
      `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${'z'.repeat(2_000_000)}"}`,
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(/not valid JSON/);
    const huge = await post(
      JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'z'.repeat(9 * 1024 * 1024) }],
      }),
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('body_too_large');
  });

  const postAs = (key: string, path: string, body: unknown) =>
    fetch(`${fixture.server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** The error message of a reply in any surface's format (OpenAI, Claude and Gemini all nest `error`). */
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { message: string; code?: unknown; type?: string } }).error;

  const many = Array.from({ length: 40_000 }, () => 'a');
  // Each body ends with an entry its format's decoder refuses (400) — if it were ever decoded.
  const malformed: { route: string; path: string; body: unknown; paying?: number }[] = [
    {
      route: 'chat completions',
      path: '/v1/chat/completions',
      body: { model: 'gpt-4o-mini', messages: [...many.map((content) => ({ role: 'user', content })), 42] },
      // OpenAI chat to an OpenAI channel passes through undecoded: the upstream judges the body.
      paying: 200,
    },
    {
      route: 'messages',
      path: '/v1/messages',
      body: {
        model: 'gpt-4o-mini',
        max_tokens: 16,
        messages: [...many.map((content) => ({ role: 'user', content })), { role: 'robot', content: 'a' }],
      },
    },
    {
      route: 'responses',
      path: '/v1/responses',
      body: { model: 'gpt-4o-mini', input: [...many.map((content) => ({ role: 'user', content })), 42] },
    },
    {
      route: 'generateContent',
      path: '/v1beta/models/gpt-4o-mini:generateContent',
      body: {
        contents: [
          ...many.map((text) => ({ role: 'user', parts: [{ text }] })),
          { role: 'robot', parts: [] },
        ],
      },
    },
  ];

  it.each(malformed)(
    'refuses a key that cannot pay before its $route body is decoded',
    async ({ path, body, paying = 400 }) => {
      const token = await fixture.addToken({ remain_quota: 1, unlimited_quota: false });
      const refusal = await postAs(`sk-${token.key}`, path, body);
      expect(refusal.status).toBe(403);
      expect((await errorOf(refusal)).message).toMatch(/cannot cover even the least this request can cost/);
      // The same body from a key that can pay is decoded, and refused for what it is.
      const decoded = await postAs(`sk-${fixture.token.key}`, path, body);
      expect(decoded.status).toBe(paying);
    },
  );

  const overLimit = (length: number) => Array.from({ length }, () => 'a');
  const limits = [
    {
      route: 'chat completions',
      path: '/v1/chat/completions',
      body: {
        model: 'gpt-4o-mini',
        messages: overLimit(100_001).map((content) => ({ role: 'user', content })),
      },
      field: 'messages',
    },
    {
      route: 'messages',
      path: '/v1/messages',
      body: {
        model: 'gpt-4o-mini',
        max_tokens: 16,
        messages: overLimit(100_001).map((content) => ({ role: 'user', content })),
      },
      field: 'messages',
    },
    {
      route: 'count_tokens',
      path: '/v1/messages/count_tokens',
      body: {
        model: 'gpt-4o-mini',
        messages: overLimit(100_001).map((content) => ({ role: 'user', content })),
      },
      field: 'messages',
    },
    {
      route: 'responses',
      path: '/v1/responses',
      body: { model: 'gpt-4o-mini', input: overLimit(100_001).map((content) => ({ role: 'user', content })) },
      field: 'input',
    },
    {
      route: 'generateContent',
      path: '/v1beta/models/gpt-4o-mini:generateContent',
      body: { contents: overLimit(100_001).map((text) => ({ role: 'user', parts: [{ text }] })) },
      field: 'contents',
    },
    {
      route: 'embeddings',
      path: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: overLimit(2049) },
      field: 'input',
    },
  ];

  it.each(limits)(
    'refuses a $route request over its limit, naming the field',
    async ({ path, body, field }) => {
      const spent = await fixture.userQuota();
      const requests = fixture.upstream.requests.length;
      const response = await postAs(`sk-${fixture.token.key}`, path, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(
        new RegExp(
          `^Invalid '${field}': array too long\\. Expected an array with maximum length \\d+, but got`,
        ),
      );
      expect(fixture.upstream.requests.length).toBe(requests);
      await fixture.flush();
      expect(await fixture.userQuota()).toBe(spent);
    },
  );

  it('refuses a Gemini batch of more than 100 embeddings with Google error text', async () => {
    const requests = Array.from({ length: 101 }, () => ({ content: { parts: [{ text: 'a' }] } }));
    const response = await postAs(
      `sk-${fixture.token.key}`,
      '/v1beta/models/text-embedding-3-small:batchEmbedContents',
      { requests },
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(
      /BatchEmbedContentsRequest\.requests: at most 100 requests/,
    );
  });

  it('refuses a body nested too deeply for JSON.stringify with 400, on the direct path and through Fastify', async () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const chat = `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"user_data":${deep(6000)}}`;
    const claude = `{"model":"gpt-4o-mini","max_tokens":8,"messages":[{"role":"user","content":"hi"}],"x":${deep(6000)}}`;
    for (const [path, body] of [
      ['/v1/chat/completions', chat],
      ['/v1/messages', claude],
    ] as const) {
      const response = await postAs(`sk-${fixture.token.key}`, path, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/nests JSON values more than 512 levels deep/);
    }
  });
});
