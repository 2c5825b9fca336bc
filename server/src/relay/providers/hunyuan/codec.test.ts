/**
 * Tencent Hunyuan dialect (ChatCompletions 2023-09-01) against recorded-style bodies and streams
 * (./__fixtures__): the request's capitalised fields, the `Response`-wrapped reply, `Response.Error`
 * answered with HTTP 200 as the status it means, and streams of unwrapped `Delta` objects whose last one
 * has a `FinishReason`, decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { hunyuanCodec as codec } from './codec.ts';

const fixtures = dialectFixtures(import.meta.url);

const request: CanonicalRequest = {
  model: 'hunyuan-turbo',
  system: [{ type: 'text', text: '你是腾讯混元助手。' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: '你好' }] },
    { role: 'assistant', content: [{ type: 'text', text: '你好！' }] },
    { role: 'user', content: [{ type: 'text', text: '讲个笑话' }] },
  ],
  tools: [],
  stream: true,
  temperature: 0.5,
  topP: 0.9,
};

describe('Hunyuan requests', () => {
  it('carry the system text as the first message, with capitalised fields', () => {
    expect(codec.encodeRequest(request)).toEqual(fixtures.json('request.json'));
  });
});

describe('Hunyuan replies', () => {
  it('read the message, the time and the usage of the Response', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: 'a7f2a7a1-3c5e-4c0b-9d8f-2b7f9f1b3e11',
      model: '',
      created: 1713507837,
      content: [{ type: 'text', text: '为什么程序员喜欢黑色？因为他们讨厌 bug 🐛。' }],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 21, outputTokens: 17 }),
    });
  });

  it('turn Response.Error into the status it means', () => {
    const body = fixtures.json('reply-error.json');
    expect(codec.okError?.(body)).toEqual({
      status: 401,
      message: 'The provided credentials could not be validated.',
      code: 'AuthFailure.SignatureFailure',
    });
    expect(() => codec.decodeReply(body)).toThrow('AuthFailure.SignatureFailure');
    expect(codec.okError?.(fixtures.json('reply.json'))).toBeNull();
    const error = (code: string) => ({ Response: { Error: { Code: code, Message: code } } });
    expect(
      ['LimitExceeded', 'InvalidParameterValue', 'OperationDenied.ResourceUnavailable', 'InternalError'].map(
        (code) => codec.okError?.(error(code))?.status,
      ),
    ).toEqual([429, 400, 403, 500]);
  });
});

describe('Hunyuan streams', () => {
  it('decode the deltas, the latest usage and the finish reason', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream.chunks.txt'))).toEqual([
      { type: 'start', id: 'b1c2d3e4-0000-4a5b-8c9d-0e1f2a3b4c5d', model: '' },
      ...textBlock(0, '为什么程序员', '喜欢黑色？因为他们讨厌 bug', ' 🐛。'),
      { type: 'usage', usage: { inputTokens: 21, outputTokens: 17, cacheReadTokens: 0, reasoningTokens: 0 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('report a reply stopped by the content review as filtered', async () => {
    const events = await decodeAtEveryCut(codec, fixtures.bytes('stream-sensitive.chunks.txt'));
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'content_filter' });
  });
});
