/**
 * Providers whose every call is signed locally: Tencent Hunyuan (type 23, TC3-HMAC-SHA256 over the body)
 * and Zhipu v3 (type 16, an HS256 JWT from `id.secret`), against fakes that recompute the signature
 * (server/src/test-support/fake-vendors/hunyuan-upstream.ts, zhipu-v3-upstream.ts): chat stream and not
 * through the official `openai` SDK with exact billing, a Claude-format client, a wrong secret refused
 * and charged nothing, the console's channel test, and malformed keys refused at save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  FAKE_HUNYUAN_PIECES,
  FAKE_HUNYUAN_SECRET_ID,
  FAKE_HUNYUAN_SECRET_KEY,
  FAKE_HUNYUAN_USAGE,
  startFakeHunyuan,
} from '../../test-support/fake-vendors/hunyuan-upstream.ts';
import {
  FAKE_ZHIPU_ID,
  FAKE_ZHIPU_PIECES,
  FAKE_ZHIPU_SECRET,
  FAKE_ZHIPU_USAGE,
  startFakeZhipuV3,
} from '../../test-support/fake-vendors/zhipu-v3-upstream.ts';
import { collectChatStream } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const HUNYUAN = 'hunyuan-turbo';
const ZHIPU = 'chatglm_pro';
const { fixture } = setUpRelayFixture();
let hunyuan: FakeVendor;
let zhipu: FakeVendor;
let hunyuanChannel: number;
let zhipuChannel: number;

beforeAll(async () => {
  ({ vendor: hunyuan, channelId: hunyuanChannel } = await fixture.addVendorChannel(startFakeHunyuan, {
    type: 23,
    key: `1300000000|${FAKE_HUNYUAN_SECRET_ID}|${FAKE_HUNYUAN_SECRET_KEY}`,
    models: `${HUNYUAN},hunyuan-bad-secret`,
    model_mapping: JSON.stringify({}),
  }));
  ({ vendor: zhipu, channelId: zhipuChannel } = await fixture.addVendorChannel(startFakeZhipuV3, {
    type: 16,
    key: `${FAKE_ZHIPU_ID}.${FAKE_ZHIPU_SECRET}`,
    models: ZHIPU,
  }));
  await fixture.setModelRatios({ [HUNYUAN]: 0.5, [ZHIPU]: 0.25, 'hunyuan-lite': 0.5 }, { [HUNYUAN]: 3 });
});

async function streamedText(model: string) {
  return collectChatStream(
    await fixture.openai.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    }),
  );
}

describe('Tencent Hunyuan channels', () => {
  it('sign each call (TC3) and bill the reported usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: HUNYUAN,
        messages: [
          { role: 'system', content: 'Answer in Chinese.' },
          { role: 'user', content: 'Hi' },
        ],
      }),
    );
    expect(result.choices[0]?.message.content).toBe(FAKE_HUNYUAN_PIECES.join(''));
    const upstream = hunyuan.requests.at(-1)!;
    expect(upstream.body).toMatchObject({
      Model: HUNYUAN,
      Stream: false,
      Messages: [
        { Role: 'system', Content: 'Answer in Chinese.' },
        { Role: 'user', Content: 'Hi' },
      ],
    });
    const expected = Math.round(
      (FAKE_HUNYUAN_USAGE.PromptTokens + FAKE_HUNYUAN_USAGE.CompletionTokens * 3) * 0.5,
    );
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('stream the deltas with the final usage', async () => {
    const { text, usage } = await streamedText(HUNYUAN);
    expect(text).toBe(FAKE_HUNYUAN_PIECES.join(''));
    expect(usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 9 });
    expect((await fixture.lastConsumeLog()).quota).toBe(Math.round((11 + 9 * 3) * 0.5));
  });

  it('serve a Claude-format client', async () => {
    const message = await fixture.anthropic().messages.create({
      model: HUNYUAN,
      max_tokens: 64,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.content[0]).toMatchObject({ type: 'text', text: FAKE_HUNYUAN_PIECES.join('') });
    expect(message.usage).toMatchObject({ input_tokens: 11, output_tokens: 9 });
  });

  it('fail with a wrong secret key (the fake refuses the signature) and charge nothing', async () => {
    const channel = await fixture.addChannel({
      type: 23,
      key: `1300000000|${FAKE_HUNYUAN_SECRET_ID}|not-the-secret`,
      base_url: hunyuan.url,
      models: 'hunyuan-lite',
    });
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: 'hunyuan-lite',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBe(401);
    expect(failure.message).toContain('the signature does not match');
    expect(spent).toBe(0);
    const test = await fixture.root.get<unknown>(`/api/channel/test/${channel}?model=hunyuan-lite`);
    expect(test.body.success).toBe(false);
    expect(test.body.message).toContain('SignatureFailure');
  });

  it('pass the channel test from the console', async () => {
    const test = await fixture.root.get<unknown>(`/api/channel/test/${hunyuanChannel}?model=${HUNYUAN}`);
    expect(test.body.success).toBe(true);
  });
});

describe('Zhipu v3 channels', () => {
  it('authorize with a signed JWT, unquote the content and bill the usage', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: ZHIPU,
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_ZHIPU_PIECES.join(''));
    const upstream = zhipu.requests.at(-1)!;
    expect(upstream.path).toBe(`/api/paas/v3/model-api/${ZHIPU}/invoke`);
    expect(upstream.body.prompt).toEqual([
      { role: 'user', content: 'Be kind.' },
      { role: 'assistant', content: 'Okay' },
      { role: 'user', content: 'Hi' },
    ]);
    const expected = Math.round((FAKE_ZHIPU_USAGE.prompt_tokens + FAKE_ZHIPU_USAGE.completion_tokens) * 0.25);
    expect((await fixture.lastConsumeLog()).quota).toBe(expected);
  });

  it('stream through sse-invoke with the usage of the finish event', async () => {
    const { text, usage } = await streamedText(ZHIPU);
    expect(text).toBe(FAKE_ZHIPU_PIECES.join(''));
    expect(usage).toMatchObject({ prompt_tokens: 17, completion_tokens: 5 });
    expect(zhipu.requests.at(-1)!.path).toBe(`/api/paas/v3/model-api/${ZHIPU}/sse-invoke`);
    const test = await fixture.root.get<unknown>(`/api/channel/test/${zhipuChannel}?model=${ZHIPU}`);
    expect(test.body.success).toBe(true);
  });
});

describe('keys of signed providers', () => {
  it.each([
    [23, 'SecretId|SecretKey', 'AppId|SecretId|SecretKey'],
    [16, 'no-dot-in-this-key', 'id.secret'],
  ])('type %i refuses %s at save', async (type, key, hint) => {
    const reply = await fixture.root.post('/api/channel/', {
      type,
      name: 'bad',
      key,
      models: 'm',
      group: 'default',
    });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toContain(hint);
  });
});
