import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../../lib/sse.ts';
import {
  decodeStreamText,
  encodeStreamEvents,
  recordedStreams,
} from '../../../test-support/codec-streams.ts';
import type { StreamEncoderInit } from '../../canonical/codec.ts';
import type { StreamEvent } from '../../canonical/types.ts';
import { textBlock, thinkingBlock, toolCallBlock } from '../test-events.ts';
import { responsesCodec as codec } from './codec.ts';

const init: StreamEncoderInit = { id: 'abc', model: 'gpt-x', created: 1700000000, includeUsage: true };

const decodeText = (text: string) => decodeStreamText(codec, text);
const encodeEvents = (events: readonly StreamEvent[]) => encodeStreamEvents(codec, init, events);

const recorded = recordedStreams(import.meta.url);

/** The `data` of each frame, parsed. */
function frames(text: string): Record<string, unknown>[] {
  const parser = new SseParser();
  return [...parser.push(text), ...parser.end()].map((message) => {
    const data = JSON.parse(message.data) as Record<string, unknown>;
    expect(message.event).toBe(data.type);
    return data;
  });
}

/** The final response the official SDK rebuilds from a stream. */
async function sdkFinalResponse(text: string) {
  const client = new OpenAI({
    apiKey: 'test',
    baseURL: 'http://sdk.invalid/v1',
    maxRetries: 0,
    fetch: async () => new Response(text, { headers: { 'content-type': 'text/event-stream' } }),
  });
  return client.responses.stream({ model: 'gpt-x', input: 'hi' }).finalResponse();
}

describe('Responses streams → canonical events', () => {
  it('decodes a recorded text stream', () => {
    expect(decodeText(recorded('text.chunks.txt'))).toEqual([
      {
        type: 'start',
        id: 'resp_67c9fdcecf488190bdd9a0409de3a1ec07b8b0ad4e5eb654',
        model: 'gpt-4.1-2025-04-14',
        created: 1741290958,
      },
      ...textBlock(0, 'Hi', ' there', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'),
      {
        type: 'usage',
        usage: { inputTokens: 37, cacheReadTokens: 0, outputTokens: 11, reasoningTokens: 0 },
      },
      { type: 'stop', reason: 'end_turn' },
    ] satisfies StreamEvent[]);
  });

  it('decodes a recorded function-call stream', () => {
    const events = decodeText(recorded('function-call.chunks.txt'));
    expect(events.slice(1)).toEqual([
      ...toolCallBlock(
        0,
        { id: 'call_Qm3BrE9VnD2u0bBPQT1ZC6kK', name: 'get_weather' },
        ...['{"', 'location', '":"', 'Paris', ',', ' France', '"}'],
      ),
      {
        type: 'usage',
        usage: { inputTokens: 58, cacheReadTokens: 0, outputTokens: 19, reasoningTokens: 0 },
      },
      { type: 'stop', reason: 'tool_use' },
    ] satisfies StreamEvent[]);
  });

  it('decodes a recorded reasoning stream: summary parts as thinking, encrypted content as its signature', () => {
    const events = decodeText(recorded('reasoning.chunks.txt'));
    expect(events.slice(1)).toEqual([
      ...thinkingBlock(
        0,
        [
          '**Counting letters**\n\n',
          'The user asks',
          " how many r's are in strawberry.",
          '\n\n',
          'I count s-t-r-a-w-b-e-r-r-y:',
          " three r's.",
        ],
        'gAAAAABosNXo7fLwQkR0c2VzdEVuY3J5cHRlZENvbnRlbnQ=',
      ),
      ...textBlock(1, 'There are', ' **3**', ' r\'s in "strawberry".'),
      {
        type: 'usage',
        usage: { inputTokens: 1520, cacheReadTokens: 1408, outputTokens: 412, reasoningTokens: 384 },
      },
      { type: 'stop', reason: 'end_turn' },
    ] satisfies StreamEvent[]);
  });

  it('decodes response.failed and the error event as errors', () => {
    expect(decodeText(recorded('failed.chunks.txt')).slice(1)).toEqual([
      {
        type: 'error',
        message:
          'The model produced invalid content. Consider modifying your prompt if you are seeing this error persistently.',
        errorType: 'server_error',
      },
    ]);
    const decoder = codec.streamDecoder();
    expect(
      decoder.push({
        event: 'error',
        data: '{"type":"error","sequence_number":3,"code":"rate_limit_exceeded","message":"Slow down","param":null}',
      }),
    ).toEqual([{ type: 'error', message: 'Slow down', errorType: 'rate_limit_exceeded' }]);
  });

  it('takes whole arguments and summaries from the done events when no deltas came, and an incomplete stop', () => {
    const item = (type: string, extra: Record<string, unknown>) =>
      `event: response.output_item.${type}\ndata: ${JSON.stringify({ type: `response.output_item.${type}`, output_index: 0, ...extra })}\n\n`;
    const text =
      item('added', {
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '' },
      }) +
      item('done', {
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
      }) +
      item('done', {
        output_index: 1,
        item: { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Short.' }] },
      }) +
      'data: {"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"}}}\n\n';
    expect(decodeText(text)).toEqual([
      ...toolCallBlock(0, { id: 'call_1', name: 'f' }, '{"a":1}'),
      ...thinkingBlock(1, ['Short.']),
      { type: 'stop', reason: 'max_tokens' },
    ] satisfies StreamEvent[]);
  });
});

describe('canonical events → Responses streams', () => {
  it('writes the exact event sequence with increasing sequence numbers', () => {
    const text = encodeEvents([
      { type: 'start', id: 'up', model: 'up-model' },
      ...textBlock(0, 'Hi'),
      { type: 'stop', reason: 'end_turn' },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 1 } },
    ]);
    const response = (status: string, output: unknown[], usage: unknown) =>
      `{"id":"resp_abc","object":"response","created_at":1700000000,"status":"${status}","error":null,"incomplete_details":null,"model":"gpt-x","output":${JSON.stringify(output)},"usage":${JSON.stringify(usage)}}`;
    const message = (status: string, content: unknown[]) => ({
      type: 'message',
      id: 'msg_abc_0',
      role: 'assistant',
      status,
      content,
    });
    const at = '"item_id":"msg_abc_0","output_index":0';
    const part = '{"type":"output_text","text":"Hi","annotations":[]}';
    expect(text).toBe(
      [
        `event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":${response('in_progress', [], null)}}\n\n`,
        `event: response.in_progress\ndata: {"type":"response.in_progress","sequence_number":1,"response":${response('in_progress', [], null)}}\n\n`,
        `event: response.output_item.added\ndata: {"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":${JSON.stringify(message('in_progress', []))}}\n\n`,
        `event: response.content_part.added\ndata: {"type":"response.content_part.added","sequence_number":3,${at},"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}}\n\n`,
        `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","sequence_number":4,${at},"content_index":0,"delta":"Hi","logprobs":[]}\n\n`,
        `event: response.output_text.done\ndata: {"type":"response.output_text.done","sequence_number":5,${at},"content_index":0,"text":"Hi","logprobs":[]}\n\n`,
        `event: response.content_part.done\ndata: {"type":"response.content_part.done","sequence_number":6,${at},"content_index":0,"part":${part}}\n\n`,
        `event: response.output_item.done\ndata: {"type":"response.output_item.done","sequence_number":7,"output_index":0,"item":${JSON.stringify(message('completed', [JSON.parse(part)]))}}\n\n`,
        `event: response.completed\ndata: {"type":"response.completed","sequence_number":8,"response":${response(
          'completed',
          [message('completed', [JSON.parse(part)])],
          {
            input_tokens: 5,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 1,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 6,
          },
        )}}\n\n`,
      ].join(''),
    );
  });

  it.each(['text.chunks.txt', 'function-call.chunks.txt', 'reasoning.chunks.txt'])(
    'round-trips the recorded %s through its own decoder',
    (name) => {
      const events = decodeText(recorded(name));
      const back = decodeText(encodeEvents(events));
      expect(back.slice(1)).toEqual(events.slice(1));
      expect(back[0]).toEqual({ type: 'start', id: 'resp_abc', model: 'gpt-x', created: 1700000000 });
    },
  );

  it('is rebuilt by the openai SDK: reasoning, text and a tool call, usage reported after the stop', async () => {
    const events = decodeText(recorded('reasoning.chunks.txt')).filter(
      (event) => event.type !== 'usage' && event.type !== 'stop',
    );
    const text = encodeEvents([
      ...events,
      ...toolCallBlock(2, { id: 'call_7', name: 'get_weather' }, '{"city":', '"Paris"}'),
      { type: 'stop', reason: 'tool_use' },
      { type: 'usage', usage: { inputTokens: 10, cacheReadTokens: 4 } },
      { type: 'usage', usage: { outputTokens: 7, reasoningTokens: 3 } },
    ]);
    const sequence = frames(text).map((frame) => frame.sequence_number);
    expect(sequence).toEqual(sequence.map((_, index) => index));
    const response = await sdkFinalResponse(text);
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('There are **3** r\'s in "strawberry".');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(response.output[0]).toMatchObject({
      summary: [{ type: 'summary_text', text: expect.stringContaining("three r's.") }],
      encrypted_content: 'gAAAAABosNXo7fLwQkR0c2VzdEVuY3J5cHRlZENvbnRlbnQ=',
    });
    expect(response.output[2]).toMatchObject({
      call_id: 'call_7',
      name: 'get_weather',
      arguments: '{"city":"Paris"}',
      status: 'completed',
    });
    expect(response.usage).toEqual({
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 4 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 3 },
      total_tokens: 17,
    });
  });

  it('synthesizes the start, opens blocks for bare deltas and closes what is left open at the end', async () => {
    const text = encodeEvents([
      { type: 'text_delta', index: 0, text: 'No start' },
      { type: 'arguments_delta', index: 5, json: '{}' },
      { type: 'stop', reason: 'max_tokens' },
    ]);
    const types = frames(text).map((frame) => frame.type);
    expect(types[0]).toBe('response.created');
    expect(types.at(-1)).toBe('response.incomplete');
    expect(types).not.toContain('response.function_call_arguments.delta');
    const response = await sdkFinalResponse(text);
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
    expect(response.output_text).toBe('No start');
  });

  it('renders an error as the error event then response.failed, and nothing after', () => {
    const encoder = codec.streamEncoder(init);
    const text =
      encoder.encode({ type: 'block_start', index: 0, block: { type: 'text' } }) +
      encoder.encode({ type: 'error', message: 'upstream broke', errorType: 'overloaded_error' }) +
      encoder.encode({ type: 'text_delta', index: 0, text: 'late' }) +
      encoder.finish();
    const parsed = frames(text);
    expect(parsed.slice(-2)).toEqual([
      { type: 'error', sequence_number: 4, code: 'overloaded_error', message: 'upstream broke', param: null },
      expect.objectContaining({
        type: 'response.failed',
        sequence_number: 5,
        response: expect.objectContaining({
          status: 'failed',
          error: { code: 'overloaded_error', message: 'upstream broke' },
        }),
      }),
    ]);
    expect(decodeText(text).at(-1)).toEqual({
      type: 'error',
      message: 'upstream broke',
      errorType: 'overloaded_error',
    });
  });

  it('carries redacted thinking in encrypted_content so it decodes back', () => {
    const events: StreamEvent[] = [
      { type: 'block_start', index: 0, block: { type: 'redacted_thinking', data: 'opaque' } },
      { type: 'block_stop', index: 0 },
    ];
    const done = frames(encodeEvents(events)).find((frame) => frame.type === 'response.output_item.done');
    expect(done?.item).toEqual({
      type: 'reasoning',
      id: 'rs_abc_0',
      summary: [],
      encrypted_content: 'redacted_thinking:opaque',
    });
    const reply = codec.decodeReply((frames(encodeEvents(events)).at(-1) as { response: unknown }).response);
    expect(reply.content).toEqual([{ type: 'redacted_thinking', data: 'opaque' }]);
  });
});
