/**
 * Dify channels (type 37) against a fake Dify app (server/src/test-support/fake-vendors/dify-upstream.ts)
 * that checks the app key and the chat-messages body: the whole conversation written into `query`, image
 * URLs as files, blocking and streaming answers through the official `openai` SDK billed from Dify's usage,
 * a bad key refused with nothing charged, an `error` event mid-stream ending the client's stream with an
 * error and billing only what was delivered, a Claude-format client, and the console's channel test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_DIFY_APP_KEY,
  FAKE_DIFY_ERROR,
  FAKE_DIFY_PIECES,
  FAKE_DIFY_PIECES_BEFORE_ERROR,
  FAKE_DIFY_USAGE,
  type FakeDify,
  startFakeDify,
} from '../../test-support/fake-vendors/dify-upstream.ts';
import {
  claudeMessage,
  collectChatStream,
  failedChatStream,
  ratioQuota,
  streamedClaudeMessage,
} from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'dify-support-bot';
const BAD_KEY_MODEL = 'dify-wrong-key';
const MODEL_RATIO = 1.5;
const COMPLETION_RATIO = 3;
const ANSWER = FAKE_DIFY_PIECES.join('');
const { fixture } = setUpRelayFixture();
let dify: FakeDify;
let channelId: number;

function quotaOf(promptTokens: number, completionTokens: number): number {
  return ratioQuota(promptTokens, completionTokens, MODEL_RATIO, COMPLETION_RATIO);
}

beforeAll(async () => {
  // The base as Dify's console shows it (with /v1): the adaptor must not double it.
  ({ vendor: dify, channelId } = await fixture.addVendorChannel(startFakeDify, (vendor) => ({
    type: 37,
    key: FAKE_DIFY_APP_KEY,
    base_url: `${vendor.url}/v1`,
    models: MODEL,
  })));
  await fixture.addChannel({
    type: 37,
    key: 'app-not-the-right-key',
    base_url: dify.url,
    models: BAD_KEY_MODEL,
  });
  await fixture.setModelRatios(
    { [MODEL]: MODEL_RATIO, [BAD_KEY_MODEL]: MODEL_RATIO },
    { [MODEL]: COMPLETION_RATIO },
  );
});

describe('Dify channels', () => {
  it('send the whole conversation as one query with the last turn’s images, billed from the usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: 'You are a support bot.' },
          { role: 'user', content: 'My printer is broken.' },
          { role: 'assistant', content: 'Which model is it?' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'This one.' },
              { type: 'image_url', image_url: { url: 'https://images.example/printer.png' } },
            ],
          },
        ],
      }),
    );
    expect(result.choices[0]?.message.content).toBe(ANSWER);
    expect(result.choices[0]?.finish_reason).toBe('stop');
    expect(result.usage).toMatchObject({
      prompt_tokens: FAKE_DIFY_USAGE.prompt_tokens,
      completion_tokens: FAKE_DIFY_USAGE.completion_tokens,
    });
    const upstream = dify.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/chat-messages');
    expect(upstream.headers.authorization).toBe(`Bearer ${FAKE_DIFY_APP_KEY}`);
    expect(upstream.body).toEqual({
      inputs: {},
      query: [
        'SYSTEM:\nYou are a support bot.\n',
        'USER:\nMy printer is broken.\n',
        'ASSISTANT:\nWhich model is it?\n',
        'USER:\nThis one.\n[image https://images.example/printer.png]\n',
      ].join(''),
      response_mode: 'blocking',
      user: 'switchyard',
      files: [{ type: 'image', transfer_method: 'remote_url', url: 'https://images.example/printer.png' }],
    });
    expect(log.prompt_tokens).toBe(FAKE_DIFY_USAGE.prompt_tokens);
    expect(log.completion_tokens).toBe(FAKE_DIFY_USAGE.completion_tokens);
    const expected = quotaOf(FAKE_DIFY_USAGE.prompt_tokens, FAKE_DIFY_USAGE.completion_tokens);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('stream the message pieces, skipping progress events, with the usage of message_end', async () => {
    const { result, spent, log } = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'Hi there' }],
          user: 'customer-42',
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    const { pieces, finish, usage } = result;
    expect(pieces).toEqual(FAKE_DIFY_PIECES);
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({
      prompt_tokens: FAKE_DIFY_USAGE.prompt_tokens,
      completion_tokens: FAKE_DIFY_USAGE.completion_tokens,
    });
    // A lone user turn goes as its bare text; the client's user names the Dify user.
    expect(dify.requests.at(-1)!.body).toEqual({
      inputs: {},
      query: 'Hi there',
      response_mode: 'streaming',
      user: 'customer-42',
    });
    expect(log.is_stream).toBeTruthy();
    const expected = quotaOf(FAKE_DIFY_USAGE.prompt_tokens, FAKE_DIFY_USAGE.completion_tokens);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('end the stream with an error when Dify sends an error event, billing only what was delivered', async () => {
    dify.failNextStream();
    const { result, spent, log } = await fixture.charged(async () =>
      failedChatStream(
        await fixture.openai.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'Tell me a long story' }],
          stream: true,
        }),
      ),
    );
    const delivered = FAKE_DIFY_PIECES.slice(0, FAKE_DIFY_PIECES_BEFORE_ERROR).join('');
    expect(result.text).toBe(delivered);
    expect(result.failure.message).toContain(FAKE_DIFY_ERROR.message);
    // No usage arrived: the prompt is counted, the delivered ASCII text estimated at 4 characters a token.
    const deliveredTokens = Math.ceil(delivered.length / 4);
    expect(log.completion_tokens).toBe(deliveredTokens);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.prompt_tokens).not.toBe(FAKE_DIFY_USAGE.prompt_tokens);
    const expected = quotaOf(Number(log.prompt_tokens), deliveredTokens);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('report a refused app key as a failure without the key, and charge nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: BAD_KEY_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBeGreaterThanOrEqual(400);
    expect(failure.message).toContain('Access token is invalid');
    expect(failure.message).not.toContain('app-not-the-right-key');
    expect(dify.requests.at(-1)!.headers.authorization).toBe('Bearer app-not-the-right-key');
    expect(spent).toBe(0);
  });

  it('serve a Claude-format client, stream and not', async () => {
    const anthropic = fixture.anthropic();
    const message = await claudeMessage(anthropic, MODEL, 'Hello?', 'Answer in English.');
    expect(message.content[0]).toMatchObject({ type: 'text', text: ANSWER });
    expect(message.usage).toMatchObject({
      input_tokens: FAKE_DIFY_USAGE.prompt_tokens,
      output_tokens: FAKE_DIFY_USAGE.completion_tokens,
    });
    expect(dify.requests.at(-1)!.body).toMatchObject({
      query: 'SYSTEM:\nAnswer in English.\nUSER:\nHello?\n',
      response_mode: 'blocking',
    });

    const final = await streamedClaudeMessage(anthropic, MODEL, 'Hello?');
    expect(final.content[0]).toMatchObject({ type: 'text', text: ANSWER });
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(FAKE_DIFY_USAGE.completion_tokens);
    expect(dify.requests.at(-1)!.body.response_mode).toBe('streaming');
  });

  it('pass the console’s channel test', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body).toMatchObject({ success: true });
    expect(dify.requests.at(-1)!.body).toMatchObject({ query: 'hi', response_mode: 'blocking' });
  });
});
