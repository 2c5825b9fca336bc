/**
 * iFlytek Spark dialect against recorded-style frames (./__fixtures__): the request frame the adaptor
 * sends (the version's domain, the app id, bounded sampling fields), a whole reply gathered from its
 * frames, error frames (content audits), and streams as the transport hands them over (one frame per
 * `data:` line) — decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { sparkCodec as codec, sparkErrorStatus } from './codec.ts';
import { sparkAdaptor } from './index.ts';

const fixtures = dialectFixtures(import.meta.url);

const request: CanonicalRequest = {
  model: 'SparkDesk-v3.5',
  system: [{ type: 'text', text: '你是知识渊博的助理。' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: '你是谁' }] },
    { role: 'assistant', content: [{ type: 'text', text: '我是讯飞星火认知大模型。' }] },
    { role: 'user', content: [{ type: 'text', text: '你会做什么' }] },
  ],
  tools: [],
  stream: true,
  temperature: 0.5,
  topK: 4.4,
  maxTokens: 20_000,
  user: 'user-7',
};

describe('Spark requests', () => {
  it('are the frame of the version the model names, with the app id and bounded fields', () => {
    const channel = { key: '12345678|secret|apikey', baseUrl: '', other: '' } as CachedChannel;
    const built = sparkAdaptor.buildRequest({
      channel,
      endpoint: 'chat',
      body: codec.encodeRequest(request),
      upstreamModel: request.model,
      stream: true,
    });
    expect(built?.url).toBe('wss://spark-api.xf-yun.com/v3.5/chat');
    expect(JSON.parse(String(built?.body))).toEqual(fixtures.json('request.json'));
  });
});

describe('Spark replies', () => {
  it('gather the text of every frame and the usage of the last', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: 'cht000cb087@dx18793cd421fb894542',
      model: '',
      created: expect.any(Number),
      content: [{ type: 'text', text: '我可以回答问题、写作和翻译。✍️' }],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 31, outputTokens: 12 }),
    });
  });

  it('refuse an error frame, reported as the status its code means', () => {
    const body = fixtures.json('reply-audit.json');
    expect(() => codec.decodeReply(body)).toThrow('iFlytek Spark error 10013');
    expect(codec.readError((body as { frames: unknown[] }).frames[0])).toEqual({
      message: 'input content audit failed, please check your input',
      code: '10013',
      type: 'content_filter',
    });
    expect([10013, 11200, 11202, 10163, 10000].map(sparkErrorStatus)).toEqual([400, 401, 429, 400, 502]);
  });
});

describe('Spark streams', () => {
  it('decode the text of each frame and the usage of the last', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream.chunks.txt'))).toEqual([
      { type: 'start', id: 'cht000cb087@dx18793cd421fb894542', model: '' },
      ...textBlock(0, '我可以', '回答问题、写作和翻译', '。✍️'),
      { type: 'usage', usage: { inputTokens: 31, outputTokens: 12, cacheReadTokens: 0, reasoningTokens: 0 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('end with the error of an audit frame', async () => {
    expect((await decodeAtEveryCut(codec, fixtures.bytes('stream-audit.chunks.txt'))).at(-1)).toEqual({
      type: 'error',
      message: 'output content audit failed',
      errorType: '10013',
    });
  });
});
