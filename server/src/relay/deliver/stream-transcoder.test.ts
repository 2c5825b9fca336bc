/**
 * The transcoder each format pair gets in the one stream relay (./stream-transcoder.ts): what the client is
 * sent for each upstream event, and what the relay learns from it for the ending rules (./event-stream.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatSseEvent, SSE_DONE } from '../../lib/sse.ts';
import { codecFor } from '../call/conversion.ts';
import type { SseMessage, WireFormat } from '../canonical/codec.ts';
import { CanonicalTranscoder } from './canonical-transcoder.ts';
import { OpenAiChunkTranscoder } from './openai-chunk-transcoder.ts';
import { type StreamTranscoder, type TranscoderInput, transcoderFor } from './stream-transcoder.ts';

function transcoder(
  client: WireFormat,
  upstream: WireFormat,
  overrides: Partial<TranscoderInput> = {},
): StreamTranscoder {
  return transcoderFor({
    client,
    upstreamCodec: codecFor(upstream),
    endpoint: 'chat',
    clientBody: {},
    model: 'test-model',
    requestId: 'request-1',
    countPrecisely: false,
    countPromptTokens: () => 7,
    ...overrides,
  });
}

const chatChunk = (content: string) =>
  JSON.stringify({
    id: 'chatcmpl-upstream',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: 'gpt-4o',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });
const usageChunk = JSON.stringify({
  id: 'chatcmpl-upstream',
  object: 'chat.completion.chunk',
  created: 1700000000,
  model: 'gpt-4o',
  choices: [],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
});

const claudeStream: SseMessage[] = [
  {
    event: 'message_start',
    data: JSON.stringify({
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 3, output_tokens: 1 },
      },
    }),
  },
  {
    event: 'content_block_start',
    data: JSON.stringify({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    }),
  },
  {
    event: 'content_block_delta',
    data: JSON.stringify({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: 'Hello' },
    }),
  },
  { event: 'content_block_stop', data: JSON.stringify({ type: 'content_block_stop', index: 0 }) },
  {
    event: 'message_delta',
    data: JSON.stringify({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn' },
      usage: { output_tokens: 2 },
    }),
  },
  { event: 'message_stop', data: JSON.stringify({ type: 'message_stop' }) },
];

describe('transcoderFor', () => {
  it.each([
    ['openai-chat', 'openai-chat', OpenAiChunkTranscoder],
    ['claude', 'claude', CanonicalTranscoder],
    ['gemini', 'gemini', CanonicalTranscoder],
    ['openai-responses', 'openai-responses', CanonicalTranscoder],
    ['claude', 'openai-chat', CanonicalTranscoder],
    ['openai-chat', 'claude', CanonicalTranscoder],
    ['openai-chat', 'openai-responses', CanonicalTranscoder],
  ] as const)('gives a %s client of a %s upstream its transcoder', (client, upstream, kind) => {
    expect(transcoder(client, upstream)).toBeInstanceOf(kind);
  });
});

describe('OpenAI chunks passed through', () => {
  it.each([
    { asked: false, usageSent: '' },
    { asked: true, usageSent: `data: ${usageChunk}\n\n` },
  ])(
    'writes each chunk as it came; the usage-only chunk only when asked ($asked)',
    ({ asked, usageSent }) => {
      const relay = transcoder('openai-chat', 'openai-chat', {
        clientBody: asked ? { stream_options: { include_usage: true } } : {},
      });
      expect(relay.push({ data: chatChunk('Hi') })).toBe(`data: ${chatChunk('Hi')}\n\n`);
      expect(relay.push({ data: usageChunk })).toBe(usageSent);
      expect(relay.finished).toBe(false);
      expect(relay.push({ data: '[DONE]' })).toBe('');
      expect(relay.finished).toBe(true);
      expect(relay.usage()).toEqual({ promptTokens: 3, completionTokens: 2 });
      expect(relay.outputDelivered).toBe(true);
      expect(relay.endedBadly()).toBe(false);
      expect(relay.madeUpUsage()).toBe('');
      expect(relay.final()).toBe(SSE_DONE);
    },
  );

  it.each([
    { endpoint: 'chat' as const, object: 'chat.completion.chunk' },
    { endpoint: 'completions' as const, object: 'text_completion' },
  ])(
    'makes up the usage chunk a client asked for when the upstream sent none ($endpoint)',
    ({ endpoint, object }) => {
      const relay = transcoder('openai-chat', 'openai-chat', {
        endpoint,
        clientBody: { stream_options: { include_usage: true } },
      });
      const data =
        endpoint === 'chat'
          ? chatChunk('abcdefgh')
          : JSON.stringify({ id: 'cmpl-1', object, created: 1700000000, choices: [{ text: 'abcdefgh' }] });
      relay.push({ data });
      expect(relay.usage()).toBeNull();
      const madeUp = relay.madeUpUsage();
      expect(madeUp.startsWith('data: ')).toBe(true);
      expect(JSON.parse(madeUp.slice(6))).toMatchObject({
        object,
        model: 'test-model',
        created: 1700000000,
        choices: [],
        usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
      });
    },
  );

  it('counts no output for a stream of usage only, and tells an interruption in an OpenAI error chunk', () => {
    const relay = transcoder('openai-chat', 'openai-chat');
    relay.push({ data: usageChunk });
    expect(relay.outputDelivered).toBe(false);
    expect(JSON.parse(relay.interruption().slice(6))).toEqual({
      error: {
        message: 'the upstream stream was interrupted',
        type: 'upstream_error',
        code: 'stream_interrupted',
      },
    });
  });
});

describe('the same format passed through (Claude)', () => {
  it('writes each event as it came, reads it only to meter it, and adds no closing bytes', () => {
    const ids: string[] = [];
    const relay = transcoder('claude', 'claude', { onReplyId: (id) => ids.push(id) });
    for (const message of claudeStream) expect(relay.push(message)).toBe(formatSseEvent(message));
    expect(relay.end()).toBe('');
    expect(ids).toEqual(['msg_1']);
    expect(relay.usage()).toEqual({ promptTokens: 3, completionTokens: 2 });
    expect(relay.outputDelivered).toBe(true);
    expect(relay.endedBadly()).toBe(false);
    expect(relay.final()).toBeUndefined();
  });

  it('counts a stream without its stop as ended badly', () => {
    const relay = transcoder('claude', 'claude');
    for (const message of claudeStream.slice(0, 3)) relay.push(message);
    expect(relay.endedBadly()).toBe(true);
    expect(relay.interruption()).toContain('event: error');
  });
});

describe('formats that differ (a Claude stream to an OpenAI Chat client)', () => {
  it('encodes each event in the client format and closes with its end marker', () => {
    const relay = transcoder('openai-chat', 'claude');
    const written = claudeStream.map((message) => relay.push(message)).join('') + relay.end();
    const chunks = written
      .split('\n\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.replace(/^data: /, '')));
    expect(chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('')).toBe('Hello');
    expect(relay.usage()).toEqual({ promptTokens: 3, completionTokens: 2 });
    expect(relay.final()).toBe(SSE_DONE);
  });
});
