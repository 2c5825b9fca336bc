/**
 * Claude Messages and OpenAI Chat clients against upstreams of the other format, through the official
 * SDKs (openai, @anthropic-ai/sdk) and a fake Anthropic API that validates like the real one
 * (server/src/test-support/fake-vendors/): replies, streams, tool round trips, errors and billing. Both
 * upstreams run in strict mode: they refuse what the real APIs refuse (server/src/test-support/strict/).
 */
import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import {
  FAKE_CLAUDE_TEXT,
  FAKE_CLAUDE_TOOL_INPUT,
  FAKE_CLAUDE_USAGE,
  startFakeClaude,
} from '../../test-support/fake-vendors/claude-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { SYSTEM_AND_HI, streamedChat, weatherToolRound } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const CLAUDE_KEY = 'sk-ant-fake-upstream-key';
const CLAUDE_MODEL = 'claude-sonnet-4-20250514';
const OPENAI_MODEL = 'gpt-4o-mini';

const weatherTool = {
  name: 'get_weather',
  description: 'Weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const { fixture } = setUpRelayFixture();
let claude: FakeVendor;
let key: string;
let claudeChannel: number;

function anthropicClient(): Anthropic {
  return new Anthropic({ apiKey: key, baseURL: fixture.server.url, maxRetries: 0 });
}

beforeAll(async () => {
  key = `sk-${fixture.token.key}`;
  fixture.upstream.setBehavior({ strict: true });
  await fixture.addChannel({ models: OPENAI_MODEL });
  ({ vendor: claude, channelId: claudeChannel } = await fixture.addVendorChannel(
    () => startFakeClaude(CLAUDE_KEY, { strict: true }),
    { type: 14, key: CLAUDE_KEY, models: CLAUDE_MODEL },
  ));
});

describe('Anthropic SDK → /v1/messages', () => {
  it('reaches an OpenAI upstream (reply and stream)', async () => {
    const client = anthropicClient();
    const message = await client.messages.create({
      model: OPENAI_MODEL,
      max_tokens: 100,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.type).toBe('message');
    expect(message.content[0]).toMatchObject({ type: 'text', text: DEFAULT_REPLY_TEXT });
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    const upstreamBody = fixture.upstream.requests.at(-1)?.body as Record<string, unknown>;
    expect(upstreamBody.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);

    const stream = client.messages.stream({
      model: OPENAI_MODEL,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: DEFAULT_REPLY_TEXT });
    expect(final.stop_reason).toBe('end_turn');
  });

  it('passes through to a Claude upstream with cache usage billed', async () => {
    const client = anthropicClient();
    const message = await client.messages.create(
      { model: CLAUDE_MODEL, max_tokens: 50, messages: [{ role: 'user', content: 'Hi' }] },
      { headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' } },
    );
    expect(message.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    expect(message.usage).toMatchObject(FAKE_CLAUDE_USAGE);
    const upstream = claude.requests.at(-1)!;
    expect(upstream.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(upstream.headers['x-api-key']).toBe(CLAUDE_KEY);
    const log = await fixture.lastConsumeLog();
    const total =
      FAKE_CLAUDE_USAGE.input_tokens +
      FAKE_CLAUDE_USAGE.cache_read_input_tokens +
      FAKE_CLAUDE_USAGE.cache_creation_input_tokens;
    expect(log.prompt_tokens).toBe(total);
    expect(log.completion_tokens).toBe(FAKE_CLAUDE_USAGE.output_tokens);
    expect(JSON.parse(String(log.other))).toMatchObject({
      cache_tokens: FAKE_CLAUDE_USAGE.cache_read_input_tokens,
    });
  });

  it('moves system entries inside messages (Claude Code) to the top-level system', async () => {
    const response = await fetch(`${fixture.server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: CLAUDE_MODEL,
        max_tokens: 20,
        messages: [
          { role: 'system', content: 'You are Claude Code.' },
          { role: 'user', content: 'Hi' },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const upstream = claude.requests.at(-1)!.body;
    expect((upstream.messages as unknown[]).length).toBe(1);
    expect(JSON.stringify(upstream.system)).toContain('You are Claude Code.');
  });

  it("lists the models the key may use in Anthropic's shape", async () => {
    const ids: string[] = [];
    for await (const model of anthropicClient().models.list()) ids.push(model.id);
    expect(ids).toEqual([CLAUDE_MODEL, OPENAI_MODEL].sort());
    const one = await anthropicClient().models.retrieve(CLAUDE_MODEL);
    expect(one).toMatchObject({ type: 'model', id: CLAUDE_MODEL });
  });

  it('renders errors in Claude format, key first', async () => {
    const response = await fetch(`${fixture.server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': 'sk-wrong', 'content-type': 'application/json' },
      body: JSON.stringify({ model: CLAUDE_MODEL }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.message).toMatch(/invalid API key/);
  });
});

describe('OpenAI SDK → /v1/chat/completions on other upstreams', () => {
  it('talks to a Claude upstream: reply, stream with usage, and a tool round trip', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: CLAUDE_MODEL,
      messages: SYSTEM_AND_HI,
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_CLAUDE_TEXT);
    expect(reply.usage?.prompt_tokens).toBe(
      FAKE_CLAUDE_USAGE.input_tokens +
        FAKE_CLAUDE_USAGE.cache_read_input_tokens +
        FAKE_CLAUDE_USAGE.cache_creation_input_tokens,
    );
    const sent = claude.requests.at(-1)!.body;
    expect(sent.max_tokens).toBeGreaterThan(0);
    expect(JSON.stringify(sent.system)).toContain('Be brief.');

    const { text, usage } = await streamedChat(fixture.openai, CLAUDE_MODEL);
    expect(text).toBe(FAKE_CLAUDE_TEXT);
    expect(usage).toMatchObject({ completion_tokens: FAKE_CLAUDE_USAGE.output_tokens });

    const tools = [{ type: 'function' as const, function: weatherTool }];
    const { first, call, second } = await weatherToolRound(fixture.openai, CLAUDE_MODEL, tools);
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual(FAKE_CLAUDE_TOOL_INPUT);
    expect(second.choices[0]?.message.content).toBe(FAKE_CLAUDE_TEXT);
  });
});

describe('Claude channels', () => {
  it("apply the operator's Claude settings: thinking suffix, default max_tokens, model headers", async () => {
    await fixture.addChannel({
      type: 14,
      key: CLAUDE_KEY,
      base_url: claude.url,
      models: `${CLAUDE_MODEL}-thinking`,
    });
    await fixture.setOption(
      'claude.model_headers_settings',
      JSON.stringify({ [CLAUDE_MODEL]: { 'anthropic-beta': ['output-128k-2025-02-19'] } }),
    );
    await fixture.setOption(
      'claude.default_max_tokens',
      JSON.stringify({ default: 8192, [CLAUDE_MODEL]: 10_000 }),
    );
    const reply = await fixture.openai.chat.completions.create({
      model: `${CLAUDE_MODEL}-thinking`,
      temperature: 0.2,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_CLAUDE_TEXT);
    const upstream = claude.requests.at(-1)!;
    expect(upstream.body.model).toBe(CLAUDE_MODEL);
    expect(upstream.body.max_tokens).toBe(10_000);
    expect(upstream.body.thinking).toEqual({ type: 'enabled', budget_tokens: 8000 });
    expect(upstream.body.temperature).toBeUndefined();
    expect(upstream.headers['anthropic-beta']).toBe('output-128k-2025-02-19');
    // The log keeps the model the client asked for.
    expect((await fixture.lastConsumeLog()).model_name).toBe(`${CLAUDE_MODEL}-thinking`);
    await fixture.setOption('claude.model_headers_settings', '{}');
    await fixture.setOption('claude.default_max_tokens', JSON.stringify({ default: 8192 }));
  });

  it('pass the console channel test (the test request is converted to Claude format)', async () => {
    const before = claude.requests.length;
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${claudeChannel}`);
    expect(tested.body.success).toBe(true);
    expect(claude.requests.length).toBe(before + 1);
    expect(claude.requests.at(-1)?.body.max_tokens).toBeGreaterThan(0);
  });
});

describe('images cross formats', () => {
  const PIXEL =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';

  it('OpenAI image_url (data URL) reaches Claude as a base64 image block', async () => {
    await fixture.openai.chat.completions.create({
      model: CLAUDE_MODEL,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
          ],
        },
      ],
    });
    const sent = claude.requests.at(-1)!.body as { messages: { content: unknown[] }[] };
    expect(sent.messages[0]?.content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PIXEL },
    });
  });

  it('a Claude image block reaches an OpenAI upstream as an image_url data URL', async () => {
    await anthropicClient().messages.create({
      model: OPENAI_MODEL,
      max_tokens: 20,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } },
            { type: 'text', text: 'What is this?' },
          ],
        },
      ],
    });
    const sent = fixture.upstream.requests.at(-1)!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages.at(-1)?.content)).toContain(`data:image/png;base64,${PIXEL}`);
  });
});

describe('global.pass_through_request_enabled', () => {
  it('sends the client body as it came when both sides speak one format (only the mapped model set)', async () => {
    await fixture.addChannel({
      type: 14,
      key: CLAUDE_KEY,
      base_url: claude.url,
      models: 'claude-passthrough',
      model_mapping: JSON.stringify({ 'claude-passthrough': CLAUDE_MODEL }),
      param_override: JSON.stringify({ temperature: 0.1 }),
      setting: JSON.stringify({ system_prompt: 'Operator prompt.' }),
    });
    await fixture.setOption('ModelRatio', JSON.stringify({ 'claude-passthrough': 1 }));
    const body = { model: 'claude-passthrough', max_tokens: 20, messages: [{ role: 'user', content: 'Hi' }] };
    const send = () =>
      fetch(`${fixture.server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await send()).status).toBe(200);
    expect(claude.requests.at(-1)!.body).toMatchObject({ temperature: 0.1, system: 'Operator prompt.' });
    await fixture.setOption('global.pass_through_request_enabled', 'true');
    expect((await send()).status).toBe(200);
    expect(claude.requests.at(-1)!.body).toEqual({ ...body, model: CLAUDE_MODEL });
    await fixture.setOption('global.pass_through_request_enabled', 'false');
  });
});
