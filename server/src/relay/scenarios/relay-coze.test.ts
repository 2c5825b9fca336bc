/**
 * Coze channels (type 49) against a fake Coze API (server/src/test-support/fake-vendors/coze-upstream.ts)
 * that checks the token, the bot and the chat body: the conversation sent as additional messages with the
 * channel's bot id, a call without a stream created, polled and its messages listed, a stream of named
 * events — through the official `openai` SDK (Chat Completions and Responses), `@anthropic-ai/sdk` and
 * `@google/genai`, billed from Coze's usage. Coze's
 * refusals (a bad token with HTTP 401, an unknown bot with HTTP 200 and an error code), a failed chat and an
 * `error` event mid-stream reach the client as clean errors and charge nothing beyond what was delivered;
 * the console's channel test passes; a channel without a bot id is refused at save.
 */
import { GoogleGenAI } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_COZE_BOT_ID,
  FAKE_COZE_FAILED_CHAT,
  FAKE_COZE_PIECES,
  FAKE_COZE_PIECES_BEFORE_ERROR,
  FAKE_COZE_STREAM_ERROR,
  FAKE_COZE_TOKEN,
  FAKE_COZE_USAGE,
  type FakeCoze,
  startFakeCoze,
} from '../../test-support/fake-vendors/coze-upstream.ts';
import {
  claudeMessage,
  collectChatStream,
  failedChatStream,
  ratioQuota,
  streamedClaudeMessage,
} from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'coze-support-bot';
const BAD_KEY_MODEL = 'coze-wrong-token';
const UNKNOWN_BOT_MODEL = 'coze-unknown-bot';
const MODEL_RATIO = 1.5;
const COMPLETION_RATIO = 3;
const ANSWER = FAKE_COZE_PIECES.join('');
const { fixture } = setUpRelayFixture();
let coze: FakeCoze;
let channelId: number;

const quotaOf = (prompt: number, completion: number) =>
  ratioQuota(prompt, completion, MODEL_RATIO, COMPLETION_RATIO);
const usageQuota = quotaOf(FAKE_COZE_USAGE.input_count, FAKE_COZE_USAGE.output_count);

/** The chat requests the fake received, newest last. */
const chatRequests = () => coze.requests.filter((request) => request.path === '/v3/chat');

beforeAll(async () => {
  ({ vendor: coze, channelId } = await fixture.addVendorChannel(startFakeCoze, {
    type: 49,
    key: FAKE_COZE_TOKEN,
    other: FAKE_COZE_BOT_ID,
    models: MODEL,
  }));
  await fixture.addChannel({
    type: 49,
    key: 'pat_not-the-right-token',
    base_url: coze.url,
    other: FAKE_COZE_BOT_ID,
    models: BAD_KEY_MODEL,
  });
  await fixture.addChannel({
    type: 49,
    key: FAKE_COZE_TOKEN,
    base_url: coze.url,
    other: '7000000000000000000',
    models: UNKNOWN_BOT_MODEL,
  });
  await fixture.setModelRatios(
    { [MODEL]: MODEL_RATIO, [BAD_KEY_MODEL]: MODEL_RATIO, [UNKNOWN_BOT_MODEL]: MODEL_RATIO },
    { [MODEL]: COMPLETION_RATIO },
  );
});

describe('Coze channels', () => {
  it('create a chat with the conversation, poll it and list its answer, billed from its usage', async () => {
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
      prompt_tokens: FAKE_COZE_USAGE.input_count,
      completion_tokens: FAKE_COZE_USAGE.output_count,
    });
    const created = chatRequests().at(-1)!;
    expect(created.headers.authorization).toBe(`Bearer ${FAKE_COZE_TOKEN}`);
    expect(created.body).toEqual({
      bot_id: FAKE_COZE_BOT_ID,
      user_id: 'switchyard',
      stream: false,
      additional_messages: [
        { role: 'user', type: 'question', content: 'You are a support bot.', content_type: 'text' },
        { role: 'user', type: 'question', content: 'My printer is broken.', content_type: 'text' },
        { role: 'assistant', type: 'answer', content: 'Which model is it?', content_type: 'text' },
        {
          role: 'user',
          type: 'question',
          content: JSON.stringify([
            { type: 'text', text: 'This one.' },
            { type: 'image', file_url: 'https://images.example/printer.png' },
          ]),
          content_type: 'object_string',
        },
      ],
    });
    const chatId = `chat-${chatRequests().length}`;
    expect(coze.retrievals.get(chatId)).toBe(2);
    expect(coze.requests.at(-1)!.path).toBe(
      `/v3/chat/message/list?conversation_id=conv-${chatRequests().length}&chat_id=${chatId}`,
    );
    expect(log.prompt_tokens).toBe(FAKE_COZE_USAGE.input_count);
    expect(log.completion_tokens).toBe(FAKE_COZE_USAGE.output_count);
    expect(log.quota).toBe(usageQuota);
    expect(spent).toBe(usageQuota);
  });

  it('stream the answer pieces of the delta events, with the usage of conversation.chat.completed', async () => {
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
    expect(result.pieces).toEqual(FAKE_COZE_PIECES);
    expect(result.finish).toBe('stop');
    expect(result.usage).toMatchObject({
      prompt_tokens: FAKE_COZE_USAGE.input_count,
      completion_tokens: FAKE_COZE_USAGE.output_count,
    });
    expect(chatRequests().at(-1)!.body).toEqual({
      bot_id: FAKE_COZE_BOT_ID,
      user_id: 'customer-42',
      stream: true,
      additional_messages: [{ role: 'user', type: 'question', content: 'Hi there', content_type: 'text' }],
    });
    expect(log.is_stream).toBeTruthy();
    expect(log.quota).toBe(usageQuota);
    expect(spent).toBe(usageQuota);
  });

  it('end the stream with an error at an error event, billing only what was delivered', async () => {
    coze.failNextStream();
    const { result, spent, log } = await fixture.charged(async () =>
      failedChatStream(
        await fixture.openai.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'Tell me a long story' }],
          stream: true,
        }),
      ),
    );
    const delivered = FAKE_COZE_PIECES.slice(0, FAKE_COZE_PIECES_BEFORE_ERROR).join('');
    expect(result.text).toBe(delivered);
    expect(result.failure.message).toContain(FAKE_COZE_STREAM_ERROR.msg);
    // No usage arrived: the prompt is counted, the delivered ASCII text estimated at 4 characters a token.
    const deliveredTokens = Math.ceil(delivered.length / 4);
    expect(log.completion_tokens).toBe(deliveredTokens);
    expect(log.prompt_tokens).toBeGreaterThan(0);
    const expected = quotaOf(Number(log.prompt_tokens), deliveredTokens);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('report a chat that failed as a clean error, and charge nothing', async () => {
    coze.failNextChat();
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(failure.status).toBe(502);
    expect(failure.message).toContain(FAKE_COZE_FAILED_CHAT.msg);
    expect(spent).toBe(0);
  });

  it('report a refused token without the token, and charge nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: BAD_KEY_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    );
    expect(failure.status).toBe(401);
    expect(failure.message).toContain('authentication is invalid');
    expect(failure.message).not.toContain('pat_not-the-right-token');
    expect(chatRequests().at(-1)!.headers.authorization).toBe('Bearer pat_not-the-right-token');
    expect(spent).toBe(0);
  });

  it('report an unknown bot, refused with HTTP 200 and an error code, in the Claude format', async () => {
    const anthropic = fixture.anthropic();
    const { failure, spent } = await fixture.chargedFailure(() =>
      claudeMessage(anthropic, UNKNOWN_BOT_MODEL, 'Hello?'),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('Bot 7000000000000000000 does not exist');
    expect(spent).toBe(0);
    // A streaming call gets the same JSON refusal instead of a stream.
    const streamed = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: UNKNOWN_BOT_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      }),
    );
    expect(streamed.failure.status).toBe(400);
    expect(streamed.failure.message).toContain('does not exist');
    expect(streamed.spent).toBe(0);
  });

  it('serve a Claude-format client, stream and not', async () => {
    const anthropic = fixture.anthropic();
    const message = await claudeMessage(anthropic, MODEL, 'Hello?', 'Answer in English.');
    expect(message.content[0]).toMatchObject({ type: 'text', text: ANSWER });
    expect(message.usage).toMatchObject({
      input_tokens: FAKE_COZE_USAGE.input_count,
      output_tokens: FAKE_COZE_USAGE.output_count,
    });
    expect(chatRequests().at(-1)!.body).toMatchObject({
      stream: false,
      additional_messages: [
        { role: 'user', type: 'question', content: 'Answer in English.', content_type: 'text' },
        { role: 'user', type: 'question', content: 'Hello?', content_type: 'text' },
      ],
    });

    const final = await streamedClaudeMessage(anthropic, MODEL, 'Hello?');
    expect(final.content[0]).toMatchObject({ type: 'text', text: ANSWER });
    expect(final.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(FAKE_COZE_USAGE.output_count);
    expect(chatRequests().at(-1)!.body.stream).toBe(true);
  });

  it('serve Gemini and Responses clients, stream and not, billed from the usage', async () => {
    const genai = new GoogleGenAI({
      apiKey: `sk-${fixture.token.key}`,
      httpOptions: { baseUrl: fixture.server.url },
    });
    const request = { model: MODEL, contents: 'Hello?' };
    expect((await genai.models.generateContent(request)).text).toBe(ANSWER);
    expect(chatRequests().at(-1)!.body.stream).toBe(false);
    let streamed = '';
    for await (const chunk of await genai.models.generateContentStream(request)) streamed += chunk.text ?? '';
    expect(streamed).toBe(ANSWER);
    expect(chatRequests().at(-1)!.body.stream).toBe(true);
    expect((await fixture.lastConsumeLog()).quota).toBe(usageQuota);

    const reply = await fixture.openai.responses.create({
      model: MODEL,
      instructions: 'Be brief.',
      input: 'Hi',
    });
    expect(reply.output_text).toBe(ANSWER);
    expect(chatRequests().at(-1)!.body.additional_messages).toEqual([
      { role: 'user', type: 'question', content: 'Be brief.', content_type: 'text' },
      { role: 'user', type: 'question', content: 'Hi', content_type: 'text' },
    ]);
    const final = await fixture.openai.responses.stream({ model: MODEL, input: 'Hi' }).finalResponse();
    expect(final.output_text).toBe(ANSWER);
    expect(final.usage?.input_tokens).toBe(FAKE_COZE_USAGE.input_count);
    expect((await fixture.lastConsumeLog()).quota).toBe(usageQuota);
  });

  it('pass the console’s channel test', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body).toMatchObject({ success: true });
    expect(chatRequests().at(-1)!.body).toMatchObject({
      bot_id: FAKE_COZE_BOT_ID,
      stream: false,
      additional_messages: [{ role: 'user', type: 'question', content: 'hi', content_type: 'text' }],
    });
  });

  it('refuse a channel without a bot id when it is saved', async () => {
    const reply = await fixture.root.post<unknown>('/api/channel/', {
      type: 49,
      name: 'coze-without-bot',
      key: FAKE_COZE_TOKEN,
      base_url: coze.url,
      models: MODEL,
      group: 'default',
    });
    expect(reply.body).toMatchObject({ success: false });
    expect(JSON.stringify(reply.body)).toContain('bot ID');
  });
});
