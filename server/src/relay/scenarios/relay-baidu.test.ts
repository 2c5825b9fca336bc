/**
 * Baidu ERNIE channels (type 15) against a fake Wenxin service (server/src/test-support/fake-vendors/
 * baidu-upstream.ts) that serves the token exchange and refuses bad tokens: chat (stream and not) through
 * the official `openai` SDK with one exchange for many calls, the system prompt apart, usage billed
 * exactly, embeddings, errors answered with HTTP 200 reported as failures, and a malformed key refused
 * at save.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_BAIDU_API_KEY,
  FAKE_BAIDU_EMBEDDING,
  FAKE_BAIDU_PIECES,
  FAKE_BAIDU_SECRET,
  FAKE_BAIDU_USAGE,
  type FakeBaidu,
  startFakeBaidu,
} from '../../test-support/fake-vendors/baidu-upstream.ts';
import { collectChatStream, ratioQuota, SYSTEM_AND_TURNS, TURNS } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'ERNIE-4.0-8K';
const MODEL_RATIO = 0.6;
const COMPLETION_RATIO = 2;
const { fixture } = setUpRelayFixture();
let baidu: FakeBaidu;

beforeAll(async () => {
  ({ vendor: baidu } = await fixture.addVendorChannel(startFakeBaidu, {
    type: 15,
    key: `${FAKE_BAIDU_API_KEY}|${FAKE_BAIDU_SECRET}`,
    models: `${MODEL},ERNIE-Speed-128K,Embedding-V1`,
  }));
  await fixture.setModelRatios(
    { [MODEL]: MODEL_RATIO, 'ERNIE-Speed-128K': 0.1, 'Embedding-V1': 0.1 },
    { [MODEL]: COMPLETION_RATIO },
  );
});

describe('Baidu ERNIE channels', () => {
  it('answer chat through a cached access token, the system prompt apart, billed from the usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: SYSTEM_AND_TURNS,
        temperature: 1.5,
      }),
    );
    expect(result.choices[0]?.message.content).toBe(FAKE_BAIDU_PIECES.join(''));
    expect(result.usage).toMatchObject({
      prompt_tokens: FAKE_BAIDU_USAGE.prompt_tokens,
      completion_tokens: FAKE_BAIDU_USAGE.completion_tokens,
    });
    const upstream = baidu.requests.at(-1)!;
    expect(upstream.path).toBe(
      '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro?access_token=24.fake-token-1',
    );
    expect(upstream.body).toMatchObject({
      system: 'Be brief.',
      messages: TURNS,
      temperature: 1,
    });
    const { prompt_tokens, completion_tokens } = FAKE_BAIDU_USAGE;
    const expected = ratioQuota(prompt_tokens, completion_tokens, MODEL_RATIO, COMPLETION_RATIO);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('stream the pieces as OpenAI chunks with the final usage, without another token exchange', async () => {
    const { text, usage } = await collectChatStream(
      await fixture.openai.chat.completions.create({
        model: 'ERNIE-Speed-128K',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
    expect(text).toBe(FAKE_BAIDU_PIECES.join(''));
    expect(usage).toMatchObject({ prompt_tokens: 13, completion_tokens: 7 });
    expect(baidu.requests.at(-1)!.path).toMatch(/\/chat\/ernie-speed-128k\?access_token=24\.fake-token-1$/);
    expect(baidu.exchanges).toBe(1);
    const log = await fixture.lastConsumeLog();
    expect(log.is_stream).toBeTruthy();
    // ERNIE-Speed's completion tokens cost twice its prompt tokens (its built-in completion ratio).
    expect(log.quota).toBe(Math.round((13 + 7 * 2) * 0.1));
  });

  it('embed through the embeddings endpoint in OpenAI shape', async () => {
    const reply = await fixture.openai.embeddings.create({ model: 'Embedding-V1', input: ['a', 'b'] });
    expect(reply.data.map((item) => item.embedding)).toEqual([FAKE_BAIDU_EMBEDDING, FAKE_BAIDU_EMBEDDING]);
    expect(reply.usage.prompt_tokens).toBe(8);
    expect(baidu.requests.at(-1)!.path).toMatch(/\/embeddings\/embedding-v1\?access_token=/);
    expect(baidu.requests.at(-1)!.body).toEqual({ input: ['a', 'b'] });
  });

  it('report an error Baidu answers with HTTP 200 as a failure of its status, and charge nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'assistant', content: 'I start' }],
      }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('odd number');
    expect(spent).toBe(0);
  });

  it('drop a token Baidu no longer accepts and retry the call with a new one', async () => {
    baidu.revokeTokens();
    const exchanges = baidu.exchanges;
    const reply = await fixture.openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_BAIDU_PIECES.join(''));
    expect(baidu.exchanges).toBe(exchanges + 1);
  });

  it('refuse a key that is not APIKey|SecretKey at save', async () => {
    const reply = await fixture.root.post('/api/channel/', {
      type: 15,
      name: 'bad baidu',
      key: 'only-one-part',
      models: MODEL,
      group: 'default',
    });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toContain('APIKey|SecretKey');
  });
});
