/**
 * The Gemini surface and Gemini channels, through the official @google/genai and openai SDKs and a fake
 * Gemini API (server/src/test-support/fake-vendors/gemini-upstream.ts): generateContent and its stream,
 * countTokens, embeddings and the models list on an OpenAI upstream; pass-through to a Gemini channel
 * with its usage billed; OpenAI and Claude clients on a Gemini channel; errors in Gemini's format. Every
 * upstream runs in strict mode: it refuses what the real API refuses (server/src/test-support/strict/).
 */
import { GoogleGenAI } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import {
  FAKE_CLAUDE_TEXT,
  FAKE_CLAUDE_TOOL_INPUT,
  startFakeClaude,
} from '../../test-support/fake-vendors/claude-upstream.ts';
import {
  FAKE_GEMINI_ARGS,
  FAKE_GEMINI_EMBEDDING,
  FAKE_GEMINI_IMAGE,
  FAKE_GEMINI_MODELS,
  FAKE_GEMINI_TEXT,
  FAKE_GEMINI_USAGE,
  startFakeGemini,
} from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  claudeMessage,
  SYSTEM_AND_HI,
  streamedChat,
  streamedClaudeMessage,
  weatherToolRound,
} from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const GEMINI_KEY = 'AIzaFakeGeminiUpstreamKey0123456789';
const GEMINI_MODEL = 'gemini-2.5-flash';
/** On the default list of gemini.supported_imagine_models (server/src/options/catalogue.ts). */
const IMAGE_MODEL = 'gemini-2.0-flash-exp';
const OPENAI_MODEL = 'gpt-4o-mini';
const EMBEDDING_MODEL = 'text-embedding-3-small';

const { fixture } = setUpRelayFixture();
let gemini: FakeVendor;
let key: string;
let geminiChannel: number;
let claude: FakeVendor;
const CLAUDE_MODEL = 'claude-sonnet-4-20250514';

function genai(apiKey = key): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fixture.server.url } });
}

beforeAll(async () => {
  key = `sk-${fixture.token.key}`;
  fixture.upstream.setBehavior({ strict: true });
  await fixture.addChannel({ models: `${OPENAI_MODEL},${EMBEDDING_MODEL}` });
  ({ vendor: claude } = await fixture.addVendorChannel(
    () => startFakeClaude('sk-ant-fake', { strict: true }),
    { type: 14, key: 'sk-ant-fake', models: CLAUDE_MODEL },
  ));
  ({ vendor: gemini, channelId: geminiChannel } = await fixture.addVendorChannel(
    () => startFakeGemini(GEMINI_KEY, { strict: true }),
    { type: 24, key: GEMINI_KEY, models: `${GEMINI_MODEL},${IMAGE_MODEL},gemini-embedding-001` },
  ));
});

describe('@google/genai on an OpenAI upstream', () => {
  it('generates content, with the system instruction sent as a system message', async () => {
    const reply = await genai().models.generateContent({
      model: OPENAI_MODEL,
      contents: 'Hi',
      config: { systemInstruction: 'Be brief.', maxOutputTokens: 50 },
    });
    expect(reply.text).toBe(DEFAULT_REPLY_TEXT);
    expect(reply.candidates?.[0]?.finishReason).toBe('STOP');
    expect(reply.usageMetadata?.candidatesTokenCount).toBeGreaterThan(0);
    const sent = fixture.upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.model).toBe(OPENAI_MODEL);
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(50);
  });

  it('streams content (alt=sse)', async () => {
    const stream = await genai().models.generateContentStream({ model: OPENAI_MODEL, contents: 'Hi' });
    let text = '';
    let finish: string | undefined;
    for await (const chunk of stream) {
      text += chunk.text ?? '';
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
    }
    expect(text).toBe(DEFAULT_REPLY_TEXT);
    expect(finish).toBe('STOP');
    const log = await fixture.lastConsumeLog();
    expect(log.model_name).toBe(OPENAI_MODEL);
    expect(Number(log.completion_tokens)).toBeGreaterThan(0);
  });

  it('counts tokens locally and lists the models the key may use', async () => {
    const counted = await genai().models.countTokens({ model: OPENAI_MODEL, contents: 'Hello there, world' });
    expect(counted.totalTokens).toBeGreaterThan(0);
    const pager = await genai().models.list();
    const names: string[] = [];
    for await (const model of pager) names.push(String(model.name));
    expect(names).toEqual(expect.arrayContaining([`models/${OPENAI_MODEL}`, `models/${GEMINI_MODEL}`]));
  });

  it('embeds through the OpenAI embeddings of the upstream and bills them', async () => {
    const before = await fixture.userQuota();
    const reply = await genai().models.embedContent({ model: EMBEDDING_MODEL, contents: ['one', 'two'] });
    expect(reply.embeddings).toHaveLength(2);
    expect(reply.embeddings?.[0]?.values?.length).toBeGreaterThan(0);
    const sent = fixture.upstream.requests.at(-1)!;
    expect(sent.path).toBe('/v1/embeddings');
    expect((sent.body as Record<string, unknown>).input).toEqual(['one', 'two']);
    const log = await fixture.lastConsumeLog();
    expect(log.model_name).toBe(EMBEDDING_MODEL);
    expect(await fixture.userQuota()).toBe(before - Number(log.quota));
  });
});

describe('Gemini channels (type 24)', () => {
  it('pass a Gemini client through and bill the usage they report', async () => {
    const reply = await genai().models.generateContent({
      model: GEMINI_MODEL,
      contents: 'Hi',
      config: { systemInstruction: 'Be brief.' },
    });
    expect(reply.text).toBe(FAKE_GEMINI_TEXT);
    const upstream = gemini.requests.at(-1)!;
    expect(upstream.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
    expect(upstream.headers['x-goog-api-key']).toBe(GEMINI_KEY);
    expect(upstream.body.model).toBeUndefined();
    // gemini.safety_settings (default OFF for every category) is added when the client sends none.
    expect(upstream.body.safetySettings).toContainEqual({
      category: 'HARM_CATEGORY_HARASSMENT',
      threshold: 'OFF',
    });
    const log = await fixture.lastConsumeLog();
    expect(log.prompt_tokens).toBe(FAKE_GEMINI_USAGE.promptTokenCount);
    expect(log.completion_tokens).toBe(
      FAKE_GEMINI_USAGE.candidatesTokenCount + FAKE_GEMINI_USAGE.thoughtsTokenCount,
    );
    expect(JSON.parse(String(log.other))).toMatchObject({
      request_format: 'gemini',
      upstream_format: 'gemini',
      cache_tokens: FAKE_GEMINI_USAGE.cachedContentTokenCount,
    });

    const stream = await genai().models.generateContentStream({ model: GEMINI_MODEL, contents: 'Hi' });
    let text = '';
    for await (const chunk of stream) text += chunk.text ?? '';
    expect(text).toBe(FAKE_GEMINI_TEXT);
    expect(gemini.requests.at(-1)!.path).toBe(`/v1beta/models/${GEMINI_MODEL}:streamGenerateContent?alt=sse`);
  });

  it('serve OpenAI chat clients: reply, stream with usage, and a tool round trip', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: GEMINI_MODEL,
      messages: SYSTEM_AND_HI,
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_GEMINI_TEXT);
    const sent = gemini.requests.at(-1)!.body;
    expect(JSON.stringify(sent.systemInstruction ?? sent.system_instruction)).toContain('Be brief.');

    const { text, usage } = await streamedChat(fixture.openai, GEMINI_MODEL);
    expect(text).toBe(FAKE_GEMINI_TEXT);
    expect(usage?.prompt_tokens).toBe(FAKE_GEMINI_USAGE.promptTokenCount);

    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ];
    const { first, call, second } = await weatherToolRound(fixture.openai, GEMINI_MODEL, tools);
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual(FAKE_GEMINI_ARGS);
    expect(second.choices[0]?.message.content).toBe(FAKE_GEMINI_TEXT);
  });

  it('serve Claude clients', async () => {
    const anthropic = fixture.anthropic();
    const message = await claudeMessage(anthropic, GEMINI_MODEL);
    expect(message.content[0]).toMatchObject({ type: 'text', text: FAKE_GEMINI_TEXT });
    const final = await streamedClaudeMessage(anthropic, GEMINI_MODEL);
    expect(final.content[0]).toMatchObject({ type: 'text', text: FAKE_GEMINI_TEXT });
    expect(final.usage.output_tokens).toBeGreaterThan(0);
  });

  it('serve OpenAI embeddings through batchEmbedContents, converted both ways', async () => {
    const reply = await fixture.openai.embeddings.create({
      model: 'gemini-embedding-001',
      input: ['a', 'b'],
    });
    expect(reply.data.map((item) => item.embedding)).toEqual([FAKE_GEMINI_EMBEDDING, FAKE_GEMINI_EMBEDDING]);
    const upstream = gemini.requests.at(-1)!;
    expect(upstream.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    const single = await fixture.openai.embeddings.create({ model: 'gemini-embedding-001', input: 'a' });
    expect(single.data[0]?.embedding).toEqual(FAKE_GEMINI_EMBEDDING);
    expect(gemini.requests.at(-1)!.path).toBe('/v1beta/models/gemini-embedding-001:embedContent');
    const log = await fixture.lastConsumeLog();
    expect(log.model_name).toBe('gemini-embedding-001');
    expect(Number(log.prompt_tokens)).toBeGreaterThan(0);
  });

  it('pass the console channel test and list their models from the console', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${geminiChannel}`);
    expect(tested.body.success).toBe(true);
    const models = await fixture.root.get<string[]>(`/api/channel/fetch_models/${geminiChannel}`);
    expect(models.body.data).toEqual(FAKE_GEMINI_MODELS);
  });
});

describe('@google/genai on a Claude upstream', () => {
  it('converts text, streams and a function call round trip', async () => {
    const reply = await genai().models.generateContent({
      model: CLAUDE_MODEL,
      contents: 'Hi',
      config: { systemInstruction: 'Be brief.' },
    });
    expect(reply.text).toBe(FAKE_CLAUDE_TEXT);
    expect(JSON.stringify(claude.requests.at(-1)!.body.system)).toContain('Be brief.');
    let streamed = '';
    for await (const chunk of await genai().models.generateContentStream({
      model: CLAUDE_MODEL,
      contents: 'Hi',
    }))
      streamed += chunk.text ?? '';
    expect(streamed).toBe(FAKE_CLAUDE_TEXT);

    const tools = [
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Weather of a city',
            parametersJsonSchema: {
              type: 'object',
              properties: { city: { type: 'string' } },
              required: ['city'],
            },
          },
        ],
      },
    ];
    const first = await genai().models.generateContent({
      model: CLAUDE_MODEL,
      contents: 'Weather in Paris?',
      config: { tools },
    });
    const call = first.functionCalls?.[0];
    expect(call?.name).toBe('get_weather');
    expect(call?.args).toEqual(FAKE_CLAUDE_TOOL_INPUT);
    const second = await genai().models.generateContent({
      model: CLAUDE_MODEL,
      config: { tools },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: call! }] },
        {
          role: 'user',
          parts: [{ functionResponse: { id: call!.id, name: 'get_weather', response: { result: 'sunny' } } }],
        },
      ],
    });
    expect(second.text).toBe(FAKE_CLAUDE_TEXT);
    const sent = claude.requests.at(-1)!.body as {
      messages: { role: string; content: { type: string }[] }[];
    };
    expect(sent.messages.at(-1)?.content[0]?.type).toBe('tool_result');
  });
});

describe('openai SDK responses.create on a Gemini channel', () => {
  it('converts the call, stream and not', async () => {
    const reply = await fixture.openai.responses.create({
      model: GEMINI_MODEL,
      instructions: 'Be brief.',
      input: 'Hi',
    });
    expect(reply.output_text).toBe(FAKE_GEMINI_TEXT);
    const final = await fixture.openai.responses.stream({ model: GEMINI_MODEL, input: 'Hi' }).finalResponse();
    expect(final.output_text).toBe(FAKE_GEMINI_TEXT);
    expect(final.usage?.input_tokens).toBe(FAKE_GEMINI_USAGE.promptTokenCount);
  });
});

describe('Gemini surface errors', () => {
  it('checks the key first (x-goog-api-key, ?key=) and answers in Gemini format', async () => {
    const wrong = await fetch(`${fixture.server.url}/v1beta/models/${OPENAI_MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'wrong', 'content-type': 'application/json' },
      body: '{',
    });
    expect(wrong.status).toBe(401);
    const body = (await wrong.json()) as { error: { code: number; status: string; message: string } };
    expect(body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });

    const byQuery = await fetch(
      `${fixture.server.url}/v1beta/models/${OPENAI_MODEL}:generateContent?key=${encodeURIComponent(key)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
      },
    );
    expect(byQuery.status).toBe(200);
  });

  it('refuses unknown actions, streams without alt=sse and malformed contents with a 4xx', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fixture.server.url}/v1beta/models/${path}`, {
        method: 'POST',
        headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const contents = [{ role: 'user', parts: [{ text: 'Hi' }] }];
    const unknown = await post(`${OPENAI_MODEL}:predict`, { contents });
    expect(unknown.status).toBe(404);
    const noSse = await post(`${OPENAI_MODEL}:streamGenerateContent`, { contents });
    expect(noSse.status).toBe(400);
    expect(((await noSse.json()) as { error: { message: string } }).error.message).toMatch(/alt=sse/);
    const malformed = await post(`${OPENAI_MODEL}:generateContent`, { contents: 'nope' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    const nowhere = await fetch(`${fixture.server.url}/v1beta/tunedModels`, {
      headers: { 'x-goog-api-key': key },
    });
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    const gone = await genai()
      .models.generateContent({ model: 'no-such-model', contents: 'Hi' })
      .catch((error: unknown) => error as Error);
    expect(String(gone)).toMatch(/no-such-model/);
  });
});

describe('Gemini image models (gemini.supported_imagine_models) for OpenAI clients', () => {
  const imageMarkdown = `![image](data:${FAKE_GEMINI_IMAGE.mimeType};base64,${FAKE_GEMINI_IMAGE.data})`;
  const sentConfig = () =>
    (gemini.requests.at(-1)!.body as { generationConfig?: Record<string, unknown> }).generationConfig ?? {};

  it('asks a listed model for text and images and shows the image as Markdown', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: IMAGE_MODEL,
      messages: [{ role: 'user', content: 'Draw a cat' }],
    });
    expect(sentConfig().responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect(reply.choices[0]?.message.content).toBe(`${FAKE_GEMINI_TEXT}${imageMarkdown}`);
  });

  it('streams the image as a Markdown piece after the text', async () => {
    const { text } = await streamedChat(fixture.openai, IMAGE_MODEL);
    expect(text).toBe(`${FAKE_GEMINI_TEXT}${imageMarkdown}`);
  });

  it('gives a Claude client the image as Markdown text too', async () => {
    const message = await claudeMessage(fixture.anthropic(), IMAGE_MODEL, 'Draw a cat');
    const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
    expect(texts.join('')).toBe(`${FAKE_GEMINI_TEXT}${imageMarkdown}`);
  });

  it('leaves a model off the list as asked, and follows the option when it changes', async () => {
    await fixture.openai.chat.completions.create({
      model: GEMINI_MODEL,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(sentConfig().responseModalities).toBeUndefined();
    await fixture.setOption('gemini.supported_imagine_models', JSON.stringify([GEMINI_MODEL]));
    const reply = await fixture.openai.chat.completions.create({
      model: GEMINI_MODEL,
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(sentConfig().responseModalities).toEqual(['TEXT', 'IMAGE']);
    expect(reply.choices[0]?.message.content).toBe(`${FAKE_GEMINI_TEXT}${imageMarkdown}`);
    await fixture.setOption('gemini.supported_imagine_models', JSON.stringify([IMAGE_MODEL]));
  });
});
