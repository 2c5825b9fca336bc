/**
 * iFlytek Spark channels (type 18) against a fake Spark WebSocket API (server/src/test-support/
 * fake-vendors/spark-upstream.ts) that verifies the signed URL itself: chat through the official `openai`
 * SDK (stream and not) billed exactly from the usage of the last frame, the version from the channel's
 * `other` field or the model name's suffix, the system prompt first, a wrong APISecret and error frames
 * reported as failures that charge nothing, a Claude-format client, the console's channel test, and keys or
 * versions the provider cannot take refused at save. The transport's time bounds, abort and proxy tunnel
 * are checked on the transport itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../lib/http-client.ts';
import {
  FAKE_SPARK_API_KEY,
  FAKE_SPARK_APP_ID,
  FAKE_SPARK_KEY,
  FAKE_SPARK_PIECES,
  FAKE_SPARK_USAGE,
  type FakeSpark,
  startFakeSpark,
} from '../../test-support/fake-vendors/spark-upstream.ts';
import {
  claudeMessage,
  collectChatStream,
  failedChatStream,
  ratioQuota,
  SYSTEM_AND_TURNS,
  streamedClaudeMessage,
} from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { startTunnelProxy } from '../../test-support/tunnel-proxy.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { sparkCodec } from '../providers/spark/codec.ts';
import { sparkAdaptor, sparkVersion } from '../providers/spark/index.ts';

const MODEL = 'SparkDesk';
const MODEL_RATIO = 0.9;
const COMPLETION_RATIO = 3;
const TEXT = FAKE_SPARK_PIECES.join('');
const { fixture } = setUpRelayFixture();
let spark: FakeSpark;
let channelId: number;
let defaultVersionChannelId: number;
let wrongSecretChannelId: number;

/** What the usage of the fake's last frame costs at `ratio` (completion tokens at COMPLETION_RATIO). */
function expectedQuota(ratio = MODEL_RATIO): number {
  return ratioQuota(
    FAKE_SPARK_USAGE.prompt_tokens,
    FAKE_SPARK_USAGE.completion_tokens,
    ratio,
    COMPLETION_RATIO,
  );
}

beforeAll(async () => {
  ({ vendor: spark, channelId } = await fixture.addVendorChannel(startFakeSpark, {
    type: 18,
    key: FAKE_SPARK_KEY,
    other: 'v3.5',
    models: `${MODEL},SparkDesk-v4.0,SparkDesk-pro-128k`,
  }));
  defaultVersionChannelId = await fixture.addChannel({
    type: 18,
    key: FAKE_SPARK_KEY,
    base_url: spark.url,
    models: 'SparkLite',
  });
  wrongSecretChannelId = await fixture.addChannel({
    type: 18,
    key: `${FAKE_SPARK_APP_ID}|not-the-api-secret-9876|${FAKE_SPARK_API_KEY}`,
    base_url: spark.url,
    other: 'v3.5',
    models: 'SparkWrong',
    auto_ban: 0,
  });
  const names = [MODEL, 'SparkDesk-v4.0', 'SparkDesk-pro-128k', 'SparkLite', 'SparkWrong'];
  const each = (value: number) => Object.fromEntries(names.map((name) => [name, value]));
  await fixture.setModelRatios(each(MODEL_RATIO), each(COMPLETION_RATIO));
});

describe('iFlytek Spark channels', () => {
  it('answer chat over a signed socket: version from other, system first, billed from the usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: SYSTEM_AND_TURNS,
        temperature: 1.5,
        max_tokens: 100_000,
        user: 'user-42',
      }),
    );
    expect(result.choices[0]?.message.content).toBe(TEXT);
    expect(result.usage).toMatchObject({
      prompt_tokens: FAKE_SPARK_USAGE.prompt_tokens,
      completion_tokens: FAKE_SPARK_USAGE.completion_tokens,
    });
    const upstream = spark.requests.at(-1)!;
    expect(upstream.path).toBe('/v3.5/chat');
    expect(upstream.frame).toEqual({
      header: { app_id: FAKE_SPARK_APP_ID, uid: 'user-42' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 1, max_tokens: 8192, auditing: 'default' } },
      payload: {
        message: {
          text: SYSTEM_AND_TURNS,
        },
      },
    });
    expect(log.prompt_tokens).toBe(FAKE_SPARK_USAGE.prompt_tokens);
    expect(log.completion_tokens).toBe(FAKE_SPARK_USAGE.completion_tokens);
    expect(log.quota).toBe(expectedQuota());
    expect(spent).toBe(expectedQuota());
  });

  it('stream the frames as OpenAI chunks with the final usage; the model suffix picks the version', async () => {
    const closedBefore = spark.closed;
    const { result, spent, log } = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: 'SparkDesk-v4.0',
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    const { pieces, usage } = result;
    expect(pieces).toEqual(FAKE_SPARK_PIECES);
    expect(usage).toMatchObject({
      prompt_tokens: FAKE_SPARK_USAGE.prompt_tokens,
      completion_tokens: FAKE_SPARK_USAGE.completion_tokens,
    });
    const upstream = spark.requests.at(-1)!;
    expect(upstream.path).toBe('/v4.0/chat');
    expect((upstream.frame.parameter as { chat: unknown }).chat).toMatchObject({ domain: '4.0Ultra' });
    expect(log.is_stream).toBeTruthy();
    expect(log.quota).toBe(expectedQuota());
    expect(spent).toBe(expectedQuota());
    await expect.poll(() => spark.closed).toBe(closedBefore + 1);

    await fixture.openai.chat.completions.create({
      model: 'SparkDesk-pro-128k',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(spark.requests.at(-1)!.path).toBe('/chat/pro-128k');
  });

  it('use v2.1 for a channel saved without a version', async () => {
    const saved = await fixture.root.get<{ other: string }>(`/api/channel/${defaultVersionChannelId}`);
    expect(saved.body.data?.other).toBe('v2.1');
    const reply = await fixture.openai.chat.completions.create({
      model: 'SparkLite',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(TEXT);
    expect(spark.requests.at(-1)!.path).toBe('/v2.1/chat');
    expect((spark.requests.at(-1)!.frame.parameter as { chat: unknown }).chat).toMatchObject({
      domain: 'generalv2',
    });
  });

  it('serve a Claude-format client, stream and not', async () => {
    const anthropic = fixture.anthropic();
    const message = await claudeMessage(anthropic, MODEL, 'Hi', 'Answer in Chinese.');
    expect(message.content[0]).toMatchObject({ type: 'text', text: TEXT });
    expect(message.usage).toMatchObject({
      input_tokens: FAKE_SPARK_USAGE.prompt_tokens,
      output_tokens: FAKE_SPARK_USAGE.completion_tokens,
    });
    expect(spark.requests.at(-1)!.frame.payload).toEqual({
      message: {
        text: [
          { role: 'system', content: 'Answer in Chinese.' },
          { role: 'user', content: 'Hi' },
        ],
      },
    });
    expect((spark.requests.at(-1)!.frame.parameter as { chat: unknown }).chat).toMatchObject({
      max_tokens: 64,
    });

    const { result: final, spent } = await fixture.charged(() => streamedClaudeMessage(anthropic, MODEL));
    expect(final.content[0]).toMatchObject({ type: 'text', text: TEXT });
    expect(final.usage.output_tokens).toBe(FAKE_SPARK_USAGE.completion_tokens);
    expect(spent).toBe(expectedQuota());
  });

  it('report a handshake refused for a wrong APISecret as a failure, charging nothing', async () => {
    const requestsBefore = spark.requests.length;
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: 'SparkWrong',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBe(401);
    expect(failure.message).toContain('HMAC signature does not match');
    expect(failure.message).not.toContain('not-the-api-secret-9876');
    expect(spark.refused.at(-1)).toEqual({ path: '/v3.5/chat', reason: 'HMAC signature does not match' });
    expect(spark.requests.length).toBe(requestsBefore);
    expect(spent).toBe(0);
  });

  it('report an error frame sent first as a failure with its code, charging nothing', async () => {
    spark.failNext({ code: 10013, message: 'input content audit failed' });
    const audit = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(audit.failure.status).toBe(400);
    expect(audit.failure.code).toBe('10013');
    expect(audit.failure.message).toContain('input content audit failed');
    expect(audit.spent).toBe(0);

    spark.failNext({ code: 10110, message: 'service busy' });
    const busy = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    );
    expect(busy.failure.status).toBe(502);
    expect(busy.failure.message).toContain('service busy');
    expect(busy.spent).toBe(0);
  });

  it('fail a whole reply whose error frame follows some text, charging nothing', async () => {
    spark.failNext({ code: 10014, message: 'output content audit failed', afterPieces: 2 });
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('output content audit failed');
    expect(spent).toBe(0);
  });

  it('end a stream with the error of an error frame that follows some text', async () => {
    spark.failNext({ code: 10014, message: 'output content audit failed', afterPieces: 2 });
    const { text, failure } = await failedChatStream(
      await fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    );
    expect(text).toBe(FAKE_SPARK_PIECES.slice(0, 2).join(''));
    expect(failure.message).toContain('output content audit failed');
  });

  it('pass the console channel test, and fail it for a wrong APISecret without showing the key', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body).toMatchObject({ success: true });
    expect(spark.requests.at(-1)!.path).toBe('/v3.5/chat');

    const failed = await fixture.root.get<unknown>(`/api/channel/test/${wrongSecretChannelId}`);
    expect(failed.body.success).toBe(false);
    expect(failed.body.message).toContain('HMAC signature does not match');
    expect(JSON.stringify(failed.body)).not.toContain('not-the-api-secret-9876');
  });

  it('refuse a key without its three parts, or an unknown version, at save', async () => {
    for (const key of ['only-one-part', `${FAKE_SPARK_APP_ID}|secret`, 'a||c']) {
      const reply = await fixture.root.post('/api/channel/', {
        type: 18,
        name: 'bad spark',
        key,
        models: MODEL,
        group: 'default',
      });
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toContain('APPID|APISecret|APIKey');
    }
    const version = await fixture.root.post('/api/channel/', {
      type: 18,
      name: 'bad spark version',
      key: FAKE_SPARK_KEY,
      other: 'v9.9',
      models: MODEL,
      group: 'default',
    });
    expect(version.body.success).toBe(false);
    expect(version.body.message).toContain('v9.9');
  });
});

describe('the Spark version and transport', () => {
  const upstream = new UpstreamClient('default');
  afterAll(() => upstream.destroy());

  it('name the version from the model suffix first, and refuse an unknown numbered one', () => {
    expect(sparkVersion('v2.1', 'SparkDesk-v3.1')?.domain).toBe('generalv3');
    expect(sparkVersion('', 'SparkDesk')?.domain).toBe('generalv2');
    expect(sparkVersion('max-32k', 'my-model')?.path).toBe('/chat/max-32k');
    expect(sparkVersion('v2.1', 'SparkDesk-v9.9')).toBeNull();
    expect(sparkVersion('v7', 'SparkDesk')).toBeNull();
  });

  function transportInput(overrides: {
    setting?: Record<string, unknown>;
    idleMs?: number;
    signal?: AbortSignal;
  }) {
    const cached = fixture.server.context.channelCache.get(channelId)!;
    const channel = {
      ...cached,
      setting: { ...cached.setting, ...overrides.setting },
    } as CachedChannel;
    const body = sparkCodec.encodeRequest({
      model: MODEL,
      system: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      tools: [],
      stream: true,
    });
    const request = sparkAdaptor.buildRequest({
      channel,
      endpoint: 'chat',
      body,
      upstreamModel: MODEL,
      stream: true,
    })!;
    return {
      channel,
      endpoint: 'chat' as const,
      request,
      stream: true,
      upstream,
      timeouts: { headersMs: 5_000, idleMs: overrides.idleMs ?? 5_000 },
      signal: overrides.signal ?? new AbortController().signal,
    };
  }

  async function drain(body: AsyncIterable<Uint8Array>): Promise<string> {
    let text = '';
    for await (const chunk of body) text += Buffer.from(chunk).toString('utf8');
    return text;
  }

  it('end a stream with an error when no frame comes within the idle bound', async () => {
    spark.stallNext(1);
    const closedBefore = spark.closed;
    const response = await sparkAdaptor.transport!(transportInput({ idleMs: 300 }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    const started = Date.now();
    await expect(drain(response.body)).rejects.toThrow(/no further frame from iFlytek Spark within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => spark.closed).toBe(closedBefore + 1);
  });

  it('close the socket when the call is aborted', async () => {
    spark.stallNext(1);
    const closedBefore = spark.closed;
    const controller = new AbortController();
    const response = await sparkAdaptor.transport!(transportInput({ signal: controller.signal }));
    const reading = drain(response.body);
    controller.abort(new Error('client went away'));
    await expect(reading).rejects.toThrow('client went away');
    await expect.poll(() => spark.closed).toBe(closedBefore + 1);
  });

  it("reach Spark through the channel's proxy (a CONNECT tunnel)", async () => {
    const proxy = await startTunnelProxy('http');
    try {
      const input = transportInput({});
      const response = await sparkAdaptor.transport!({ ...input, proxyUrl: proxy.url });
      expect(response.statusCode).toBe(200);
      expect(await drain(response.body)).toContain('"status":2');
      expect(proxy.tunnels).toEqual([new URL(spark.url).host]);
    } finally {
      await proxy.close();
    }
  });
});
