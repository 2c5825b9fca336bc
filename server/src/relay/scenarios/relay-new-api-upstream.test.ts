/**
 * Another gateway as upstream: channels of type 60 (New API) and 59 (Sub2API) against a fake gateway
 * (server/src/test-support/fake-vendors/new-api-upstream.ts) that relays each format to a fake of it. Each
 * official client — `openai` chat and Responses, `@anthropic-ai/sdk` messages, `@google/genai` — reaches the
 * gateway in its own format at the format's own path, with the channel's key as a Bearer token (and in the
 * format's own header), stream and not; embeddings go as OpenAI's; each call is billed exactly from the usage
 * the upstream reported in its format; the channel form lists the gateway's models; a wrong key is a failure
 * that charges nothing.
 */
import { GoogleGenAI } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import {
  FAKE_CLAUDE_TEXT,
  FAKE_CLAUDE_USAGE,
  startFakeClaude,
} from '../../test-support/fake-vendors/claude-upstream.ts';
import {
  FAKE_GEMINI_TEXT,
  FAKE_GEMINI_USAGE,
  startFakeGemini,
} from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { type GatewayUpstreams, startFakeNewApi } from '../../test-support/fake-vendors/new-api-upstream.ts';
import {
  FAKE_RESPONSES_TEXT,
  FAKE_RESPONSES_USAGE,
  startFakeResponses,
} from '../../test-support/fake-vendors/responses-upstream.ts';
import {
  claudeMessage,
  collectChatStream,
  ratioQuota,
  streamedClaudeMessage,
} from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const NEW_API_KEY = 'sk-upstream-new-api-0001';
const SUB2API_KEY = 'sk-upstream-sub2api-0002';
const CHAT = 'gw-chat';
const CLAUDE = 'gw-claude';
const GEMINI = 'gw-gemini';
const EMBEDDING = 'gw-embedding';
const SUB2API_CHAT = 'gw-sub2api-chat';
const RATIO = 2;
const COMPLETION_RATIO = 3;
/** Claude's cache writes cost 1.25 times the prompt price (server/src/options/default-ratios.ts). */
const CACHE_CREATION_RATIO = 1.25;

const { fixture } = setUpRelayFixture();
let newApi: FakeVendor;
let sub2api: FakeVendor;
let newApiChannel: number;

beforeAll(async () => {
  const inner = (url: string, key: string) => ({ url, key });
  const upstreams: GatewayUpstreams = {
    openai: inner(fixture.upstream.url, 'inner-openai-key'),
    responses: inner((await adopted(startFakeResponses('inner-responses-key'))).url, 'inner-responses-key'),
    claude: inner((await adopted(startFakeClaude('inner-claude-key'))).url, 'inner-claude-key'),
    gemini: inner((await adopted(startFakeGemini('inner-gemini-key'))).url, 'inner-gemini-key'),
  };
  ({ vendor: newApi, channelId: newApiChannel } = await fixture.addVendorChannel(
    () => startFakeNewApi(NEW_API_KEY, upstreams),
    { type: 60, key: NEW_API_KEY, models: [CHAT, CLAUDE, GEMINI, EMBEDDING].join(',') },
  ));
  ({ vendor: sub2api } = await fixture.addVendorChannel(() => startFakeNewApi(SUB2API_KEY, upstreams), {
    type: 59,
    key: SUB2API_KEY,
    models: SUB2API_CHAT,
  }));
  const models = [CHAT, CLAUDE, GEMINI, EMBEDDING, SUB2API_CHAT];
  await fixture.setModelRatios(
    Object.fromEntries(models.map((model) => [model, RATIO])),
    Object.fromEntries(models.map((model) => [model, COMPLETION_RATIO])),
  );
});

async function adopted<T extends FakeVendor>(started: Promise<T>): Promise<T> {
  return fixture.adopt(await started);
}

const quota = (prompt: number, completion: number) => ratioQuota(prompt, completion, RATIO, COMPLETION_RATIO);

function expectBearer(vendor: FakeVendor, key: string, path: string | RegExp): void {
  const request = vendor.requests.at(-1)!;
  if (typeof path === 'string') expect(request.path).toBe(path);
  else expect(request.path).toMatch(path);
  expect(request.headers.authorization).toBe(`Bearer ${key}`);
}

describe('a New API channel (type 60)', () => {
  it('passes an OpenAI chat call through, billed from the usage of its reply', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({ model: CHAT, messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(result.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    expectBearer(newApi, NEW_API_KEY, '/v1/chat/completions');
    const usage = result.usage!;
    expect(log.prompt_tokens).toBe(usage.prompt_tokens);
    expect(log.completion_tokens).toBe(usage.completion_tokens);
    expect(log.quota).toBe(quota(usage.prompt_tokens, usage.completion_tokens));
    expect(spent).toBe(log.quota);
  });

  it('streams an OpenAI chat call, asking the gateway for the stream usage', async () => {
    const { result, log } = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: CHAT,
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
        }),
      ),
    );
    expect(result.text).toBe(DEFAULT_REPLY_TEXT);
    expect(newApi.requests.at(-1)!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
    const upstreamUsage = fixture.upstream.requests.at(-1)!.usage!;
    expect(log.prompt_tokens).toBe(upstreamUsage.prompt_tokens);
    expect(log.completion_tokens).toBe(upstreamUsage.completion_tokens);
    expect(log.quota).toBe(quota(upstreamUsage.prompt_tokens, upstreamUsage.completion_tokens));
  });

  it('passes a Responses call through to /v1/responses', async () => {
    const { result, log } = await fixture.charged(() =>
      fixture.openai.responses.create({ model: CHAT, input: 'Hi' }),
    );
    expect(result.output_text).toBe(FAKE_RESPONSES_TEXT);
    expectBearer(newApi, NEW_API_KEY, '/v1/responses');
    expect(newApi.requests.at(-1)!.body).toMatchObject({ model: CHAT, input: 'Hi' });
    const { input_tokens: input, output_tokens: output } = FAKE_RESPONSES_USAGE;
    expect(log.prompt_tokens).toBe(input);
    expect(log.completion_tokens).toBe(output);
    expect(log.quota).toBe(quota(input, output));
  });

  it('passes a Claude Messages call through to /v1/messages, stream and not', async () => {
    const anthropic = fixture.anthropic();
    const { result, log } = await fixture.charged(() => claudeMessage(anthropic, CLAUDE));
    expect(result.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    expect(result.usage).toMatchObject(FAKE_CLAUDE_USAGE);
    expectBearer(newApi, NEW_API_KEY, '/v1/messages');
    const sent = newApi.requests.at(-1)!;
    expect(sent.headers['x-api-key']).toBe(NEW_API_KEY);
    // The client's own version header goes on.
    expect(sent.headers['anthropic-version']).toBeTruthy();
    expect(sent.body).toMatchObject({ model: CLAUDE, max_tokens: 64 });
    const { input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens } =
      FAKE_CLAUDE_USAGE;
    const claudeQuota = Math.round(
      (input_tokens +
        cache_read_input_tokens +
        cache_creation_input_tokens * CACHE_CREATION_RATIO +
        output_tokens * COMPLETION_RATIO) *
        RATIO,
    );
    expect(log.completion_tokens).toBe(output_tokens);
    expect(log.quota).toBe(claudeQuota);

    const streamed = await fixture.charged(() => streamedClaudeMessage(anthropic, CLAUDE));
    expect(streamed.result.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    expect(newApi.requests.at(-1)!.body.stream).toBe(true);
    expect(streamed.log.quota).toBe(claudeQuota);
  });

  it('passes a Gemini call through to /v1beta/models/…, stream and not', async () => {
    const genai = new GoogleGenAI({
      apiKey: `sk-${fixture.token.key}`,
      httpOptions: { baseUrl: fixture.server.url },
    });
    const { result, log } = await fixture.charged(() =>
      genai.models.generateContent({ model: GEMINI, contents: 'Hi' }),
    );
    expect(result.text).toBe(FAKE_GEMINI_TEXT);
    expectBearer(newApi, NEW_API_KEY, `/v1beta/models/${GEMINI}:generateContent`);
    expect(newApi.requests.at(-1)!.headers['x-goog-api-key']).toBe(NEW_API_KEY);
    const output = FAKE_GEMINI_USAGE.candidatesTokenCount + FAKE_GEMINI_USAGE.thoughtsTokenCount;
    expect(log.prompt_tokens).toBe(FAKE_GEMINI_USAGE.promptTokenCount);
    expect(log.completion_tokens).toBe(output);
    expect(log.quota).toBe(quota(FAKE_GEMINI_USAGE.promptTokenCount, output));

    const streamed = await fixture.charged(async () => {
      let text = '';
      for await (const chunk of await genai.models.generateContentStream({ model: GEMINI, contents: 'Hi' }))
        text += chunk.text ?? '';
      return text;
    });
    expect(streamed.result).toBe(FAKE_GEMINI_TEXT);
    expectBearer(newApi, NEW_API_KEY, `/v1beta/models/${GEMINI}:streamGenerateContent?alt=sse`);
    expect(streamed.log.quota).toBe(quota(FAKE_GEMINI_USAGE.promptTokenCount, output));
  });

  it('sends embeddings as OpenAI’s, billed from their usage', async () => {
    const { result, log } = await fixture.charged(() =>
      fixture.openai.embeddings.create({ model: EMBEDDING, input: 'Hello there' }),
    );
    expect(result.data).toHaveLength(1);
    expectBearer(newApi, NEW_API_KEY, '/v1/embeddings');
    expect(log.prompt_tokens).toBe(result.usage.prompt_tokens);
    expect(log.quota).toBe(quota(result.usage.prompt_tokens, 0));
  });

  it('passes the console’s channel test', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${newApiChannel}`);
    expect(tested.body).toMatchObject({ success: true });
    expectBearer(newApi, NEW_API_KEY, '/v1/chat/completions');
  });

  it('lists the gateway’s models in the channel form', async () => {
    const listed = await fixture.root.get<string[]>(`/api/channel/fetch_models/${newApiChannel}`);
    expect(listed.body.success).toBe(true);
    expect(listed.body.data!.length).toBeGreaterThan(0);
    expectBearer(newApi, NEW_API_KEY, '/v1/models');
  });
});

describe('a Sub2API channel (type 59)', () => {
  it('passes an OpenAI chat call through with its own key', async () => {
    const { result, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: SUB2API_CHAT,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(result.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    expectBearer(sub2api, SUB2API_KEY, '/v1/chat/completions');
    expect(log.quota).toBe(quota(result.usage!.prompt_tokens, result.usage!.completion_tokens));
  });

  it('reports a key the gateway refuses as a failure and charges nothing', async () => {
    const id = await fixture.addVendorChannel(
      () =>
        startFakeNewApi('sk-the-right-key', {
          openai: { url: fixture.upstream.url, key: 'inner' },
          responses: { url: fixture.upstream.url, key: 'inner' },
          claude: { url: fixture.upstream.url, key: 'inner' },
          gemini: { url: fixture.upstream.url, key: 'inner' },
        }),
      { type: 59, key: 'sk-a-wrong-key', models: 'gw-refused' },
    );
    expect(id.channelId).toBeGreaterThan(0);
    await fixture.setModelRatios({ 'gw-refused': RATIO });
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: 'gw-refused',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBeGreaterThanOrEqual(400);
    expect(failure.message).not.toContain('sk-a-wrong-key');
    expect(spent).toBe(0);
  });

  it('without a base URL, is refused at save (zh and en): a gateway has no address of its own', async () => {
    const refused = await fixture.root.post('/api/channel/', {
      type: 59,
      name: 'gw-no-address',
      key: SUB2API_KEY,
      base_url: '',
      models: 'gw-no-address',
      group: 'default',
    });
    expect(refused.body).toEqual({
      success: false,
      message: 'Channel type Sub2API (59) needs the address of its upstream in Base URL',
    });
  });
});
