import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SseMessage } from '../../canonical/codec.ts';
import type { CanonicalRequest, StreamEvent } from '../../canonical/types.ts';
import { claudeCodec as codec } from './codec.ts';

/** The frames of a Claude stream as parsed SSE messages. */
function frames(text: string): SseMessage[] {
  return text
    .split(/\n\n+/)
    .filter((frame) => frame.includes('data: '))
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1];
      const data = /^data: (.+)$/m.exec(frame)?.[1] ?? '';
      return event ? { event, data } : { data };
    });
}

describe('Claude requests → canonical', () => {
  it('moves system entries inside messages (Claude Code) after the top-level system', () => {
    const request = codec.decodeRequest(
      {
        model: 'claude-sonnet-4',
        max_tokens: 100,
        system: [{ type: 'text', text: 'Top.', cache_control: { type: 'ephemeral' } }],
        messages: [
          { role: 'system', content: 'Inside.' },
          { role: 'user', content: 'Hi' },
        ],
      },
      { model: 'x', stream: false },
    );
    expect(request.system).toEqual([
      { type: 'text', text: 'Top.', cacheControl: { type: 'ephemeral' } },
      { type: 'text', text: 'Inside.' },
    ]);
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it('reads tools, tool choice, tool uses and results, thinking and images', () => {
    const request = codec.decodeRequest(
      {
        model: 'claude-sonnet-4',
        max_tokens: 2000,
        thinking: { type: 'enabled', budget_tokens: 1500 },
        tools: [
          { name: 'get_weather', description: 'Weather', input_schema: { type: 'object' } },
          { type: 'web_search_20250305', name: 'web_search' },
        ],
        tool_choice: { type: 'any', disable_parallel_tool_use: true },
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAA=' } },
              { type: 'text', text: 'Weather?' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'hmm', signature: 'sig' },
              { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            ],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny', is_error: true }],
          },
        ],
      },
      { model: 'x', stream: false },
    );
    expect(request.tools).toEqual([
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
    ]);
    expect(request.toolChoice).toEqual({ type: 'required' });
    expect(request.parallelToolCalls).toBe(false);
    expect(request.reasoning).toEqual({ enabled: true, includeThoughts: true, budgetTokens: 1500 });
    expect(request.messages[1]?.content).toEqual([
      { type: 'thinking', text: 'hmm', signature: 'sig' },
      { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ]);
    expect(request.messages[2]?.content).toEqual([
      {
        type: 'tool_result',
        toolCallId: 'toolu_1',
        content: [{ type: 'text', text: 'sunny' }],
        isError: true,
      },
    ]);
  });

  it.each([
    [{ model: 'm', max_tokens: 1, messages: [] }, /at least one message/],
    [{ model: 'm', max_tokens: 1, messages: [{ role: 'tool', content: 'x' }] }, /unknown role/],
  ])('refuses a bad body with a 400: %j', (body, message) => {
    expect(() => codec.decodeRequest(body, { model: 'm', stream: false })).toThrow(message);
  });
});

describe('canonical → Claude requests', () => {
  const base: CanonicalRequest = {
    model: 'claude-sonnet-4',
    system: [],
    messages: [],
    tools: [],
    stream: false,
  };

  it('alternates roles, puts tool results first, drops unsigned thinking, defaults max_tokens', () => {
    const body = codec.encodeRequest({
      ...base,
      system: [
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B' },
      ],
      temperature: 0.3,
      messages: [
        { role: 'assistant', content: [{ type: 'text', text: 'Earlier answer' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'from another vendor' },
            { type: 'tool_call', id: 'call_1', name: 'f', arguments: 'not json' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'and?' },
            { type: 'tool_result', toolCallId: 'call_1', content: [{ type: 'text', text: 'ok' }] },
          ],
        },
      ],
    });
    expect(body).toEqual({
      model: 'claude-sonnet-4',
      system: 'A\n\nB',
      max_tokens: 4096,
      temperature: 0.3,
      messages: [
        { role: 'user', content: [{ type: 'text', text: '.' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Earlier answer' },
            { type: 'tool_use', id: 'call_1', name: 'f', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'ok' }] },
            { type: 'text', text: 'and?' },
          ],
        },
      ],
    });
  });

  it('turns reasoning effort into a thinking budget below max_tokens, without temperature', () => {
    const body = codec.encodeRequest({
      ...base,
      maxTokens: 1000,
      temperature: 1,
      reasoning: { enabled: true, effort: 'medium' },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
      tools: [{ name: 'f', parameters: { type: 'object' } }],
      toolChoice: { type: 'tool', name: 'f' },
      parallelToolCalls: false,
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 8192 });
    expect(body.max_tokens).toBe(9192);
    expect(body.temperature).toBeUndefined();
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'f', disable_parallel_tool_use: true });
    expect(body.tools).toEqual([{ name: 'f', input_schema: { type: 'object' } }]);
  });
});

describe('Claude replies', () => {
  it('maps usage (input excludes cache on the wire, includes it in the canonical model) both ways', () => {
    const wire = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4',
      content: [
        { type: 'thinking', thinking: 't', signature: 's' },
        { type: 'text', text: 'Hello' },
        { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: 1 } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        cache_read_input_tokens: 5,
        cache_creation_input_tokens: 2,
        output_tokens: 7,
      },
    };
    const reply = codec.decodeReply(wire);
    expect(reply.usage).toEqual({
      inputTokens: 17,
      outputTokens: 7,
      cacheReadTokens: 5,
      cacheWriteTokens: 2,
      reasoningTokens: 0,
    });
    expect(reply.stopReason).toBe('tool_use');
    expect(codec.encodeReply(reply)).toEqual(wire);
  });

  it('throws on a body that is not a Claude message', () => {
    expect(() => codec.decodeReply({ choices: [] })).toThrow(/not a Claude message/);
  });
});

describe('Claude streams', () => {
  it('decodes a recorded stream with thinking, text and a tool call', () => {
    const decoder = codec.streamDecoder();
    const text = readFileSync(new URL('./__fixtures__/message-tool-use.chunks.txt', import.meta.url), 'utf8');
    const events = frames(text).flatMap((message) => decoder.push(message));
    expect(events).toEqual([
      { type: 'start', id: 'msg_014p7gG3wDgGV9EUtLvnow3U', model: 'claude-sonnet-4-20250514' },
      {
        type: 'usage',
        usage: { inputTokens: 600, cacheReadTokens: 128, cacheWriteTokens: 0, outputTokens: 2 },
      },
      { type: 'block_start', index: 0, block: { type: 'thinking' } },
      { type: 'thinking_delta', index: 0, text: 'The user wants the weather.' },
      {
        type: 'signature_delta',
        index: 0,
        signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
      },
      { type: 'block_stop', index: 0 },
      { type: 'block_start', index: 1, block: { type: 'text' } },
      { type: 'text_delta', index: 1, text: "Okay, let's check" },
      { type: 'block_stop', index: 1 },
      {
        type: 'block_start',
        index: 2,
        block: { type: 'tool_call', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' },
      },
      { type: 'arguments_delta', index: 2, json: '{"location":' },
      { type: 'arguments_delta', index: 2, json: ' "San Francisco, CA"}' },
      { type: 'block_stop', index: 2 },
      { type: 'usage', usage: { outputTokens: 89 } },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('writes a strict stream from events of another format (usage after stop, deltas without a start)', () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 'chatcmpl-9', model: 'gpt-4o' },
      { type: 'text_delta', index: 0, text: 'Hi' },
      { type: 'block_start', index: 1, block: { type: 'tool_call', id: 'call_1', name: 'f' } },
      { type: 'arguments_delta', index: 1, json: '{}' },
      { type: 'block_stop', index: 1 },
      { type: 'stop', reason: 'tool_use' },
      {
        type: 'usage',
        usage: {
          inputTokens: 12,
          outputTokens: 3,
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
          reasoningTokens: 0,
        },
      },
    ];
    const encoder = codec.streamEncoder({
      id: 'chatcmpl-9',
      model: 'gpt-4o',
      created: 1,
      includeUsage: false,
    });
    const text = events.map((event) => encoder.encode(event)).join('') + encoder.finish();
    const names = frames(text).map((message) => message.event);
    expect(names).toEqual([
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
    const decoder = codec.streamDecoder();
    const decoded = frames(text).flatMap((message) => decoder.push(message));
    expect(decoded.at(-2)).toEqual({
      type: 'usage',
      usage: { inputTokens: 12, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 3 },
    });
    expect(decoded.at(-1)).toEqual({ type: 'stop', reason: 'tool_use' });
    expect(decoded[0]).toEqual({ type: 'start', id: 'msg_9', model: 'gpt-4o' });
  });
});

describe('Claude errors', () => {
  it.each([
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [429, 'rate_limit_error'],
    [503, 'overloaded_error'],
    [500, 'api_error'],
  ])('status %i → %s', (status, type) => {
    const body = codec.errorBody({ status, message: 'm', type: 'new_api_error' });
    expect(body).toEqual({ type: 'error', error: { type, message: 'm' } });
    expect(codec.readError(body)).toEqual({ message: 'm', type });
  });
});
