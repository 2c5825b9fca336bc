import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CanonicalReply } from '../../canonical/types.ts';
import { canonicalReply, wholeUsage } from '../test-events.ts';
import { responsesCodec as codec } from './codec.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('Responses replies → canonical', () => {
  it('decodes a text reply with its usage', () => {
    expect(codec.decodeReply(fixture('reply-text.json'))).toEqual({
      id: 'resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b',
      model: 'gpt-4.1-2025-04-14',
      created: 1741476542,
      content: [
        {
          type: 'text',
          text: 'In a peaceful grove beneath a silver moon, a unicorn named Lumina discovered a hidden pool that reflected the stars.',
        },
      ],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 36, outputTokens: 87 }),
    } satisfies CanonicalReply);
  });

  it('decodes a function call as a tool call with the tool_use stop reason', () => {
    const reply = codec.decodeReply(fixture('reply-function-call.json'));
    expect(reply.content).toEqual([
      {
        type: 'tool_call',
        id: 'call_unLAR8MvFNptuiZK6K6HCy5k',
        name: 'get_current_weather',
        arguments: '{"location":"Boston, MA","unit":"celsius"}',
      },
    ]);
    expect(reply.stopReason).toBe('tool_use');
  });

  it('decodes reasoning (summary and encrypted content), an incomplete status and cached/reasoning tokens', () => {
    const reply = codec.decodeReply(fixture('reply-reasoning-incomplete.json'));
    expect(reply.content).toEqual([
      {
        type: 'thinking',
        text: '**Planning the essay**\n\nI need an outline first.',
        signature: 'gAAAAABoIPODQkR0ZXN0RW5jcnlwdGVk',
      },
    ]);
    expect(reply.stopReason).toBe('max_tokens');
    expect(reply.usage).toEqual(
      wholeUsage({ inputTokens: 1208, outputTokens: 300, cacheReadTokens: 1024, reasoningTokens: 300 }),
    );
  });

  it.each([
    [
      { status: 'incomplete', incomplete_details: { reason: 'content_filter' }, output: [] },
      'content_filter',
    ],
    [
      {
        status: 'completed',
        output: [
          { type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot help.' }] },
        ],
      },
      'refusal',
    ],
    [
      {
        status: 'completed',
        output: [{ type: 'custom_tool_call', call_id: 'c', name: 'apply_patch', input: 'P' }],
      },
      'tool_use',
    ],
    [
      { status: 'completed', output: [{ type: 'web_search_call', id: 'ws', status: 'completed' }] },
      'end_turn',
    ],
  ])('maps %j to the stop reason %s', (body, stopReason) => {
    expect(codec.decodeReply({ object: 'response', id: 'resp_1', ...body }).stopReason).toBe(stopReason);
  });

  it('decodes a custom tool call as a one-string function call and a refusal as text', () => {
    const reply = codec.decodeReply({
      object: 'response',
      status: 'completed',
      output: [
        { type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
        { type: 'custom_tool_call', call_id: 'call_9', name: 'apply_patch', input: '*** Begin Patch' },
      ],
    });
    expect(reply.content).toEqual([
      { type: 'text', text: 'No.' },
      { type: 'tool_call', id: 'call_9', name: 'apply_patch', arguments: '{"input":"*** Begin Patch"}' },
    ]);
    expect(reply.usage).toBeNull();
  });

  it.each([
    [null, /not an OpenAI Responses reply/],
    [{ object: 'chat.completion', choices: [] }, /not an OpenAI Responses reply/],
    [{ object: 'response', output: 'text' }, /not an OpenAI Responses reply/],
    [
      { object: 'response', status: 'failed', output: [], error: { code: 'server_error', message: 'boom' } },
      /failed: boom/,
    ],
  ])('throws on a body that is not a reply: %j', (body, message) => {
    expect(() => codec.decodeReply(body)).toThrow(message);
  });
});

describe('canonical → Responses replies', () => {
  const reply = canonicalReply(
    [
      { type: 'thinking', text: 'Let me think.', signature: 'sig-claude' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'Part one. ' },
      { type: 'text', text: 'Part two.' },
      { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
    ],
    {
      id: 'chatcmpl-abc',
      model: 'claude-sonnet-4',
      stopReason: 'tool_use',
      usage: {
        inputTokens: 120,
        outputTokens: 60,
        cacheReadTokens: 100,
        cacheWriteTokens: 10,
        reasoningTokens: 20,
      },
    },
  );

  it('encodes every block as an output item with ids, status and usage', () => {
    expect(codec.encodeReply(reply)).toEqual({
      id: 'resp_abc',
      object: 'response',
      created_at: 1700000000,
      status: 'completed',
      incomplete_details: null,
      error: null,
      model: 'claude-sonnet-4',
      output: [
        {
          type: 'reasoning',
          id: 'rs_abc_0',
          summary: [{ type: 'summary_text', text: 'Let me think.' }],
          encrypted_content: 'sig-claude',
        },
        { type: 'reasoning', id: 'rs_abc_1', summary: [], encrypted_content: 'redacted_thinking:opaque' },
        {
          type: 'message',
          id: 'msg_abc_2',
          role: 'assistant',
          status: 'completed',
          content: [
            { type: 'output_text', text: 'Part one. ', annotations: [] },
            { type: 'output_text', text: 'Part two.', annotations: [] },
          ],
        },
        {
          type: 'function_call',
          id: 'fc_abc_3',
          call_id: 'toolu_1',
          name: 'get_weather',
          arguments: '{"city":"Paris"}',
          status: 'completed',
        },
      ],
      usage: {
        input_tokens: 120,
        input_tokens_details: { cached_tokens: 100 },
        output_tokens: 60,
        output_tokens_details: { reasoning_tokens: 20 },
        total_tokens: 180,
      },
    });
  });

  it.each([
    ['max_tokens', 'incomplete', { reason: 'max_output_tokens' }],
    ['content_filter', 'incomplete', { reason: 'content_filter' }],
    ['end_turn', 'completed', null],
    ['stop_sequence', 'completed', null],
  ] as const)('reports %s as status %s', (stopReason, status, details) => {
    const body = codec.encodeReply({ ...reply, stopReason }) as Record<string, unknown>;
    expect(body.status).toBe(status);
    expect(body.incomplete_details).toEqual(details);
  });

  it('round-trips through its own decoder (thinking signatures and redacted thinking come back)', () => {
    const back = codec.decodeReply(codec.encodeReply(reply));
    expect(back).toEqual({
      ...reply,
      id: 'resp_abc',
      // The Responses usage has no cache-write count.
      usage: { ...reply.usage, cacheWriteTokens: 0 },
    });
  });
});
