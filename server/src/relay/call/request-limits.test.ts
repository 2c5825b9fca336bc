import { describe, expect, it } from 'vitest';
import type { WireFormat } from '../canonical/codec.ts';
import {
  checkConversationLimits,
  checkEndpointLimits,
  checkGeminiBatchLimits,
  MAX_CONTENT_PARTS,
  MAX_EMBEDDING_INPUTS,
  MAX_GEMINI_BATCH_EMBEDDINGS,
  MAX_MESSAGES,
  MAX_TOOLS,
} from './request-limits.ts';

const times = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

/** The refusal `check` throws, as status, code and message (null when it passes). */
function refusal(check: () => void): { status: number; code: string; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string };
    return { status, code, message };
  }
}

const tooLong = (field: string, limit: number, length: number) => ({
  status: 400,
  code: 'array_above_max_length',
  message: `Invalid '${field}': array too long. Expected an array with maximum length ${limit}, but got an array with length ${length} instead.`,
});

const half = MAX_CONTENT_PARTS / 2;
const textParts = (count: number) => times(count, () => ({ type: 'text', text: 'a' }));
const functions = (count: number) =>
  times(count, (index) => ({ type: 'function', function: { name: `f${index}`, parameters: {} } }));

describe('conversation limits', () => {
  const cases: {
    name: string;
    format: WireFormat;
    body: Record<string, unknown>;
    expected: ReturnType<typeof refusal> | 'parts' | 'tools';
  }[] = [
    {
      name: 'chat at the message limit',
      format: 'openai-chat',
      body: { messages: times(MAX_MESSAGES, () => ({ role: 'user', content: 'a' })) },
      expected: null,
    },
    {
      name: 'chat past the message limit',
      format: 'openai-chat',
      body: { messages: times(MAX_MESSAGES + 1, () => ({ role: 'user', content: 'a' })) },
      expected: tooLong('messages', MAX_MESSAGES, MAX_MESSAGES + 1),
    },
    {
      name: 'chat parts and tool calls past the part limit',
      format: 'openai-chat',
      body: {
        messages: [
          { role: 'user', content: textParts(half) },
          { role: 'assistant', tool_calls: times(half + 1, () => ({})) },
        ],
      },
      expected: 'parts',
    },
    {
      name: 'chat tools and functions past the tool limit',
      format: 'openai-chat',
      body: { messages: [], tools: functions(MAX_TOOLS), functions: [{ name: 'g' }] },
      expected: 'tools',
    },
    {
      name: 'chat at the tool limit',
      format: 'openai-chat',
      body: { messages: [], tools: functions(MAX_TOOLS) },
      expected: null,
    },
    {
      name: 'claude past the message limit',
      format: 'claude',
      body: { messages: times(MAX_MESSAGES + 1, () => ({ role: 'user', content: 'a' })) },
      expected: tooLong('messages', MAX_MESSAGES, MAX_MESSAGES + 1),
    },
    {
      name: 'claude system blocks, blocks and tool result blocks past the part limit',
      format: 'claude',
      body: {
        system: textParts(half),
        messages: [
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'x', content: textParts(half) }],
          },
        ],
      },
      expected: 'parts',
    },
    {
      name: 'claude at the part limit',
      format: 'claude',
      body: {
        system: textParts(half),
        messages: [
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'x', content: textParts(half - 1) }],
          },
        ],
      },
      expected: null,
    },
    {
      name: 'claude past the tool limit',
      format: 'claude',
      body: { messages: [], tools: times(MAX_TOOLS + 1, (index) => ({ name: `t${index}` })) },
      expected: tooLong('tools', MAX_TOOLS, MAX_TOOLS + 1),
    },
    {
      name: 'responses input past the message limit',
      format: 'openai-responses',
      body: { input: times(MAX_MESSAGES + 1, () => ({ role: 'user', content: 'a' })) },
      expected: tooLong('input', MAX_MESSAGES, MAX_MESSAGES + 1),
    },
    {
      name: 'responses item parts and outputs past the part limit',
      format: 'openai-responses',
      body: {
        input: [
          { role: 'user', content: textParts(half) },
          { type: 'function_call_output', call_id: 'c', output: textParts(half + 1) },
        ],
      },
      expected: 'parts',
    },
    {
      name: 'responses input as a string',
      format: 'openai-responses',
      body: { input: 'a'.repeat(1000) },
      expected: null,
    },
    {
      name: 'gemini contents past the message limit',
      format: 'gemini',
      body: { contents: times(MAX_MESSAGES + 1, () => ({ role: 'user', parts: [{ text: 'a' }] })) },
      expected: tooLong('contents', MAX_MESSAGES, MAX_MESSAGES + 1),
    },
    {
      name: 'gemini system and content parts past the part limit (snake_case too)',
      format: 'gemini',
      body: {
        system_instruction: { parts: times(half, () => ({ text: 'a' })) },
        contents: [{ role: 'user', parts: times(half + 1, () => ({ text: 'a' })) }],
      },
      expected: 'parts',
    },
    {
      name: 'gemini function declarations past the tool limit, over several tools',
      format: 'gemini',
      body: {
        contents: [],
        tools: [
          { functionDeclarations: times(MAX_TOOLS / 2, (index) => ({ name: `a${index}` })) },
          { function_declarations: times(MAX_TOOLS / 2 + 1, (index) => ({ name: `b${index}` })) },
        ],
      },
      expected: 'tools',
    },
  ];

  it.each(cases)('$name', ({ format, body, expected }) => {
    const result = refusal(() => checkConversationLimits(format, body));
    if (expected === 'parts') {
      expect(result?.status).toBe(400);
      expect(result?.code).toBe('too_many_content_parts');
      expect(result?.message).toMatch(new RegExp(`more than ${MAX_CONTENT_PARTS} content parts`));
    } else if (expected === 'tools') {
      expect(result?.status).toBe(400);
      expect(result?.code).toBe('too_many_tools');
      expect(result?.message).toMatch(new RegExp(`more than ${MAX_TOOLS} functions`));
    } else {
      expect(result).toEqual(expected);
    }
  });

  it('stops counting parts as soon as the limit is passed, however many messages follow', () => {
    const message = { role: 'user', content: textParts(MAX_CONTENT_PARTS + 1) };
    const body = { messages: [message, ...times(MAX_MESSAGES - 1, () => message)] };
    const started = performance.now();
    expect(refusal(() => checkConversationLimits('openai-chat', body))?.code).toBe('too_many_content_parts');
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('endpoint limits', () => {
  it('takes at most 2048 embedding inputs, like OpenAI', () => {
    expect(
      refusal(() => checkEndpointLimits('embeddings', { input: times(MAX_EMBEDDING_INPUTS, () => 'a') })),
    ).toBeNull();
    expect(refusal(() => checkEndpointLimits('embeddings', { input: 'a'.repeat(10_000) }))).toBeNull();
    expect(
      refusal(() => checkEndpointLimits('embeddings', { input: times(MAX_EMBEDDING_INPUTS + 1, () => 'a') })),
    ).toEqual(tooLong('input', MAX_EMBEDDING_INPUTS, MAX_EMBEDDING_INPUTS + 1));
  });

  it('checks chat bodies on the OpenAI routes as conversations', () => {
    expect(
      refusal(() =>
        checkEndpointLimits('chat', { messages: times(MAX_MESSAGES + 1, () => ({ role: 'user' })) }),
      ),
    ).toEqual(tooLong('messages', MAX_MESSAGES, MAX_MESSAGES + 1));
  });

  it('takes at most 100 requests in a Gemini batch, with Google error text', () => {
    expect(
      refusal(() => checkGeminiBatchLimits({ requests: times(MAX_GEMINI_BATCH_EMBEDDINGS, () => ({})) })),
    ).toBeNull();
    expect(
      refusal(() => checkGeminiBatchLimits({ requests: times(MAX_GEMINI_BATCH_EMBEDDINGS + 1, () => ({})) })),
    ).toEqual({
      status: 400,
      code: 'array_above_max_length',
      message: '* BatchEmbedContentsRequest.requests: at most 100 requests can be in one batch',
    });
  });
});
