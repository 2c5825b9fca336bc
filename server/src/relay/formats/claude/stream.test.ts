import { describe, expect, it } from 'vitest';
import {
  decodeStreamText,
  encodeStreamEvents,
  recordedStreams,
} from '../../../test-support/codec-streams.ts';
import type { StreamEvent } from '../../canonical/types.ts';
import { textBlock, thinkingBlock, toolCallBlock } from '../test-events.ts';
import { claudeCodec as codec } from './codec.ts';

const chunks = recordedStreams(import.meta.url);

/** Decodes a Claude stream text with the relay's SSE parser. */
const decode = (text: string) => decodeStreamText(codec, text);

const init = { id: 'chatcmpl-9', model: 'gpt-4o', created: 1, includeUsage: false };

const encode = (events: StreamEvent[]) => encodeStreamEvents(codec, init, events);

const eventNames = (text: string) => [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);

describe('Claude streams → canonical events', () => {
  it('decodes a text stream (ping ignored)', () => {
    expect(decode(chunks('text.chunks.txt'))).toEqual([
      { type: 'start', id: 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY', model: 'claude-sonnet-4-5-20250929' },
      { type: 'usage', usage: { inputTokens: 25, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 1 } },
      ...textBlock(0, 'Hello', '!'),
      { type: 'usage', usage: { outputTokens: 15 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decodes thinking with its signature, text and a tool call with streamed arguments', () => {
    expect(decode(chunks('message-tool-use.chunks.txt'))).toEqual([
      { type: 'start', id: 'msg_014p7gG3wDgGV9EUtLvnow3U', model: 'claude-sonnet-4-20250514' },
      {
        type: 'usage',
        usage: { inputTokens: 600, cacheReadTokens: 128, cacheWriteTokens: 0, outputTokens: 2 },
      },
      ...thinkingBlock(
        0,
        ['The user wants the weather.'],
        'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
      ),
      ...textBlock(1, "Okay, let's check"),
      ...toolCallBlock(
        2,
        { id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' },
        '{"location":',
        ' "San Francisco, CA"}',
      ),
      { type: 'usage', usage: { outputTokens: 89 } },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('skips server-tool blocks, numbering the others 0, 1 …, and reads the full usage of message_delta', () => {
    expect(decode(chunks('web-search.chunks.txt'))).toEqual([
      { type: 'start', id: 'msg_01G5Gf8hyTRGXd3cnmNuUbNj', model: 'claude-sonnet-4-20250514' },
      {
        type: 'usage',
        usage: { inputTokens: 2679, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 3 },
      },
      ...textBlock(0, "I'll check the weather in New York."),
      ...textBlock(1, 'It is sunny, 22 °C.'),
      {
        type: 'usage',
        // server_tool_use.web_search_requests: billed as a web_search tool line (docs/reference/pricing-tiers.md)
        usage: {
          inputTokens: 10682,
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
          outputTokens: 510,
          toolCalls: { web_search: 1 },
        },
      },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decodes an error event; a stream cut short gets its open block closed and no stop', () => {
    expect(decode(chunks('overloaded.chunks.txt')).slice(2)).toEqual([
      { type: 'block_start', index: 0, block: { type: 'text' } },
      { type: 'text_delta', index: 0, text: 'Once upon' },
      { type: 'error', message: 'Overloaded', errorType: 'overloaded_error' },
      { type: 'block_stop', index: 0 },
    ]);
  });

  it('keeps cached input counts when message_delta repeats only input_tokens', () => {
    const text =
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","model":"m","usage":{"input_tokens":5,"cache_read_input_tokens":100,"cache_creation_input_tokens":20,"output_tokens":1}}}\n\n' +
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"max_tokens","stop_sequence":null},"usage":{"input_tokens":7,"output_tokens":40}}\n\n';
    expect(decode(text).slice(-2)).toEqual([
      {
        type: 'usage',
        usage: { inputTokens: 127, cacheReadTokens: 100, cacheWriteTokens: 20, outputTokens: 40 },
      },
      { type: 'stop', reason: 'max_tokens' },
    ]);
  });
});

describe('canonical events → Claude streams', () => {
  it('writes the exact frames: message_start, blocks, message_delta with the usage, message_stop', () => {
    const text = encode([
      { type: 'start', id: 'chatcmpl-9', model: 'gpt-4o' },
      { type: 'usage', usage: { inputTokens: 12, cacheReadTokens: 2 } },
      ...textBlock(0, 'Hi'),
      { type: 'stop', reason: 'stop_sequence', stopSequence: 'END' },
      { type: 'usage', usage: { outputTokens: 3 } },
    ]);
    expect(text).toBe(
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_9","type":"message","role":"assistant","model":"gpt-4o","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"cache_creation_input_tokens":0,"cache_read_input_tokens":2,"output_tokens":0}}}\n\n' +
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\n' +
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"stop_sequence","stop_sequence":"END"},"usage":{"input_tokens":10,"cache_creation_input_tokens":0,"cache_read_input_tokens":2,"output_tokens":3}}\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });

  it('round-trips a recorded Claude stream (thinking, signature, text, tool call)', () => {
    const events = decode(chunks('message-tool-use.chunks.txt'));
    const again = decode(encode(events));
    // The usage arrives once, whole, at message_start and again at message_delta.
    expect(again.filter((event) => event.type !== 'start' && event.type !== 'usage')).toEqual(
      events.filter((event) => event.type !== 'start' && event.type !== 'usage'),
    );
    expect(again.at(-2)).toEqual({
      type: 'usage',
      usage: { inputTokens: 600, cacheReadTokens: 128, cacheWriteTokens: 0, outputTokens: 89 },
    });
  });

  it('starts a text block for deltas without block_start and closes every block before the next', () => {
    const text = encode([
      { type: 'text_delta', index: 0, text: 'Hi' },
      { type: 'block_start', index: 1, block: { type: 'tool_call', id: 'call_1', name: 'f' } },
      { type: 'arguments_delta', index: 1, json: '{}' },
      { type: 'arguments_delta', index: 7, json: '{"lost":true}' },
      { type: 'block_stop', index: 1 },
      { type: 'text_delta', index: 0, text: 'late delta of a closed block' },
      { type: 'stop', reason: 'tool_use' },
    ]);
    expect(eventNames(text)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(
      decode(text).filter((event) => event.type === 'text_delta' || event.type === 'arguments_delta'),
    ).toEqual([
      { type: 'text_delta', index: 0, text: 'Hi' },
      { type: 'arguments_delta', index: 1, json: '{}' },
    ]);
  });

  it('keeps interleaved tool calls apart: the second waits, buffered, until the first stops', () => {
    const text = encode([
      { type: 'block_start', index: 0, block: { type: 'tool_call', id: 'call_a', name: 'a' } },
      { type: 'block_start', index: 1, block: { type: 'tool_call', id: 'call_b', name: 'b' } },
      { type: 'arguments_delta', index: 1, json: '{"b":' },
      { type: 'arguments_delta', index: 0, json: '{"a":1}' },
      { type: 'arguments_delta', index: 1, json: '2}' },
      { type: 'block_start', index: 2, block: { type: 'tool_call', id: 'call_c', name: 'c' } },
      { type: 'block_stop', index: 1 },
      { type: 'block_stop', index: 0 },
      { type: 'arguments_delta', index: 2, json: '{}' },
      { type: 'stop', reason: 'tool_use' },
    ]);
    expect(decode(text).filter((event) => event.type !== 'start' && event.type !== 'usage')).toEqual([
      ...toolCallBlock(0, { id: 'call_a', name: 'a' }, '{"a":1}'),
      ...toolCallBlock(1, { id: 'call_b', name: 'b' }, '{"b":2}'),
      ...toolCallBlock(2, { id: 'call_c', name: 'c' }, '{}'),
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('renders thinking and redacted thinking blocks', () => {
    const text = encode([
      { type: 'block_start', index: 0, block: { type: 'redacted_thinking', data: 'opaque' } },
      { type: 'block_stop', index: 0 },
      { type: 'thinking_delta', index: 1, text: 'hmm' },
      { type: 'signature_delta', index: 1, signature: 'sig' },
      { type: 'block_stop', index: 1 },
    ]);
    expect(
      decode(text).filter((event) => event.type.startsWith('block') || event.type.endsWith('delta')),
    ).toEqual([
      { type: 'block_start', index: 0, block: { type: 'redacted_thinking', data: 'opaque' } },
      { type: 'block_stop', index: 0 },
      ...thinkingBlock(1, ['hmm'], 'sig'),
    ]);
  });

  it.each<[string, string | undefined, string]>([
    ['a Claude error type is kept', 'overloaded_error', 'overloaded_error'],
    ['another type becomes api_error', 'server_error', 'api_error'],
    ['no type becomes api_error', undefined, 'api_error'],
  ])('ends the stream with an error event: %s', (_name, errorType, claudeType) => {
    const text = encode([
      { type: 'start', id: 'x', model: 'm' },
      { type: 'text_delta', index: 0, text: 'Hi' },
      { type: 'error', message: 'boom', ...(errorType ? { errorType } : {}) },
      { type: 'text_delta', index: 0, text: 'after' },
    ]);
    expect(eventNames(text)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'error',
    ]);
    expect(
      text.endsWith(`data: {"type":"error","error":{"type":"${claudeType}","message":"boom"}}\n\n`),
    ).toBe(true);
  });

  it('writes a complete empty message when nothing but the stop came', () => {
    expect(eventNames(encode([{ type: 'stop', reason: 'max_tokens' }]))).toEqual([
      'message_start',
      'message_delta',
      'message_stop',
    ]);
  });
});
