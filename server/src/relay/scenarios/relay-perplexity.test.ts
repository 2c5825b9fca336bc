/**
 * Perplexity channels (type 27) against a fake Perplexity (server/src/test-support/fake-vendors/
 * perplexity-upstream.ts): the official `openai` SDK reaches `/chat/completions` (no `/v1`) with the key as a
 * Bearer token and gets Perplexity's `citations` and `search_results` unchanged, stream and not, billed from
 * Perplexity's usage at the built-in Sonar prices; Claude, Gemini and Responses clients get the sources as a
 * numbered list after the answer; the body is shaped as Perplexity takes it.
 */
import { GoogleGenAI } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  FAKE_PERPLEXITY_CITATIONS,
  FAKE_PERPLEXITY_PIECES,
  FAKE_PERPLEXITY_SEARCH_RESULTS,
  FAKE_PERPLEXITY_TEXT,
  FAKE_PERPLEXITY_USAGE,
  startFakePerplexity,
} from '../../test-support/fake-vendors/perplexity-upstream.ts';
import { claudeMessage, ratioQuota, streamedClaudeMessage } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const KEY = 'pplx-fake-key-0123';
const MODEL = 'sonar-pro';
const SOURCES = [
  '',
  '',
  'Sources:',
  `[1] Paris - Wikipedia: ${FAKE_PERPLEXITY_CITATIONS[0]}`,
  `[2] Paris | Britannica: ${FAKE_PERPLEXITY_CITATIONS[1]}`,
].join('\n');

const { fixture } = setUpRelayFixture();
let perplexity: FakeVendor;
let channelId: number;

beforeAll(async () => {
  ({ vendor: perplexity, channelId } = await fixture.addVendorChannel(() => startFakePerplexity(KEY), {
    type: 27,
    key: KEY,
    models: MODEL,
  }));
  await fixture.addChannel({ type: 27, key: 'pplx-wrong-key', base_url: perplexity.url, models: 'sonar' });
});

/** What a call of Perplexity's usage costs at the built-in sonar-pro price ($3 / $15 per 1M tokens). */
function expectedQuota(): number {
  const ratios = fixture.server.context.options.getJson<Record<string, number>>('ModelRatio');
  const completion = fixture.server.context.options.getJson<Record<string, number>>('CompletionRatio');
  expect(ratios[MODEL]).toBe(1.5);
  expect(completion[MODEL]).toBe(5);
  return ratioQuota(FAKE_PERPLEXITY_USAGE.prompt_tokens, FAKE_PERPLEXITY_USAGE.completion_tokens, 1.5, 5);
}

describe('Perplexity channels, OpenAI chat clients', () => {
  it('get the reply with its citations and search results unchanged, billed from its usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: 'Be precise.' },
          { role: 'user', content: 'What is the capital of France?' },
        ],
        max_completion_tokens: 200,
        top_p: 1,
      }),
    );
    const reply = result as typeof result & Record<string, unknown>;
    expect(reply.choices[0]?.message.content).toBe(FAKE_PERPLEXITY_TEXT);
    expect(reply.citations).toEqual(FAKE_PERPLEXITY_CITATIONS);
    expect(reply.search_results).toEqual(FAKE_PERPLEXITY_SEARCH_RESULTS);
    expect(reply.usage).toEqual(FAKE_PERPLEXITY_USAGE);
    const upstream = perplexity.requests.at(-1)!;
    expect(upstream.path).toBe('/chat/completions');
    expect(upstream.headers.authorization).toBe(`Bearer ${KEY}`);
    // Shaped as Perplexity takes it: max_tokens, and a top_p below 1.
    expect(upstream.body).toMatchObject({ model: MODEL, max_tokens: 200, top_p: 0.99 });
    expect(upstream.body).not.toHaveProperty('max_completion_tokens');
    expect(log.prompt_tokens).toBe(FAKE_PERPLEXITY_USAGE.prompt_tokens);
    expect(log.completion_tokens).toBe(FAKE_PERPLEXITY_USAGE.completion_tokens);
    expect(log.quota).toBe(expectedQuota());
    expect(spent).toBe(expectedQuota());
  });

  it('get every stream chunk with its citations, billed from the usage of the last chunk', async () => {
    const { result, spent, log } = await fixture.charged(async () => {
      const stream = await fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'What is the capital of France?' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const chunks: Record<string, unknown>[] = [];
      for await (const chunk of stream) chunks.push(chunk as unknown as Record<string, unknown>);
      return chunks;
    });
    expect(result).toHaveLength(FAKE_PERPLEXITY_PIECES.length);
    for (const chunk of result) {
      expect(chunk.citations).toEqual(FAKE_PERPLEXITY_CITATIONS);
      expect(chunk.search_results).toEqual(FAKE_PERPLEXITY_SEARCH_RESULTS);
    }
    const text = result
      .map((chunk) => (chunk.choices as { delta: { content?: string } }[])[0]?.delta.content ?? '')
      .join('');
    expect(text).toBe(FAKE_PERPLEXITY_TEXT);
    expect(result.at(-1)!.usage).toEqual(FAKE_PERPLEXITY_USAGE);
    // Perplexity is not asked for stream usage (it always sends it).
    expect(perplexity.requests.at(-1)!.body).not.toHaveProperty('stream_options');
    expect(log.is_stream).toBeTruthy();
    expect(log.prompt_tokens).toBe(FAKE_PERPLEXITY_USAGE.prompt_tokens);
    expect(log.completion_tokens).toBe(FAKE_PERPLEXITY_USAGE.completion_tokens);
    expect(log.quota).toBe(expectedQuota());
    expect(spent).toBe(expectedQuota());
  });
});

describe('Perplexity channels, a refused key', () => {
  it('is a failure without the key in it, and charges nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({ model: 'sonar', messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(failure.status).toBeGreaterThanOrEqual(400);
    expect(failure.message).not.toContain('pplx-wrong-key');
    expect(perplexity.requests.at(-1)!.headers.authorization).toBe('Bearer pplx-wrong-key');
    expect(spent).toBe(0);
  });
});

describe('Perplexity channels, clients of other formats', () => {
  it('give a Claude client the sources after the answer, stream and not, billed the same', async () => {
    const anthropic = fixture.anthropic();
    const { result, log } = await fixture.charged(() =>
      claudeMessage(anthropic, MODEL, 'Capital of France?'),
    );
    expect(result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')).toBe(
      FAKE_PERPLEXITY_TEXT + SOURCES,
    );
    expect(perplexity.requests.at(-1)!.path).toBe('/chat/completions');
    expect(log.quota).toBe(expectedQuota());

    const streamed = await fixture.charged(() =>
      streamedClaudeMessage(anthropic, MODEL, 'Capital of France?'),
    );
    expect(streamed.result.content.map((block) => (block.type === 'text' ? block.text : '')).join('')).toBe(
      FAKE_PERPLEXITY_TEXT + SOURCES,
    );
    expect(streamed.result.stop_reason).toBe('end_turn');
    expect(streamed.log.quota).toBe(expectedQuota());
  });

  it('give a Gemini client the sources after the answer, stream and not', async () => {
    const genai = new GoogleGenAI({
      apiKey: `sk-${fixture.token.key}`,
      httpOptions: { baseUrl: fixture.server.url },
    });
    const request = { model: MODEL, contents: 'Capital of France?' };
    const reply = await genai.models.generateContent(request);
    expect(reply.text).toBe(FAKE_PERPLEXITY_TEXT + SOURCES);
    let streamed = '';
    for await (const chunk of await genai.models.generateContentStream(request)) streamed += chunk.text ?? '';
    expect(streamed).toBe(FAKE_PERPLEXITY_TEXT + SOURCES);
    expect((await fixture.lastConsumeLog()).quota).toBe(expectedQuota());
  });

  it('give a Responses client the sources after the answer, stream and not', async () => {
    const reply = await fixture.openai.responses.create({ model: MODEL, input: 'Capital of France?' });
    expect(reply.output_text).toBe(FAKE_PERPLEXITY_TEXT + SOURCES);
    const stream = await fixture.openai.responses.create({
      model: MODEL,
      input: 'Capital of France?',
      stream: true,
    });
    let streamed = '';
    for await (const event of stream)
      if (event.type === 'response.output_text.delta') streamed += event.delta;
    expect(streamed).toBe(FAKE_PERPLEXITY_TEXT + SOURCES);
    expect(perplexity.requests.at(-1)!.path).toBe('/chat/completions');
    expect((await fixture.lastConsumeLog()).quota).toBe(expectedQuota());
  });
});

describe('Perplexity channels, the console', () => {
  it('pass the channel test', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body).toMatchObject({ success: true });
    expect(perplexity.requests.at(-1)!.path).toBe('/chat/completions');
  });

  it('offers the Sonar models for the type', async () => {
    const byType = (await fixture.root.get<Record<string, string[]>>('/api/models')).body.data!;
    expect(byType['27']).toEqual(
      expect.arrayContaining([
        'sonar',
        'sonar-pro',
        'sonar-reasoning',
        'sonar-reasoning-pro',
        'sonar-deep-research',
      ]),
    );
  });
});
