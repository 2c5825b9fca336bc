/**
 * OpenAI Responses clients (`POST /v1/responses`) through the official openai SDK: converted for OpenAI
 * Chat and Claude upstreams, passed through to an OpenAI channel that serves the Responses API (with
 * previous_response_id), errors in OpenAI's format with the key checked first, and billing.
 */
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { FAKE_CLAUDE_TEXT, startFakeClaude } from '../../test-support/fake-vendors/claude-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  FAKE_RESPONSES_ARGS,
  FAKE_RESPONSES_TEXT,
  FAKE_RESPONSES_USAGE,
  startFakeResponses,
} from '../../test-support/fake-vendors/responses-upstream.ts';
import { createUserAndLogin } from '../../test-support/test-server.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const CHAT_MODEL = 'gpt-4o-mini';
const CLAUDE_MODEL = 'claude-sonnet-4-20250514';
const RESPONSES_MODEL = 'gpt-5';
const RESPONSES_KEY = 'sk-proj-fake-responses-upstream';

const weatherTool = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

const { fixture } = setUpRelayFixture();
let claude: FakeVendor;
let responses: Awaited<ReturnType<typeof startFakeResponses>>;
let client: OpenAI;

beforeAll(async () => {
  // A custom OpenAI-compatible channel speaks Chat Completions only: Responses calls are converted.
  await fixture.addChannel({ type: 8, models: CHAT_MODEL });
  ({ vendor: claude } = await fixture.addVendorChannel(() => startFakeClaude('sk-ant-fake'), {
    type: 14,
    key: 'sk-ant-fake',
    models: CLAUDE_MODEL,
  }));
  ({ vendor: responses } = await fixture.addVendorChannel(() => startFakeResponses(RESPONSES_KEY), {
    type: 1,
    key: RESPONSES_KEY,
    models: RESPONSES_MODEL,
  }));
  client = new OpenAI({
    apiKey: `sk-${fixture.token.key}`,
    baseURL: `${fixture.server.url}/v1`,
    maxRetries: 0,
  });
});

describe('openai SDK responses.create on a Chat Completions upstream', () => {
  it('answers a stateless call, with instructions sent as a system message, and bills it', async () => {
    const before = await fixture.userQuota();
    const reply = await client.responses.create({
      model: CHAT_MODEL,
      instructions: 'Be brief.',
      input: 'Hi',
      max_output_tokens: 64,
    });
    expect(reply.object).toBe('response');
    expect(reply.status).toBe('completed');
    expect(reply.output_text).toBe(DEFAULT_REPLY_TEXT);
    expect(reply.usage?.output_tokens).toBeGreaterThan(0);
    const sent = fixture.upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect((sent.body as { messages: unknown[] }).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    const log = await fixture.lastConsumeLog();
    expect(log.model_name).toBe(CHAT_MODEL);
    expect(JSON.parse(String(log.other))).toMatchObject({
      request_format: 'openai-responses',
      upstream_format: 'openai-chat',
    });
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(await fixture.userQuota()).toBe(before - Number(log.quota));
  });

  it('streams typed events ending with response.completed carrying usage', async () => {
    const stream = await client.responses.create({ model: CHAT_MODEL, input: 'Hi', stream: true });
    const types: string[] = [];
    let text = '';
    let completed: OpenAI.Responses.Response | null = null;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.completed');
    expect(text).toBe(DEFAULT_REPLY_TEXT);
    expect(completed?.usage?.output_tokens).toBeGreaterThan(0);
    // The upstream was asked for its stream usage.
    expect((fixture.upstream.requests.at(-1)!.body as Record<string, unknown>).stream_options).toEqual({
      include_usage: true,
    });
  });

  it('refuses a previous_response_id this gateway did not relay, charging nothing and asking no upstream', async () => {
    const before = await fixture.userQuota();
    const asked = fixture.upstream.requests.length + responses.requests.length;
    const error = await client.responses
      .create({ model: CHAT_MODEL, input: 'again', previous_response_id: 'resp_123' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('previous_response_not_found');
    expect(apiError.message).toMatch(/^400 Previous response with id 'resp_123' not found\. \(request id: /);
    expect(fixture.upstream.requests.length + responses.requests.length).toBe(asked);
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
  });
});

describe('openai SDK responses.create on a Claude upstream', () => {
  it('converts the call and the reply, stream and not', async () => {
    const reply = await client.responses.create({
      model: CLAUDE_MODEL,
      instructions: 'Be brief.',
      input: 'Hi',
    });
    expect(reply.output_text).toBe(FAKE_CLAUDE_TEXT);
    const sent = claude.requests.at(-1)!.body;
    expect(JSON.stringify(sent.system)).toContain('Be brief.');
    expect(sent.max_tokens).toBeGreaterThan(0);

    const stream = client.responses.stream({ model: CLAUDE_MODEL, input: 'Hi' });
    const final = await stream.finalResponse();
    expect(final.output_text).toBe(FAKE_CLAUDE_TEXT);
    expect(final.status).toBe('completed');
  });
});

describe('openai SDK responses.create on an OpenAI channel (pass-through)', () => {
  it('passes the body through untouched and keeps previous_response_id working', async () => {
    const first = await client.responses.create({
      model: RESPONSES_MODEL,
      input: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [weatherTool],
      reasoning: { effort: 'low' },
    });
    const upstream = responses.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/responses');
    expect(upstream.headers.authorization).toBe(`Bearer ${RESPONSES_KEY}`);
    expect(upstream.body.reasoning).toEqual({ effort: 'low' });
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call?.type === 'function_call' && JSON.parse(call.arguments)).toEqual(FAKE_RESPONSES_ARGS);

    const second = await client.responses.create({
      model: RESPONSES_MODEL,
      previous_response_id: first.id,
      input: [
        {
          type: 'function_call_output',
          call_id: call!.type === 'function_call' ? call!.call_id : '',
          output: 'sunny',
        },
      ],
      tools: [weatherTool],
    });
    expect(second.output_text).toBe(FAKE_RESPONSES_TEXT);
    expect(responses.requests.at(-1)!.body.previous_response_id).toBe(first.id);
    const log = await fixture.lastConsumeLog();
    expect(log.prompt_tokens).toBe(FAKE_RESPONSES_USAGE.input_tokens);
    expect(log.completion_tokens).toBe(FAKE_RESPONSES_USAGE.output_tokens);
  });

  it("refuses another user's response id, though the upstream would find it", async () => {
    const first = await client.responses.create({ model: RESPONSES_MODEL, input: 'Hi' });
    expect(responses.stored.has(first.id)).toBe(true);
    const other = await createUserAndLogin(fixture.server, fixture.root, 'responses-other');
    await fixture.root.put('/api/user/', { id: other.currentUserId, quota: 5_000_000 });
    const token = await other.post<{ key: string }>('/api/token/', {
      name: 'other',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
    });
    const stranger = new OpenAI({
      apiKey: `sk-${token.body.data!.key}`,
      baseURL: `${fixture.server.url}/v1`,
      maxRetries: 0,
    });
    const asked = responses.requests.length;
    const error = (await stranger.responses
      .create({ model: RESPONSES_MODEL, input: 'and?', previous_response_id: first.id })
      .catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('previous_response_not_found');
    expect(responses.requests.length).toBe(asked);
  });

  it('continues a response, streamed or not, at the channel that stores it', async () => {
    // A second account serves the same model: it does not hold the first account's responses.
    const { vendor: second } = await fixture.addVendorChannel(
      () => startFakeResponses(`${RESPONSES_KEY}-2`),
      {
        type: 1,
        key: `${RESPONSES_KEY}-2`,
        models: RESPONSES_MODEL,
      },
    );
    for (let round = 0; round < 6; round += 1) {
      const stream = client.responses.stream({ model: RESPONSES_MODEL, input: 'Hi' });
      const first = await stream.finalResponse();
      const holder = responses.stored.has(first.id) ? responses : second;
      const asked = holder.requests.length;
      const next = await client.responses.create({
        model: RESPONSES_MODEL,
        previous_response_id: first.id,
        input: 'And then?',
      });
      expect(next.output_text).toBe(FAKE_RESPONSES_TEXT);
      expect(holder.requests.length).toBe(asked + 1);
      expect(holder.requests.at(-1)!.body.previous_response_id).toBe(first.id);
    }
  });

  it('streams the upstream events through and bills the usage of response.completed', async () => {
    const stream = client.responses.stream({ model: RESPONSES_MODEL, input: 'Hi' });
    const final = await stream.finalResponse();
    expect(final.output_text).toBe(FAKE_RESPONSES_TEXT);
    const log = await fixture.lastConsumeLog();
    expect(log.prompt_tokens).toBe(FAKE_RESPONSES_USAGE.input_tokens);
    expect(log.completion_tokens).toBe(FAKE_RESPONSES_USAGE.output_tokens);
    expect(log.is_stream).toBeTruthy();
  });
});

describe('openai SDK responses.create on an OpenAI-type channel without the Responses API', () => {
  it('falls back to Chat Completions on the same channel, and remembers it', async () => {
    // The fake OpenAI upstream answers /v1/responses with 404 Invalid URL, like many compatible servers.
    await fixture.addChannel({ type: 1, models: 'gpt-4o' });
    await fixture.setOption('RetryTimes', '0');
    const paths = () => fixture.upstream.requests.map((request) => request.path);
    const before = paths().length;
    const first = await client.responses.create({ model: 'gpt-4o', input: 'Hi' });
    expect(first.output_text).toBe(DEFAULT_REPLY_TEXT);
    expect(paths().slice(before)).toEqual(['/v1/responses', '/v1/chat/completions']);
    const second = await client.responses.create({ model: 'gpt-4o', input: 'Hi' });
    expect(second.output_text).toBe(DEFAULT_REPLY_TEXT);
    expect(paths().slice(before + 2)).toEqual(['/v1/chat/completions']);
  });
});

describe('/v1/responses errors', () => {
  it('checks the key first and answers in OpenAI format', async () => {
    const response = await fetch(`${fixture.server.url}/v1/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-wrong', 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.message).toMatch(/API key/i);
  });

  it('answers an unknown /v1 path with an OpenAI-format 404', async () => {
    const response = await fetch(`${fixture.server.url}/v1/responses/resp_1/input_items`, {
      headers: { authorization: `Bearer sk-${fixture.token.key}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { message: 'Invalid URL (GET /v1/responses/resp_1/input_items)', type: 'invalid_request_error' },
    });
  });

  it('refuses a body without input or model with a 400', async () => {
    for (const body of [{ model: CHAT_MODEL }, { input: 'Hi' }]) {
      const response = await fetch(`${fixture.server.url}/v1/responses`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      const reply = (await response.json()) as { error: { message: string } };
      expect(reply.error.message.length).toBeGreaterThan(0);
    }
  });
});
