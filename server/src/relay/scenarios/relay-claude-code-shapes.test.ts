/**
 * What Claude Code sends and reads, against upstreams of other formats (docs/formats.md, "Reasoning" and
 * "Streams"): its adaptive thinking and `output_config.effort` (as captured from `claude -p` on
 * claude-opus-4-6) reach an OpenAI channel as `reasoning_effort` and a Gemini channel as `thinkingConfig`;
 * a Claude stream from an upstream that reports usage only at its end opens with the prompt counted
 * locally in `message_start`, and closes with the upstream's own numbers.
 */
import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini } from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

/** An OpenAI reasoning model (the o-series takes reasoning_effort). */
const OPENAI_MODEL = 'o4-mini';
const CHAT_MODEL = 'gpt-4o-mini';
const GEMINI_MODEL = 'gemini-2.5-flash';
const GEMINI_KEY = 'AIzaClaudeCodeShapesKey0123456789abcd';

const { fixture } = setUpRelayFixture();
let gemini: FakeVendor;
let key: string;

beforeAll(async () => {
  key = `sk-${fixture.token.key}`;
  await fixture.addChannel({ type: 8, models: `${OPENAI_MODEL},${CHAT_MODEL}` });
  ({ vendor: gemini } = await fixture.addVendorChannel(() => startFakeGemini(GEMINI_KEY), {
    type: 24,
    key: GEMINI_KEY,
    models: GEMINI_MODEL,
  }));
});

/** A turn of Claude Code on an Opus 4.6 model: adaptive thinking, high effort, streamed. */
function claudeCodeTurn(model: string): Record<string, unknown> {
  return {
    model,
    max_tokens: 32000,
    stream: true,
    thinking: { type: 'adaptive' },
    output_config: { effort: 'high' },
    system: [{ type: 'text', text: "You are Claude Code, Anthropic's official CLI for Claude." }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    metadata: { user_id: 'user_claude_code' },
  };
}

async function sendClaudeCode(body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${fixture.server.url}/v1/messages`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe("Claude Code's reasoning settings on other upstreams", () => {
  it('reach an OpenAI channel as reasoning_effort', async () => {
    const stream = await sendClaudeCode(claudeCodeTurn(OPENAI_MODEL));
    expect(stream).toContain('event: message_stop');
    const sent = fixture.upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.reasoning_effort).toBe('high');
    expect(sent.thinking).toBeUndefined();
    expect(sent.output_config).toBeUndefined();
  });

  it('reach a Gemini channel as thinkingConfig (a budget for the effort, thoughts returned)', async () => {
    const stream = await sendClaudeCode(claudeCodeTurn(GEMINI_MODEL));
    expect(stream).toContain('event: message_stop');
    const sent = gemini.requests.at(-1)!.body as { generationConfig?: Record<string, unknown> };
    expect(sent.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 24576, includeThoughts: true });
  });

  it('adaptive thinking without an effort asks Gemini for its dynamic budget', async () => {
    const { output_config: _effort, ...body } = claudeCodeTurn(GEMINI_MODEL);
    await sendClaudeCode(body);
    const sent = gemini.requests.at(-1)!.body as { generationConfig?: Record<string, unknown> };
    expect(sent.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: -1, includeThoughts: true });
  });
});

describe('a Claude stream from an upstream that reports usage at its end', () => {
  function anthropic(): Anthropic {
    return new Anthropic({ apiKey: key, baseURL: fixture.server.url, maxRetries: 0 });
  }
  const request = {
    model: CHAT_MODEL,
    max_tokens: 64,
    system: 'Be brief.',
    messages: [{ role: 'user' as const, content: 'How many tokens does this prompt count?' }],
  };

  /** The message_start usage and the final usage of a streamed call. */
  async function streamed(): Promise<{ start: Anthropic.Usage | undefined; final: Anthropic.Usage }> {
    const stream = anthropic().messages.stream(request);
    let start: Anthropic.Usage | undefined;
    // A copy: the SDK goes on updating the message it started with as message_delta arrives.
    for await (const event of stream) if (event.type === 'message_start') start = { ...event.message.usage };
    return { start, final: (await stream.finalMessage()).usage };
  }

  it('carries the counted prompt in message_start and the upstream’s numbers in message_delta', async () => {
    // Without usage from the upstream the stream closes with the counted prompt: what message_start must say.
    fixture.upstream.setBehavior({ omitUsage: true });
    const counted = await streamed().finally(() => fixture.upstream.setBehavior({ omitUsage: undefined }));
    const countedPrompt = counted.final.input_tokens;
    expect(countedPrompt).toBeGreaterThan(0);
    expect(counted.start?.input_tokens).toBe(countedPrompt);

    const { start, final } = await streamed();
    expect(start?.input_tokens).toBe(countedPrompt);
    const reported = fixture.upstream.requests.at(-1)!.usage!;
    expect(reported.prompt_tokens).not.toBe(countedPrompt);
    expect(final.input_tokens).toBe(reported.prompt_tokens);
    expect(final.output_tokens).toBe(reported.completion_tokens);
  });
});
