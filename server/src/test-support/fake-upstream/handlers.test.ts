import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { request } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { SseParser } from '../../lib/sse.ts';
import { contentOf, helloMessages as messages, setUpFakeUpstream } from './sdk-session.ts';

const fake = setUpFakeUpstream();

describe('connection behaviours', () => {
  it('drops the connection in the middle of a stream', async () => {
    fake.upstream.setBehavior({ dropAfterChunks: 2 });
    const received: ChatCompletionChunk[] = [];
    const stream = await fake.client.chat.completions.create({ model: 'gpt-4o', messages, stream: true });
    await expect(
      (async () => {
        for await (const chunk of stream) received.push(chunk);
      })(),
    ).rejects.toThrow();
    expect(contentOf(received)).toBe('Hello from');
    expect(fake.upstream.requests[0]).toMatchObject({ chunksSent: 2, closedByClient: false });
  });

  it('drops a non-stream request without answering', async () => {
    fake.upstream.setBehavior({ dropAfterChunks: 0 });
    await expect(fake.client.chat.completions.create({ model: 'gpt-4o', messages })).rejects.toBeInstanceOf(
      OpenAI.APIConnectionError,
    );
  });

  it('waits before the headers and between chunks', async () => {
    fake.upstream.setBehavior({ latencyMs: 150 });
    let started = performance.now();
    await fake.client.models.list();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    fake.upstream.setBehavior({ latencyMs: 0, chunkDelayMs: 60, replyText: 'a b c' });
    started = performance.now();
    const arrivals: number[] = [];
    const stream = await fake.client.chat.completions.create({ model: 'gpt-4o', messages, stream: true });
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) arrivals.push(performance.now() - started);
    }
    expect(arrivals).toHaveLength(3);
    expect(arrivals[0]).toBeGreaterThanOrEqual(50);
    expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(100);
  });

  it('stalls a stream and notices when the client gives up', async () => {
    fake.upstream.setBehavior({ stallAfterChunks: 1 });
    const controller = new AbortController();
    const stream = await fake.client.chat.completions.create(
      { model: 'gpt-4o', messages, stream: true },
      { signal: controller.signal },
    );
    const received: string[] = [];
    // The SDK ends the iteration quietly when its own signal aborts.
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) {
        received.push(content);
        controller.abort();
      }
    }
    expect(received).toEqual(['Hello']);
    await vi.waitFor(() => expect(fake.upstream.requests[0]?.closedByClient).toBe(true));
    expect(fake.upstream.requests[0]?.chunksSent).toBe(1);
  });

  it('hangs without headers until the client times out', async () => {
    fake.upstream.setBehavior({ hang: true });
    await expect(
      fetch(`${fake.upstream.url}/v1/models`, { signal: AbortSignal.timeout(150) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    await vi.waitFor(() => expect(fake.upstream.requests[0]?.closedByClient).toBe(true));
  });

  it('streams a long reply chunk by chunk', async () => {
    fake.upstream.setBehavior({ chunkCount: 20_000 });
    const response = await request(`${fake.upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    const parser = new SseParser();
    let events = 0;
    let lastData = '';
    let usageData = '';
    for await (const chunk of response.body) {
      for (const event of parser.push(chunk as Buffer)) {
        events += 1;
        if (event.data.includes('"usage":{')) usageData = event.data;
        lastData = event.data;
      }
    }
    expect(events).toBe(20_004);
    expect(lastData).toBe('[DONE]');
    expect(JSON.parse(usageData).usage.completion_tokens).toBe(20_000);
    expect(fake.upstream.requests[0]?.chunksSent).toBe(20_000);
  });
});

describe('other routes', () => {
  it('answers text completions, stream and not', async () => {
    const completion = await fake.client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say this',
    });
    expect(completion.choices[0]?.text).toBe('Hello from fake upstream');
    expect(completion.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 4, total_tokens: 6 });

    const stream = await fake.client.completions.create({
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say this',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.text ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from fake upstream');
    expect(usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 4 });
  });

  it('answers embeddings with one deterministic vector per input', async () => {
    const decoded = await fake.client.embeddings.create({
      model: 'text-embedding-3-small',
      input: ['a b', 'c'],
    });
    expect(decoded.data).toHaveLength(2);
    expect(decoded.data[0]?.embedding).toHaveLength(8);
    expect(decoded.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    const floats = await fake.client.embeddings.create({
      model: 'text-embedding-3-small',
      input: 'a b',
      encoding_format: 'float',
      dimensions: 4,
    });
    expect(floats.data[0]?.embedding).toEqual(decoded.data[0]?.embedding.slice(0, 4));
    expect(fake.upstream.requests[0]?.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 0 });
  });

  it('answers moderations', async () => {
    const clean = await fake.client.moderations.create({
      model: 'omni-moderation-latest',
      input: ['one', 'two'],
    });
    expect(clean.results).toHaveLength(2);
    expect(clean.results[0]?.flagged).toBe(false);
    fake.upstream.setBehavior({ moderationFlagged: true });
    const flagged = await fake.client.moderations.create({ input: 'something' });
    expect(flagged.results[0]?.flagged).toBe(true);
    expect(flagged.results[0]?.categories.violence).toBe(true);
  });

  it('lists models', async () => {
    fake.upstream.setBehavior({ models: ['model-a', 'model-b'] });
    const page = await fake.client.models.list();
    expect(page.data.map((model) => model.id)).toEqual(['model-a', 'model-b']);
    expect(fake.upstream.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', body: undefined });
  });

  it('answers the billing endpoints used for balance checks', async () => {
    fake.upstream.setBehavior({ billingHardLimitUsd: 120, billingUsedUsd: 33.25 });
    const subscription = await request(`${fake.upstream.url}/v1/dashboard/billing/subscription`);
    expect(await subscription.body.json()).toMatchObject({
      object: 'billing_subscription',
      hard_limit_usd: 120,
    });
    const usage = await request(
      `${fake.upstream.url}/v1/dashboard/billing/usage?start_date=2025-01-01&end_date=2025-02-01`,
    );
    expect(await usage.body.json()).toMatchObject({ total_usage: 3325 });
    expect(fake.upstream.requests[1]?.query).toEqual({ start_date: '2025-01-01', end_date: '2025-02-01' });
  });
});
