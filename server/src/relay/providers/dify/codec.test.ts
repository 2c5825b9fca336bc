/**
 * Dify chat-messages dialect against recorded-style bodies and streams (./__fixtures__): the stateless
 * query (the conversation written out, a lone user turn bare, image URLs as remote files), the blocking
 * reply, Dify's error body, and streams mixing answer pieces with ping, workflow, agent and TTS events,
 * ended by `message_end` with the usage or by an `error` event — decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { difyCodec as codec } from './codec.ts';

const fixtures = dialectFixtures(import.meta.url);

const conversation: CanonicalRequest = {
  model: 'dify-app',
  system: [{ type: 'text', text: 'Answer briefly.' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What are the specs of the iPhone 13 Pro Max?' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'A 6.7-inch display and the A15 chip.' }] },
    { role: 'user', content: [{ type: 'text', text: 'And its weight?' }] },
  ],
  tools: [],
  stream: true,
  user: 'abc-123',
};

describe('Dify requests', () => {
  it('write the whole conversation into the query, in headed sections', () => {
    expect(codec.encodeRequest(conversation)).toEqual(fixtures.json('request.json'));
  });

  it('send a lone user turn bare, its image URLs as remote files, for the default user', () => {
    const request: CanonicalRequest = {
      model: 'dify-app',
      system: [],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '这张图片里有什么？' },
            { type: 'image', source: { kind: 'url', url: 'https://cloud.dify.ai/logo/logo-site.png' } },
          ],
        },
      ],
      tools: [],
      stream: false,
    };
    // The image is also named in the query's text (text-only dialects write media out).
    expect(codec.encodeRequest(request)).toEqual(fixtures.json('request-image.json'));
  });
});

describe('Dify replies', () => {
  it('read the answer, its time and the usage of the metadata', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: '9da23599-e713-473b-982c-4328d4f5c78a',
      model: '',
      created: 1705407629,
      content: [{ type: 'text', text: 'iPhone 13 Pro Max 重 240 克。📱' }],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 1033, outputTokens: 128 }),
    });
  });

  it('read the error body', () => {
    const body = fixtures.json('reply-error.json');
    expect(codec.readError(body)).toEqual({
      message: 'App unavailable, please check your app configurations.',
      code: 'app_unavailable',
    });
    expect(() => codec.decodeReply(body)).toThrow('Dify error app_unavailable');
  });
});

describe('Dify streams', () => {
  it('decode the answer pieces and the usage of message_end, skipping the other events', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream.chunks.txt'))).toEqual([
      { type: 'start', id: '5e52ce04-874b-4d27-9045-b3bc80def685', model: '' },
      ...textBlock(0, 'iPhone 13', ' Pro Max 重 240 克', '。📱'),
      {
        type: 'usage',
        usage: { inputTokens: 1033, outputTokens: 135, cacheReadTokens: 0, reasoningTokens: 0 },
      },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decode an error event', async () => {
    expect((await decodeAtEveryCut(codec, fixtures.bytes('stream-error.chunks.txt'))).at(-1)).toEqual({
      type: 'error',
      message: 'Your quota for Dify Hosted Model Provider has been exhausted.',
      errorType: 'provider_quota_exceeded',
    });
  });
});
