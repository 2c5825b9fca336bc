/**
 * The upstream rules through real clients and strict test upstreams (docs/formats.md "Upstream rules"):
 * the official SDKs of each format call gpt-5 on an OpenAI channel, claude-sonnet-4-5 on a Claude channel
 * and Gemini 2.5 models on a Gemini channel whose fakes refuse what the real APIs refuse — and each call
 * succeeds, with the log row naming what was changed.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { FAKE_CLAUDE_TEXT, startFakeClaude } from '../../test-support/fake-vendors/claude-upstream.ts';
import { startFakeGemini } from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const GEMINI_KEY = 'gemini-fake-key';
const { fixture } = setUpRelayFixture();
let claude: FakeVendor;
let gemini: FakeVendor;
let genai: GoogleGenAI;

beforeAll(async () => {
  fixture.upstream.setBehavior({ strict: true });
  await fixture.addChannel({ type: 1, models: 'gpt-5,o3' });
  ({ vendor: claude } = await fixture.addVendorChannel(
    () => startFakeClaude('sk-ant-fake', { strict: true }),
    { type: 14, key: 'sk-ant-fake', models: 'claude-sonnet-4-5-20250929,claude-3-haiku-20240307' },
  ));
  ({ vendor: gemini } = await fixture.addVendorChannel(() => startFakeGemini(GEMINI_KEY, { strict: true }), {
    type: 24,
    key: GEMINI_KEY,
    models: 'gemini-2.5-pro-thinking,gemini-2.5-pro-nothinking,gemini-2.5-flash-lite-thinking',
  }));
  await fixture.setOption('gemini.thinking_adapter_enabled', 'true');
  await fixture.setModelRatios({
    'gemini-2.5-pro-thinking': 0.625,
    'gemini-2.5-pro-nothinking': 0.625,
    'gemini-2.5-flash-lite-thinking': 0.05,
  });
  genai = new GoogleGenAI({
    apiKey: `sk-${fixture.token.key}`,
    httpOptions: { baseUrl: fixture.server.url },
  });
});

const lastUpstreamBody = () => fixture.upstream.requests.at(-1)?.body as Record<string, unknown>;

async function ruleChanges(): Promise<string[] | undefined> {
  const log = await fixture.lastConsumeLog();
  return (JSON.parse(String(log.other)) as { upstream_rules?: string[] }).upstream_rules;
}

describe('OpenAI reasoning models', () => {
  it('serve a Claude Messages client: max_tokens goes as max_completion_tokens, temperature is dropped', async () => {
    // This SDK's types no longer list temperature; older clients (and the API) still send it.
    const params = {
      model: 'gpt-5',
      max_tokens: 200,
      temperature: 0.3,
      messages: [{ role: 'user' as const, content: 'Hi' }],
    };
    const reply = await fixture
      .anthropic()
      .messages.create(params as Anthropic.MessageCreateParamsNonStreaming);
    expect(reply.content[0]).toMatchObject({ type: 'text', text: DEFAULT_REPLY_TEXT });
    const sent = lastUpstreamBody();
    expect(sent.max_completion_tokens).toBe(200);
    expect(sent).not.toHaveProperty('max_tokens');
    expect(sent).not.toHaveProperty('temperature');
    expect(await ruleChanges()).toEqual(['max_tokens → max_completion_tokens', 'temperature dropped']);
  });

  it('serve a Gemini client that sends topP and temperature', async () => {
    const reply = await genai.models.generateContent({
      model: 'gpt-5',
      contents: 'Hi',
      config: { temperature: 0.2, topP: 0.9, maxOutputTokens: 100 },
    });
    expect(reply.text).toBe(DEFAULT_REPLY_TEXT);
    expect(lastUpstreamBody()).toMatchObject({ max_completion_tokens: 100 });
    expect(lastUpstreamBody()).not.toHaveProperty('top_p');
  });

  it('serve an OpenAI client passing through, stream and not, and an effort the model has not', async () => {
    const openai: OpenAI = fixture.openai;
    const completion = await openai.chat.completions.create({
      model: 'o3',
      max_tokens: 50,
      temperature: 0.5,
      reasoning_effort: 'minimal',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    expect(lastUpstreamBody()).toMatchObject({ max_completion_tokens: 50, reasoning_effort: 'low' });
    const stream = await openai.chat.completions.create({
      model: 'gpt-5',
      max_tokens: 50,
      top_p: 0.5,
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(DEFAULT_REPLY_TEXT);
  });
});

describe('Claude models', () => {
  it('serve a Gemini client with temperature and topP on Sonnet 4.5: temperature is kept', async () => {
    const reply = await genai.models.generateContent({
      model: 'claude-sonnet-4-5-20250929',
      contents: 'Hi',
      config: { temperature: 0.4, topP: 0.9 },
    });
    expect(reply.text).toBe(FAKE_CLAUDE_TEXT);
    const sent = claude.requests.at(-1)!.body;
    expect(sent.temperature).toBe(0.4);
    expect(sent).not.toHaveProperty('top_p');
    expect(await ruleChanges()).toEqual(['top_p dropped']);
  });

  it("keep max_tokens within the model's output (an OpenAI client's 8,192 on Claude 3 Haiku)", async () => {
    const completion = await fixture.openai.chat.completions.create({
      model: 'claude-3-haiku-20240307',
      max_tokens: 8192,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe(FAKE_CLAUDE_TEXT);
    expect(claude.requests.at(-1)!.body.max_tokens).toBe(4096);
  });

  it("serve Claude Code's adaptive thinking and effort on Sonnet 4.5", async () => {
    const response = await fixture.postWithKey('/v1/messages', {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 32_000,
      thinking: { type: 'adaptive' },
      output_config: { effort: 'high' },
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(response.status).toBe(200);
    expect(claude.requests.at(-1)!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 24_576 });
  });
});

describe('Gemini thinking budgets per model', () => {
  const budgetSent = () =>
    (gemini.requests.at(-1)!.body.generationConfig as { thinkingConfig?: { thinkingBudget?: number } })
      .thinkingConfig?.thinkingBudget;

  it.each([
    ['gemini-2.5-pro-thinking', 128],
    ['gemini-2.5-pro-nothinking', 128],
    ['gemini-2.5-flash-lite-thinking', 512],
  ])('%s with max_tokens 100 sends a budget the model takes (%i)', async (model, budget) => {
    const completion = await fixture.openai.chat.completions.create({
      model,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]?.message.content).toBeTruthy();
    expect(budgetSent()).toBe(budget);
  });
});
