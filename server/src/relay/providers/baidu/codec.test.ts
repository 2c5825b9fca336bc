/**
 * Baidu ERNIE (Wenxin v1) dialect against recorded-style bodies and streams (./__fixtures__): the chat
 * request with its system text and sampling fields, replies (whole and truncated), `error_code` bodies
 * answered with HTTP 200 as the statuses they mean, and streams of reply objects ending with `is_end`,
 * decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { baiduCodec as codec } from './codec.ts';

const fixtures = dialectFixtures(import.meta.url);

const request: CanonicalRequest = {
  model: 'ERNIE-4.0-8K',
  system: [{ type: 'text', text: '你是一名导游。' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: '介绍一下北京' }] },
    { role: 'assistant', content: [{ type: 'text', text: '北京是中国的首都。' }] },
    { role: 'user', content: [{ type: 'text', text: '它有哪些名胜？' }] },
  ],
  tools: [],
  stream: true,
  temperature: 0.8,
  topP: 0.8,
  maxTokens: 1024,
  stopSequences: ['。。'],
  presencePenalty: 0.5,
  user: 'user-42',
};

describe('Baidu requests', () => {
  it('carry the system text apart and the sampling fields by their Baidu names', () => {
    expect(codec.encodeRequest(request)).toEqual(fixtures.json('request.json'));
  });

  it('keep the temperature within (0, 1]', () => {
    expect(codec.encodeRequest({ ...request, temperature: 0 })).toMatchObject({ temperature: 0.01 });
    expect(codec.encodeRequest({ ...request, temperature: 1.5 })).toMatchObject({ temperature: 1 });
  });
});

describe('Baidu replies', () => {
  it('read the result, its time and usage', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: 'as-fg4g836x8n',
      model: '',
      created: 1709716601,
      content: [{ type: 'text', text: '北京有故宫、天坛、长城等名胜古迹。🏯' }],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 24, outputTokens: 18 }),
    });
  });

  it('report a truncated reply as cut by the token limit', () => {
    expect(codec.decodeReply(fixtures.json('reply-truncated.json'))).toMatchObject({
      stopReason: 'max_tokens',
      usage: wholeUsage({ inputTokens: 24, outputTokens: 8 }),
    });
  });

  it.each([
    [{ error_code: 110, error_msg: 'Access token invalid or no longer valid' }, 401],
    [{ error_code: 18, error_msg: 'Open api qps request limit reached' }, 429],
    [{ error_code: 336501, error_msg: 'Rate limit reached for RPM' }, 429],
    [{ error_code: 336003, error_msg: 'the max length of current question is 4800' }, 400],
    [{ error_code: 336100, error_msg: 'try again later' }, 500],
  ])('answer %o as status %i', (body, status) => {
    expect(codec.okError?.(body)).toEqual({ status, message: body.error_msg, code: String(body.error_code) });
  });

  it('refuse an error body as a reply', () => {
    expect(() => codec.decodeReply(fixtures.json('reply-error.json'))).toThrow(
      'Baidu error 336003: the max length of current question is 4800',
    );
    expect(codec.okError?.(fixtures.json('reply.json'))).toBeNull();
  });
});

describe('Baidu streams', () => {
  it('decode the pieces, the last usage and the stop at is_end', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream.chunks.txt'))).toEqual([
      { type: 'start', id: 'as-vb0m37ti8x', model: '' },
      ...textBlock(0, '北京有故宫、', '天坛、长城等名胜古迹。', '🏯'),
      { type: 'usage', usage: { inputTokens: 24, outputTokens: 18, cacheReadTokens: 0, reasoningTokens: 0 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decode an error frame as an error event', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream-error.chunks.txt'))).toEqual([
      { type: 'error', message: 'Rate limit reached for RPM', errorType: '336501' },
    ]);
  });
});
