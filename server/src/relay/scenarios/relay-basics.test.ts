import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('relay through the official openai SDK', () => {
  const { fixture } = setUpRelayFixture();
  let channelId: number;

  beforeAll(async () => {
    channelId = await fixture.addChannel({ key: 'upstream-key-basics' });
  });

  it('relays a chat completion and charges the exact quota', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'say hello please' }],
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from fake upstream');
    const usage = completion.usage!;
    const expected = Math.round((usage.prompt_tokens + usage.completion_tokens * 4) * 1.25);
    expect(before - (await fixture.userQuota())).toBe(expected);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log).toMatchObject({
      model_name: 'gpt-4o',
      quota: expected,
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      channel_id: channelId,
      token_name: 'key',
      group: 'default',
    });
    expect(Boolean(log.is_stream)).toBe(false);
    const other = JSON.parse(log.other!);
    expect(other).toMatchObject({
      model_ratio: 1.25,
      completion_ratio: 4,
      group_ratio: 1,
      model_price: -1,
      admin_info: { use_channel: [channelId] },
    });
    const received = fixture.upstream.requests.at(-1)!;
    expect(received.apiKey).toBe('upstream-key-basics');
    expect(received.headers.authorization).not.toContain(fixture.token.key);
  });

  it('streams chunk by chunk, asks the upstream for usage, and hides it when the client did not ask', async () => {
    const stream = await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'stream please' }],
      stream: true,
    });
    let text = '';
    let usageChunks = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usageChunks += 1;
    }
    expect(text).toBe('Hello from fake upstream');
    expect(usageChunks).toBe(0);
    const sent = fixture.upstream.requests.at(-1)!.body as { stream_options?: { include_usage?: boolean } };
    expect(sent.stream_options?.include_usage).toBe(true);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBe(4);
    expect(JSON.parse(log.other!).frt).toBeGreaterThanOrEqual(0);
  });

  it('forwards the usage chunk when the client asked for it', async () => {
    const stream = await fixture.openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'count me' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const usages = [];
    for await (const chunk of stream) if (chunk.usage) usages.push(chunk.usage);
    expect(usages).toHaveLength(1);
    expect(usages[0]!.completion_tokens).toBe(4);
  });

  it('counts tokens itself when the upstream sends no usage, and makes up the usage chunk the client asked for', async () => {
    const key = `upstream-no-usage-${Date.now()}`;
    await fixture.addChannel({ key, models: 'no-usage-model', priority: 0 });
    await fixture.setOption(
      'ModelRatio',
      JSON.stringify({
        ...(fixture.server.context.options.getJson('ModelRatio') as object),
        'no-usage-model': 1,
      }),
    );
    fixture.upstream.setBehaviorForKey(key, { omitUsage: true, replyText: 'one two three four five six' });
    const before = await fixture.userQuota();
    const stream = await fixture.openai.chat.completions.create({
      model: 'no-usage-model',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const usages = [];
    for await (const chunk of stream) if (chunk.usage) usages.push(chunk.usage);
    expect(usages).toHaveLength(1);
    expect(usages[0]!.completion_tokens).toBeGreaterThanOrEqual(6);
    const charged = before - (await fixture.userQuota());
    expect(charged).toBe(usages[0]!.prompt_tokens + usages[0]!.completion_tokens);
  });

  it('relays completions, embeddings, moderations and lists the models of the key', async () => {
    const completion = await fixture.openai.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say hi',
    });
    expect(completion.choices[0]?.text).toContain('Hello');
    const embedding = await fixture.openai.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a b c', 'd e'],
    });
    expect(embedding.data).toHaveLength(2);
    expect(embedding.usage.prompt_tokens).toBeGreaterThan(0);
    const moderation = await fixture.openai.moderations.create({
      model: 'omni-moderation-latest',
      input: 'hello',
    });
    expect(moderation.results).toHaveLength(1);
    const models = await fixture.openai.models.list();
    expect(models.data.map((model) => model.id)).toEqual(
      expect.arrayContaining(['gpt-4o', 'gpt-4o-mini', 'text-embedding-3-small']),
    );
    expect((await fixture.openai.models.retrieve('gpt-4o')).id).toBe('gpt-4o');
  });

  it('answers unsupported routes with 501 and unknown models with 503 in OpenAI format', async () => {
    const unauthenticated = await fetch(`${fixture.server.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unauthenticated.status).toBe(401);
    const response = await fetch(`${fixture.server.url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(501);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('new_api_error');
    expect(body.error.message).toMatch(/\(request id: [0-9a-f]{32}\)$/);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    await fixture.setOption(
      'ModelRatio',
      JSON.stringify({
        ...(fixture.server.context.options.getJson('ModelRatio') as object),
        'no-channel-model': 1,
      }),
    );
    const missing = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'no-channel-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(missing).toMatchObject({ status: 503 });
    expect(missing.message).toMatch(/no available channel for model no-channel-model in group default/);
  });

  it('refuses models without a price unless self-use mode is on', async () => {
    await fixture.addChannel({ models: 'unpriced-model' });
    const refused = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'unpriced-model',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(refused).toMatchObject({ status: 400 });
    expect(refused.message).toMatch(/no price configured/);
    await fixture.setOption('SelfUseModeEnabled', 'true');
    const allowed = await fixture.openai.chat.completions.create({
      model: 'unpriced-model',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(allowed.choices).toHaveLength(1);
    await fixture.setOption('SelfUseModeEnabled', 'false');
  });

  it('reports the billing subscription and usage like OpenAI', async () => {
    const key = `sk-${fixture.token.key}`;
    const subscription = (await (
      await fetch(`${fixture.server.url}/v1/dashboard/billing/subscription`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as {
      object: string;
      hard_limit_usd: number;
    };
    expect(subscription.object).toBe('billing_subscription');
    expect(subscription.hard_limit_usd).toBeGreaterThan(0);
    const usage = (await (
      await fetch(`${fixture.server.url}/dashboard/billing/usage`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { total_usage: number };
    expect(usage.total_usage).toBeGreaterThan(0);
  });
});
