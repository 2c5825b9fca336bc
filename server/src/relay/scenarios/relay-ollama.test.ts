/**
 * Ollama channels (type 4): spoken to natively at /api/chat and /api/embed when the base URL has no /v1
 * (server/src/test-support/fake-vendors/ollama-upstream.ts), through the OpenAI-compatible API when it
 * ends in /v1 — stream and not, tool calls, usage from Ollama's counts billed exactly, errors mapped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  FAKE_OLLAMA_COUNTS,
  FAKE_OLLAMA_EMBEDDING,
  FAKE_OLLAMA_MODEL,
  FAKE_OLLAMA_PIECES,
  startFakeOllama,
} from '../../test-support/fake-vendors/ollama-upstream.ts';
import { collectChatStream, SYSTEM_AND_HI } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const COMPAT_MODEL = 'qwen2.5:7b';
const { fixture } = setUpRelayFixture();
let ollama: FakeVendor;
let nativeChannel: number;
let compatChannel: number;

beforeAll(async () => {
  ({ vendor: ollama, channelId: nativeChannel } = await fixture.addVendorChannel(startFakeOllama, {
    type: 4,
    key: 'ollama-key',
    models: `${FAKE_OLLAMA_MODEL},missing:1b`,
  }));
  compatChannel = await fixture.addChannel({
    type: 4,
    key: 'ollama-key',
    base_url: `${fixture.upstream.url}/v1`,
    models: COMPAT_MODEL,
  });
  await fixture.setModelRatios(
    { [FAKE_OLLAMA_MODEL]: 0.5, [COMPAT_MODEL]: 0.5, 'missing:1b': 0.5 },
    { [FAKE_OLLAMA_MODEL]: 2 },
  );
});

describe('Ollama channels', () => {
  it('answer natively through /api/chat and bill the eval counts', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: FAKE_OLLAMA_MODEL,
      messages: SYSTEM_AND_HI,
      max_tokens: 50,
      temperature: 0.2,
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_OLLAMA_PIECES.join(''));
    const upstream = ollama.requests.at(-1)!;
    expect(upstream.path).toBe('/api/chat');
    expect(upstream.body).toMatchObject({
      model: FAKE_OLLAMA_MODEL,
      stream: false,
      messages: SYSTEM_AND_HI,
      options: { num_predict: 50, temperature: 0.2 },
    });
    const log = await fixture.lastConsumeLog();
    expect(log.prompt_tokens).toBe(FAKE_OLLAMA_COUNTS.prompt_eval_count);
    expect(log.quota).toBe(
      Math.round((FAKE_OLLAMA_COUNTS.prompt_eval_count + FAKE_OLLAMA_COUNTS.eval_count * 2) * 0.5),
    );
  });

  it('stream newline-delimited JSON as OpenAI chunks with the usage', async () => {
    const { text, usage } = await collectChatStream(
      await fixture.openai.chat.completions.create({
        model: FAKE_OLLAMA_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(text).toBe(FAKE_OLLAMA_PIECES.join(''));
    expect(usage).toMatchObject({ prompt_tokens: 26, completion_tokens: 3 });
    expect((await fixture.lastConsumeLog()).is_stream).toBeTruthy();
  });

  it('relay tool calls both ways (arguments objects upstream, JSON text to the client)', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ];
    const reply = await fixture.openai.chat.completions.create({
      model: FAKE_OLLAMA_MODEL,
      messages: [{ role: 'user', content: 'What is the weather in Paris?' }],
      tools,
    });
    const call = reply.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function).toMatchObject({ name: 'get_weather' });
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
    expect(reply.choices[0]?.finish_reason).toBe('tool_calls');
    expect(ollama.requests.at(-1)!.body.tools).toEqual([{ type: 'function', function: tools[0]!.function }]);

    await fixture.openai.chat.completions.create({
      model: FAKE_OLLAMA_MODEL,
      messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      ],
      tools,
    });
    expect(ollama.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }],
      },
      { role: 'tool', content: 'sunny', tool_name: 'get_weather' },
    ]);
  });

  it('embed through /api/embed', async () => {
    const reply = await fixture.openai.embeddings.create({ model: FAKE_OLLAMA_MODEL, input: ['a', 'b'] });
    expect(reply.data.map((item) => item.embedding)).toEqual([FAKE_OLLAMA_EMBEDDING, FAKE_OLLAMA_EMBEDDING]);
    expect(ollama.requests.at(-1)!.path).toBe('/api/embed');
    expect((await fixture.lastConsumeLog()).prompt_tokens).toBe(10);
  });

  it("map Ollama's error body and charge nothing", async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: 'missing:1b',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBe(404);
    expect(failure.message).toContain('not found, try pulling it first');
    expect(spent).toBe(0);
  });

  it('speak the OpenAI-compatible API when the base URL ends in /v1', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: COMPAT_MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    expect(fixture.upstream.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });

  it('list the models from /api/tags natively, from /models through the /v1 API', async () => {
    const native = await fixture.root.get<string[]>(`/api/channel/fetch_models/${nativeChannel}`);
    expect(native.body.data).toEqual([FAKE_OLLAMA_MODEL]);
    expect(ollama.requests.at(-1)!.path).toBe('/api/tags');
    const compat = await fixture.root.get<string[]>(`/api/channel/fetch_models/${compatChannel}`);
    expect(compat.body.success).toBe(true);
    expect(fixture.upstream.requests.at(-1)!.path).toBe('/v1/models');
  });
});
