/**
 * Admission of large requests (docs/decisions/0010-relay-admission-and-usage-bounds.md): a caller who
 * cannot pay even an empty prompt is refused before the prompt is counted, and a large body is relayed
 * byte for byte although it is decoded, parsed and encoded in slices. Wall-clock latency under a 30 MB
 * prompt is asserted in relay-admission.timing.test.ts.
 */
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../test-support/test-site.ts';

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
});
