/**
 * The OpenAI resellers new-api added (6 OpenAIMax, 7 OhMyGPT, 9 AILS, 10 AIProxy, 12 API2GPT, 13 AIGC2D) and
 * Submodel (53): a channel of each, created through the channel API, relays the official `openai` SDK's chat
 * calls to OpenAI's path with its key as a Bearer token, stream and not, billed exactly from the upstream's
 * usage; the channel form offers each type's models; the registry has new-api's names and default addresses;
 * type 57 (a ChatGPT subscription over OAuth) is refused at save with the registry's message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { channelType } from '../../../../common/channel-types.ts';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import {
  FAKE_RESPONSES_TEXT,
  FAKE_RESPONSES_USAGE,
  startFakeResponses,
} from '../../test-support/fake-vendors/responses-upstream.ts';
import { collectChatStream, ratioQuota } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

// type, new-api's name for it, its default base URL in new-api's constant/channel.go, the model relayed
const TYPES = [
  [6, 'OpenAIMax', 'https://api.openaimax.com', 'reseller-6-model'],
  [7, 'OhMyGPT', 'https://api.ohmygpt.com', 'reseller-7-model'],
  [9, 'AILS', 'https://api.caipacity.com', 'reseller-9-model'],
  [10, 'AIProxy', 'https://api.aiproxy.io', 'reseller-10-model'],
  [12, 'API2GPT', 'https://api.api2gpt.com', 'reseller-12-model'],
  [13, 'AIGC2D', 'https://api.aigc2d.com', 'reseller-13-model'],
  [53, 'Submodel', 'https://llm.submodel.ai', 'deepseek-ai/DeepSeek-V3.1'],
] as const;

const RATIO = 1.5;
const COMPLETION_RATIO = 2;
/** Submodel's DeepSeek-V3.1 at new-api's default ratio 0.8 ($1.60 per 1M tokens, output the same). */
const SUBMODEL_RATIO = 0.8;

const { fixture } = setUpRelayFixture();

beforeAll(async () => {
  const resellerModels = TYPES.filter(([type]) => type !== 53).map(([, , , model]) => model);
  await fixture.setModelRatios(Object.fromEntries(resellerModels.map((model) => [model, RATIO])));
  const completion = fixture.server.context.options.getJson<Record<string, number>>('CompletionRatio');
  await fixture.setOption(
    'CompletionRatio',
    JSON.stringify({
      ...completion,
      ...Object.fromEntries(resellerModels.map((model) => [model, COMPLETION_RATIO])),
    }),
  );
  for (const [type, , , model] of TYPES)
    await fixture.addChannel({ type, key: `key-${type}`, models: model });
});

function ratiosOf(type: number): [number, number] {
  return type === 53 ? [SUBMODEL_RATIO, 1] : [RATIO, COMPLETION_RATIO];
}

describe('the OpenAI resellers and Submodel', () => {
  it.each(TYPES)('type %i (%s) has new-api’s name and default address %s', (type, name, base) => {
    expect(channelType(type)).toMatchObject({ name, openAiCompatible: { defaultBaseUrl: base } });
  });

  it.each(TYPES)(
    'type %i relays a chat call with its key, billed from the usage',
    async (type, _n, _b, model) => {
      const { result, spent, log } = await fixture.charged(() =>
        fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] }),
      );
      expect(result.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
      const upstream = fixture.upstream.requests.at(-1)!;
      expect(upstream.path).toBe('/v1/chat/completions');
      expect(upstream.apiKey).toBe(`key-${type}`);
      const usage = result.usage!;
      expect(log.prompt_tokens).toBe(usage.prompt_tokens);
      expect(log.completion_tokens).toBe(usage.completion_tokens);
      const expected = ratioQuota(usage.prompt_tokens, usage.completion_tokens, ...ratiosOf(type));
      expect(log.quota).toBe(expected);
      expect(spent).toBe(expected);
    },
  );

  it.each(TYPES)(
    'type %i streams, asking for stream usage only where new-api does',
    async (type, _n, _b, model) => {
      const { result, log } = await fixture.charged(async () =>
        collectChatStream(
          await fixture.openai.chat.completions.create({
            model,
            messages: [{ role: 'user', content: 'Hi' }],
            stream: true,
            stream_options: { include_usage: true },
          }),
        ),
      );
      expect(result.text).toBe(DEFAULT_REPLY_TEXT);
      const upstream = fixture.upstream.requests.at(-1)!;
      const asked = (upstream.body as { stream_options?: unknown }).stream_options;
      if (type === 53) expect(asked).toEqual({ include_usage: true });
      else expect(asked).toBeUndefined();
      expect(log.is_stream).toBeTruthy();
      // Usage reported (Submodel) or counted (the resellers): the log row is billed from what it holds.
      expect(log.quota).toBe(
        ratioQuota(Number(log.prompt_tokens), Number(log.completion_tokens), ...ratiosOf(type)),
      );
      if (type === 53) expect(log.completion_tokens).toBe(upstream.usage!.completion_tokens);
    },
  );

  it('type 6 (OpenAIMax) passes a Responses call through to /v1/responses; the others convert it to chat', async () => {
    const responses = fixture.adopt(await startFakeResponses('key-6'));
    const id = await fixture.addChannel({
      type: 6,
      key: 'key-6',
      base_url: responses.url,
      models: 'max-responses',
    });
    await fixture.setModelRatios({ 'max-responses': RATIO });
    const { result, log } = await fixture.charged(() =>
      fixture.openai.responses.create({ model: 'max-responses', input: 'Hi' }),
    );
    expect(result.output_text).toBe(FAKE_RESPONSES_TEXT);
    expect(responses.requests.at(-1)!.path).toBe('/v1/responses');
    expect(log.channel_id).toBe(id);
    expect(log.quota).toBe(
      ratioQuota(FAKE_RESPONSES_USAGE.input_tokens, FAKE_RESPONSES_USAGE.output_tokens, RATIO, 1),
    );
    const converted = await fixture.openai.responses.create({ model: 'reseller-7-model', input: 'Hi' });
    expect(converted.output_text).toBe(DEFAULT_REPLY_TEXT);
    expect(fixture.upstream.requests.at(-1)!.path).toBe('/v1/chat/completions');
  });

  it('the channel form offers each type’s models', async () => {
    const byType = (await fixture.root.get<Record<string, string[]>>('/api/models')).body.data!;
    for (const type of [6, 7, 9, 10, 12, 13]) expect(byType[String(type)]).toContain('gpt-4o-mini');
    expect(byType['53']).toEqual(
      expect.arrayContaining(['deepseek-ai/DeepSeek-V3.1', 'openai/gpt-oss-120b']),
    );
    expect(
      fixture.server.context.options.getJson<Record<string, number>>('ModelRatio')['openai/gpt-oss-120b'],
    ).toBe(0.5);
  });
});

describe('type 57, a ChatGPT subscription over OAuth', () => {
  it('is known, serves nothing, and is refused at save with its reason', async () => {
    expect(channelType(57)).toMatchObject({
      name: 'ChatGPT Subscription (Codex)',
      serves: [],
      refusal: 'subscription-account',
    });
    const created = await fixture.root.post<unknown>('/api/channel/', {
      type: 57,
      name: 'chatgpt-subscription',
      key: '{"access_token":"oauth-token"}',
      models: 'gpt-5',
      group: 'default',
    });
    expect(created.body.success).toBe(false);
    expect(created.body.message).toBe(
      "Channel type ChatGPT Subscription (Codex) (57) is refused: a consumer subscription account may not be relayed through a shared gateway under its provider's terms; use an API key (type 1 for OpenAI)",
    );
  });
});
