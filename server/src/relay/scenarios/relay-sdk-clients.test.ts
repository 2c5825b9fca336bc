/**
 * Framework clients nobody here wrote, pointed at the gateway as their docs say: the Vercel AI SDK with
 * its OpenAI (default: Responses API), OpenAI chat, Anthropic and Google providers, and LangChain's
 * ChatOpenAI (Chat Completions and `useResponsesApi`) and ChatAnthropic — text, streams and tool calls,
 * answered by an OpenAI Chat Completions upstream (text) and a fake Claude API (tool calls) through the
 * conversion core. Both upstreams run in strict mode: they refuse what the real APIs refuse
 * (server/src/test-support/strict/).
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, type LanguageModel, streamText, tool } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { FAKE_CLAUDE_TOOL_INPUT, startFakeClaude } from '../../test-support/fake-vendors/claude-upstream.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'gpt-4o-mini';
const CLAUDE_MODEL = 'claude-sonnet-4-20250514';

const { fixture } = setUpRelayFixture();
let key: string;

beforeAll(async () => {
  fixture.upstream.setBehavior({ strict: true });
  // Chat Completions only: every other client format is converted.
  await fixture.addChannel({ type: 8, models: MODEL });
  // The fake Claude calls the first tool it is offered: tool round trips from every client format.
  await fixture.addVendorChannel(() => startFakeClaude('sk-ant-fake', { strict: true }), {
    type: 14,
    key: 'sk-ant-fake',
    models: CLAUDE_MODEL,
  });
  key = `sk-${fixture.token.key}`;
});

const providers: [string, (model: string) => LanguageModel][] = [
  [
    'openai (Responses)',
    (model) => createOpenAI({ apiKey: key, baseURL: `${fixture.server.url}/v1` })(model),
  ],
  ['openai.chat', (model) => createOpenAI({ apiKey: key, baseURL: `${fixture.server.url}/v1` }).chat(model)],
  ['anthropic', (model) => createAnthropic({ apiKey: key, baseURL: `${fixture.server.url}/v1` })(model)],
  [
    'google',
    (model) => createGoogleGenerativeAI({ apiKey: key, baseURL: `${fixture.server.url}/v1beta` })(model),
  ],
];

describe.each(providers)('Vercel AI SDK, %s provider', (_name, provider) => {
  it('generates and streams text, billed', async () => {
    const model = () => provider(MODEL);
    const before = await fixture.userQuota();
    const generated = await generateText({ model: model(), prompt: 'Hi', maxRetries: 0 });
    expect(generated.text).toBe(DEFAULT_REPLY_TEXT);
    expect(generated.usage.outputTokens).toBeGreaterThan(0);
    const streamed = streamText({ model: model(), prompt: 'Hi', maxRetries: 0 });
    let text = '';
    for await (const delta of streamed.textStream) text += delta;
    expect(text).toBe(DEFAULT_REPLY_TEXT);
    expect(await fixture.userQuota()).toBeLessThan(before);
  });

  it('runs a tool call the upstream asks for', async () => {
    const result = await generateText({
      model: provider(CLAUDE_MODEL),
      prompt: 'Weather in Paris?',
      maxRetries: 0,
      tools: {
        get_weather: tool({
          description: 'Weather of a city',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => `sunny in ${city}`,
        }),
      },
    });
    const call = result.toolCalls[0];
    expect(call?.toolName).toBe('get_weather');
    expect(call?.input).toEqual(FAKE_CLAUDE_TOOL_INPUT);
    expect(result.toolResults[0]?.output).toBe('sunny in Paris');
  });
});

describe('LangChain', () => {
  it('ChatOpenAI answers on Chat Completions and on the Responses API', async () => {
    for (const useResponsesApi of [false, true]) {
      const chat = new ChatOpenAI({
        model: MODEL,
        apiKey: key,
        configuration: { baseURL: `${fixture.server.url}/v1` },
        useResponsesApi,
        maxRetries: 0,
      });
      const reply = await chat.invoke('Hi');
      expect(reply.text, `useResponsesApi ${useResponsesApi}`).toBe(DEFAULT_REPLY_TEXT);
      let streamed = '';
      for await (const chunk of await chat.stream('Hi')) streamed += chunk.text;
      expect(streamed).toBe(DEFAULT_REPLY_TEXT);
    }
  });

  it('ChatAnthropic answers through /v1/messages', async () => {
    const chat = new ChatAnthropic({
      model: MODEL,
      apiKey: key,
      anthropicApiUrl: fixture.server.url,
      maxRetries: 0,
    });
    const reply = await chat.invoke('Hi');
    expect(reply.text).toBe(DEFAULT_REPLY_TEXT);
  });
});
