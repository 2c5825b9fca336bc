import OpenAI, { AzureOpenAI } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../lib/sse.ts';
import { openaiUsage } from '../openai-usage.ts';
import { FAKE_BEHAVIOR_HEADER, startFakeUpstream } from './fake-upstream.ts';
import { contentOf, helloMessages as messages, setUpFakeUpstream } from './sdk-session.ts';

const fake = setUpFakeUpstream();

/** The usage the fake reports for `messages` with the default reply (5 prompt words, 4 reply words). */
const defaultUsage = openaiUsage(5, 4);

async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('chat completions', () => {
  it('answers a non-stream request and records what it received', async () => {
    const completion = await fake.client.chat.completions.create({ model: 'gpt-4o', messages });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gpt-4o');
    expect(completion.choices[0]?.message.content).toBe('Hello from fake upstream');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage).toEqual(defaultUsage);

    expect(fake.upstream.requests).toHaveLength(1);
    const recorded = fake.upstream.requests[0]!;
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/chat/completions', apiKey: 'sk-test-key' });
    expect(recorded.headers.authorization).toBe('Bearer sk-test-key');
    expect(recorded.body).toEqual({ model: 'gpt-4o', messages });
    expect(recorded.usage).toEqual(defaultUsage);
    expect(recorded.closedByClient).toBe(false);
  });

  it('streams with a final usage chunk only when include_usage is asked, like OpenAI', async () => {
    const chunks = await collect(
      await fake.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(contentOf(chunks)).toBe('Hello from fake upstream');
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual(defaultUsage);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.usage).toBeNull();
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(fake.upstream.requests[0]?.chunksSent).toBe(4);
  });

  it('streams without any usage field when include_usage is not asked', async () => {
    const chunks = await collect(
      await fake.client.chat.completions.create({ model: 'gpt-4o', messages, stream: true }),
    );
    expect(contentOf(chunks)).toBe('Hello from fake upstream');
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(chunks.every((chunk) => chunk.choices.length === 1)).toBe(true);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('ends the raw stream exactly as OpenAI does', async () => {
    const response = await request(`${fake.upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-raw' },
      body: JSON.stringify({
        model: 'gpt-4o',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const text = await response.body.text();
    expect(text.endsWith('}\n\ndata: [DONE]\n\n')).toBe(true);
    const events = new SseParser().push(text);
    expect(events).toHaveLength(8); // role, 4 words, finish, usage, [DONE]
    expect(JSON.parse(events[6]!.data)).toMatchObject({ object: 'chat.completion.chunk', choices: [] });
  });

  it('caps the reply at max_tokens with finish_reason length', async () => {
    const completion = await fake.client.chat.completions.create({
      model: 'gpt-4o',
      messages,
      max_tokens: 2,
    });
    expect(completion.choices[0]?.message.content).toBe('Hello from');
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage?.completion_tokens).toBe(2);
  });

  it('uses the configured reply, model and token counts', async () => {
    fake.upstream.setBehavior({
      replyText: 'one two three',
      chunkCount: 5,
      model: 'gpt-4o-2024-08-06',
      promptTokens: 100,
      cachedTokens: 40,
      reasoningTokens: 7,
    });
    const completion = await fake.client.chat.completions.create({ model: 'mapped-name', messages });
    expect(completion.model).toBe('gpt-4o-2024-08-06');
    expect(completion.choices[0]?.message.content).toBe('one two three one two');
    expect(completion.usage).toMatchObject({
      prompt_tokens: 100,
      completion_tokens: 12,
      total_tokens: 112,
      prompt_tokens_details: { cached_tokens: 40 },
      completion_tokens_details: { reasoning_tokens: 7 },
    });
  });

  it('omits usage when told to, in both modes', async () => {
    fake.upstream.setBehavior({ omitUsage: true });
    const completion = await fake.client.chat.completions.create({ model: 'gpt-4o', messages });
    expect(completion.usage).toBeUndefined();
    const chunks = await collect(
      await fake.client.chat.completions.create({
        model: 'gpt-4o',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(contentOf(chunks)).toBe('Hello from fake upstream');
    expect(chunks.some((chunk) => chunk.usage)).toBe(false);
    expect(fake.upstream.requests[1]?.usage?.completion_tokens).toBe(4);
  });

  it('refuses a request without messages', async () => {
    await expect(fake.client.chat.completions.create({ model: 'gpt-4o' } as never)).rejects.toMatchObject({
      status: 400,
      code: 'missing_required_parameter',
    });
  });
});

describe('error switches', () => {
  it('answers 401 invalid_api_key', async () => {
    fake.upstream.setBehavior({ status: 401 });
    const error = await fake.client.chat.completions
      .create({ model: 'gpt-4o', messages })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    expect(error.message).toContain('Incorrect API key provided');
  });

  it('answers 429 and 500 with OpenAI bodies, and custom bodies when given', async () => {
    fake.upstream.setBehavior({ status: 429 });
    await expect(fake.client.chat.completions.create({ model: 'gpt-4o', messages })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
    });
    fake.upstream.setBehavior({ status: 500 });
    await expect(fake.client.chat.completions.create({ model: 'gpt-4o', messages })).rejects.toBeInstanceOf(
      OpenAI.InternalServerError,
    );
    fake.upstream.setBehavior({
      status: 429,
      errorBody: { error: { message: 'quota', type: 'insufficient_quota' } },
    });
    await expect(fake.client.chat.completions.create({ model: 'gpt-4o', messages })).rejects.toMatchObject({
      status: 429,
      type: 'insufficient_quota',
    });
  });

  it('sends a raw non-JSON error body', async () => {
    fake.upstream.setBehavior({ status: 502, errorRawBody: '<html>Bad Gateway</html>' });
    const response = await request(`${fake.upstream.url}/v1/models`);
    expect(response.statusCode).toBe(502);
    expect(await response.body.text()).toBe('<html>Bad Gateway</html>');
  });

  it('checks the key when one is required', async () => {
    fake.upstream.setBehavior({ requiredApiKey: 'sk-right' });
    await expect(fake.client.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    const models = await fake.clientFor('sk-right').models.list();
    expect(models.data.length).toBeGreaterThan(0);
  });

  it('keeps per-request and per-key behaviours apart from each other', async () => {
    fake.upstream.setBehaviorForKey('sk-failing', { status: 503 });
    const [plain, header, failing] = await Promise.allSettled([
      fake.client.chat.completions.create({ model: 'gpt-4o', messages }),
      fake.client.chat.completions.create(
        { model: 'gpt-4o', messages },
        { headers: { [FAKE_BEHAVIOR_HEADER]: JSON.stringify({ replyText: 'from the header' }) } },
      ),
      fake.clientFor('sk-failing').chat.completions.create({ model: 'gpt-4o', messages }),
    ]);
    expect(plain.status === 'fulfilled' && plain.value.choices[0]?.message.content).toBe(
      'Hello from fake upstream',
    );
    expect(header.status === 'fulfilled' && header.value.choices[0]?.message.content).toBe('from the header');
    expect(failing.status === 'rejected' && (failing.reason as { status: number }).status).toBe(503);
  });

  it('rejects an invalid behaviour loudly', async () => {
    expect(() => fake.upstream.setBehavior({ statsu: 500 } as never)).toThrow(
      'unknown fake behavior field "statsu"',
    );
    expect(() => fake.upstream.setBehavior({ chunkDelayMs: -1 })).toThrow('invalid fake behavior field');
    await expect(
      fake.client.models.list({ headers: { [FAKE_BEHAVIOR_HEADER]: '{not json' } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('routing', () => {
  it('answers Azure-style deployment paths with the api-key header', async () => {
    const azure = new AzureOpenAI({
      endpoint: fake.upstream.url,
      apiKey: 'azure-secret',
      apiVersion: '2024-10-21',
      deployment: 'my-gpt4o',
      maxRetries: 0,
    });
    const completion = await azure.chat.completions.create({ model: 'gpt-4o', messages });
    expect(completion.choices[0]?.message.content).toBe('Hello from fake upstream');
    expect(fake.upstream.requests[0]).toMatchObject({
      path: '/openai/deployments/my-gpt4o/chat/completions',
      query: { 'api-version': '2024-10-21' },
      deployment: 'my-gpt4o',
      apiKey: 'azure-secret',
    });
    expect(fake.upstream.requests[0]?.headers['api-key']).toBe('azure-secret');

    const withoutVersion = await request(
      `${fake.upstream.url}/openai/deployments/my-gpt4o/chat/completions`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': 'azure-secret' },
        body: JSON.stringify({ messages }),
      },
    );
    expect(withoutVersion.statusCode).toBe(404);
    expect(await withoutVersion.body.json()).toEqual({
      error: { code: '404', message: 'Resource not found' },
    });
  });

  it('answers unknown paths and malformed JSON like OpenAI', async () => {
    const unknown = await request(`${fake.upstream.url}/v1/unknown`, { method: 'POST', body: '{}' });
    expect(unknown.statusCode).toBe(404);
    expect(await unknown.body.json()).toMatchObject({ error: { message: 'Invalid URL (POST /v1/unknown)' } });
    const malformed = await request(`${fake.upstream.url}/v1/chat/completions`, {
      method: 'POST',
      body: '{"model":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await malformed.body.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(fake.upstream.requests[1]?.body).toBe('{"model":');
  });
});

describe('recording', () => {
  it('keeps at most maxRecordedRequests and resets to the starting behaviour', async () => {
    const small = await startFakeUpstream({ maxRecordedRequests: 2, behavior: { replyText: 'start' } });
    try {
      const smallClient = new OpenAI({ apiKey: 'k', baseURL: `${small.url}/v1`, maxRetries: 0 });
      for (const model of ['m1', 'm2', 'm3']) await smallClient.chat.completions.create({ model, messages });
      expect(small.requests.map((recorded) => (recorded.body as { model: string }).model)).toEqual([
        'm2',
        'm3',
      ]);
      small.setBehavior({ replyText: 'changed' });
      small.reset();
      expect(small.requests).toHaveLength(0);
      const completion = await smallClient.chat.completions.create({ model: 'm4', messages });
      expect(completion.choices[0]?.message.content).toBe('start');
    } finally {
      await small.close();
    }
  });
});
