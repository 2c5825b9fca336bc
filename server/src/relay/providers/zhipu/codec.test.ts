/**
 * Zhipu v3 dialect against recorded-style bodies and streams (./__fixtures__): the request as sent to
 * `/invoke` and `/sse-invoke`, the JSON-quoted reply, errors answered with HTTP 200, and `sse-invoke`
 * streams — raw text after `data:`, usage in the `finish` event's `meta:` field, fields written with or
 * without a space after the colon — decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest, StreamEvent } from '../../canonical/types.ts';
import { textBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { zhipuV3Codec as codec } from './codec.ts';

const fixtures = dialectFixtures(import.meta.url);

const request: CanonicalRequest = {
  model: 'chatglm_turbo',
  system: [{ type: 'text', text: '你是一个乐于助人的助手。' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: '你好' }] },
    { role: 'assistant', content: [{ type: 'text', text: '你好！有什么可以帮你？' }] },
    { role: 'user', content: [{ type: 'text', text: '用一句话介绍 ChatGLM。' }] },
  ],
  tools: [],
  stream: true,
  temperature: 0.95,
  topP: 0.7,
};

/** The events of the recorded stream: the pieces with their own spaces, the usage of `meta:`, a stop. */
const recordedEvents: StreamEvent[] = [
  { type: 'start', id: '', model: '' },
  ...textBlock(0, 'Chat', 'GLM 是智谱', ' AI 与清华大学', '联合发布的模型。\n它支持🙂双语', '。'),
  { type: 'usage', usage: { inputTokens: 116, outputTokens: 16, cacheReadTokens: 0, reasoningTokens: 0 } },
  { type: 'stop', reason: 'end_turn' },
];

describe('Zhipu v3 requests', () => {
  it('put the system text first as a user turn the assistant acknowledges', () => {
    expect(codec.encodeRequest(request)).toEqual(fixtures.json('request.json'));
  });

  it('keep the temperature within (0, 1]', () => {
    expect(codec.encodeRequest({ ...request, temperature: 2 })).toMatchObject({ temperature: 1 });
    expect(codec.encodeRequest({ ...request, temperature: 0 })).toMatchObject({ temperature: 0.01 });
  });
});

describe('Zhipu v3 replies', () => {
  it('unquote the JSON-quoted content and read the usage', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: '8087226758389340423',
      model: '',
      created: expect.any(Number),
      content: [
        {
          type: 'text',
          text: 'ChatGLM 是智谱 AI 与清华大学 KEG 实验室联合发布的对话语言模型。\n它支持中英双语。',
        },
      ],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 116, outputTokens: 16 }),
    });
  });

  it('turn an error answered with HTTP 200 into its status', () => {
    const body = fixtures.json('reply-error.json');
    expect(codec.okError?.(body)).toEqual({ status: 400, message: 'Prompt 超长', code: '1261' });
    expect(() => codec.decodeReply(body)).toThrow('Zhipu error 1261: Prompt 超长');
    expect(codec.okError?.(fixtures.json('reply.json'))).toBeNull();
    expect(codec.okError?.({ code: 1002, msg: 'Authorization Token非法', success: false })).toMatchObject({
      status: 401,
    });
    expect(codec.okError?.({ code: 1302, msg: '您当前使用该API的并发数过高', success: false })).toMatchObject(
      {
        status: 429,
      },
    );
  });
});

describe('Zhipu v3 streams', () => {
  it.each(['stream.chunks.txt', 'stream-spaced.chunks.txt'])(
    'decode %s: the pieces keep their spaces, the usage comes from meta',
    async (name) => {
      expect(await decodeAtEveryCut(codec, fixtures.bytes(name))).toEqual(recordedEvents);
    },
  );

  it('end with an error when Zhipu interrupts the stream', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream-interrupted.chunks.txt'))).toEqual([
      { type: 'start', id: '', model: '' },
      { type: 'block_start', index: 0, block: { type: 'text' } },
      { type: 'text_delta', index: 0, text: '你好，' },
      { type: 'error', message: '模型推理异常中断' },
    ]);
  });
});
