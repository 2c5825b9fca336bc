/**
 * Coze chat v3 dialect against recorded-style bodies and streams (./__fixtures__): the conversation as
 * additional messages (system text first, images of a user turn as an object_string list), the chat with its
 * listed messages read for its answer alone, Coze's `{code, msg}` errors and the status each code amounts
 * to, and streams of named events — the answer deltas and the usage of conversation.chat.completed, an
 * `error` event, a failed chat — decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import {
  COZE_DEFAULT_USER,
  COZE_REQUIRES_ACTION,
  cozeCodec as codec,
  cozeChatFailure,
  cozeErrorStatus,
} from './codec.ts';

const fixtures = dialectFixtures(import.meta.url);

const conversation: CanonicalRequest = {
  model: 'coze-bot',
  system: [{ type: 'text', text: 'Answer briefly.' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What are the specs of the iPhone 13 Pro Max?' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'A 6.7-inch display and the A15 chip.' }] },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'And its weight? Here it is:' },
        {
          type: 'image',
          source: { kind: 'url', url: 'https://lf-bot-studio-plugin-resource.coze.cn/obj/iphone.png' },
        },
      ],
    },
  ],
  tools: [],
  stream: true,
  user: 'abc-123',
};

describe('Coze requests', () => {
  it('send the conversation as additional messages, the system text first, images as objects', () => {
    expect(codec.encodeRequest(conversation)).toEqual(fixtures.json('request.json'));
  });

  it('name the default user when the client names none, and skip turns without text', () => {
    const request: CanonicalRequest = {
      model: 'coze-bot',
      system: [],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [] },
      ],
      tools: [],
      stream: false,
    };
    expect(codec.encodeRequest(request)).toEqual({
      user_id: COZE_DEFAULT_USER,
      additional_messages: [{ role: 'user', type: 'question', content: 'Hi', content_type: 'text' }],
      stream: false,
    });
  });
});

describe('Coze replies', () => {
  it('read the answer among the listed messages, and the usage of the chat', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: '7382159487131697202',
      model: '',
      created: 1718792949,
      content: [{ type: 'text', text: '今天深圳的天气是晴，气温 31°C。☀️' }],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 614, outputTokens: 19 }),
    });
  });

  it('read the reasoning of an answer as thinking', () => {
    const reply = codec.decodeReply({
      chat: { id: 'chat-1', created_at: 1744872990, status: 'completed' },
      messages: [{ role: 'assistant', type: 'answer', content: '1+1=2', reasoning_content: 'Simple sum.' }],
    });
    expect(reply.content).toEqual([
      { type: 'thinking', text: 'Simple sum.' },
      { type: 'text', text: '1+1=2' },
    ]);
    expect(reply.usage).toBeNull();
  });

  it('read an error body, sent with HTTP 200 too', () => {
    const body = fixtures.json('reply-error.json');
    expect(codec.readError(body)).toEqual({
      message: expect.stringContaining('bot_id=7379462189365198898 does not exist'),
      code: '4200',
    });
    expect(codec.okError?.(body)).toMatchObject({ status: 400, code: '4200' });
    expect(codec.okError?.(fixtures.json('reply.json'))).toBeNull();
    expect(codec.okError?.({ code: 0, msg: '', data: {} })).toBeNull();
    expect(() => codec.decodeReply(body)).toThrow('Coze error 4200');
  });

  it.each([
    [4100, 401],
    [4101, 403],
    [4013, 429],
    [4019, 429],
    [4000, 400],
    [4200, 400],
    [5000, 500],
    [700012006, 500],
  ])('map error code %i to HTTP %i', (code, status) => {
    expect(cozeErrorStatus(code)).toBe(status);
  });

  it.each([
    [{ status: 'in_progress' }, null],
    [{ status: 'completed' }, null],
    [{ status: 'failed', last_error: { code: 5000, msg: 'busy' } }, 'Coze chat failed (5000): busy'],
    [{ status: 'canceled' }, 'the Coze chat was canceled'],
    [{ status: 'requires_action' }, COZE_REQUIRES_ACTION],
  ])('tell a final chat status %o', (chat, failure) => {
    expect(cozeChatFailure(chat)).toBe(failure);
  });
});

describe('Coze streams', () => {
  it('decode the answer deltas and the usage of conversation.chat.completed, skipping the rest', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream.chunks.txt'))).toEqual([
      { type: 'start', id: '7382159487131697202', model: '' },
      ...textBlock(0, '今天深圳', '的天气是晴，', '气温 31°C。☀️'),
      {
        type: 'usage',
        usage: { inputTokens: 614, outputTokens: 19, cacheReadTokens: 0, reasoningTokens: 0 },
      },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decode the reasoning of a reasoning model as thinking before the answer', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream-reasoning.chunks.txt'))).toEqual([
      { type: 'start', id: '7493040417411317786', model: '' },
      { type: 'block_start', index: 0, block: { type: 'thinking' } },
      { type: 'thinking_delta', index: 0, text: '用户问 1+1，' },
      { type: 'thinking_delta', index: 0, text: '答案是 2。' },
      { type: 'block_stop', index: 0 },
      ...textBlock(1, '1+1=2'),
      { type: 'usage', usage: { inputTokens: 45, outputTokens: 40, cacheReadTokens: 0, reasoningTokens: 0 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decode an error event', async () => {
    const events = await decodeAtEveryCut(codec, fixtures.bytes('stream-error.chunks.txt'));
    expect(events.at(-1)).toEqual({
      type: 'error',
      message: 'Coze error 4011: The balance of resource points is insufficient.',
      errorType: '4011',
    });
    expect(events.some((event) => event.type === 'stop')).toBe(false);
  });

  it('decode a failed chat as an error with its reason', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream-failed.chunks.txt'))).toEqual([
      { type: 'error', message: 'Coze chat failed (5000): Model service is busy, please try again later.' },
    ]);
  });
});
