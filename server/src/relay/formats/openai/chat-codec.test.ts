import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeStreamText, encodeStreamEvents } from '../../../test-support/codec-streams.ts';
import type { CanonicalRequest, StreamEvent } from '../../canonical/types.ts';
import { canonicalReply, textBlock, thinkingBlock, toolCallBlock, wholeUsage } from '../test-events.ts';
import { openAiChatCodec as codec } from './chat-codec.ts';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

describe('OpenAI chat requests → canonical', () => {
  it.each([
    {
      name: 'system and developer messages gather in system, in order',
      body: {
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'Use French.' }] },
          { role: 'user', content: 'Hi' },
        ],
      },
      check: (request: CanonicalRequest) => {
        expect(request.system.map((block) => block.text)).toEqual(['Be brief.', 'Use French.']);
        expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
      },
    },
    {
      name: 'images by URL and as data URLs, audio and files',
      body: {
        model: 'gpt-4o',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'low' } },
              { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
              { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
              { type: 'file', file: { file_id: 'file-123' } },
            ],
          },
        ],
      },
      check: (request: CanonicalRequest) => {
        expect(request.messages[0]?.content).toEqual([
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, detail: 'low' },
          { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
          {
            type: 'audio',
            source: { kind: 'base64', mediaType: 'audio/wav', data: 'UklGRg==' },
            format: 'wav',
          },
          { type: 'file', source: { kind: 'file_id', fileId: 'file-123' } },
        ]);
      },
    },
    {
      name: 'parallel tool calls and their results (tool messages merge into one user turn)',
      body: {
        model: 'gpt-4o',
        tools: [weatherTool],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
        parallel_tool_calls: true,
        messages: [
          { role: 'user', content: 'Weather in Paris and Rome?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
              {
                id: 'call_2',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Rome"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
          { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'rain' }] },
        ],
      },
      check: (request: CanonicalRequest) => {
        expect(request.tools).toEqual([
          {
            name: 'get_weather',
            description: 'Weather of a city',
            parameters: weatherTool.function.parameters,
          },
        ]);
        expect(request.toolChoice).toEqual({ type: 'tool', name: 'get_weather' });
        expect(request.parallelToolCalls).toBe(true);
        expect(request.messages).toHaveLength(3);
        expect(request.messages[1]?.content).toEqual([
          { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { type: 'tool_call', id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
        ]);
        expect(request.messages[2]).toEqual({
          role: 'user',
          content: [
            { type: 'tool_result', toolCallId: 'call_1', content: [{ type: 'text', text: 'sunny' }] },
            { type: 'tool_result', toolCallId: 'call_2', content: [{ type: 'text', text: 'rain' }] },
          ],
        });
      },
    },
    {
      name: 'sampling, limits, stop, reasoning effort and JSON schema output',
      body: {
        model: 'o3',
        messages: [{ role: 'user', content: 'x' }],
        max_completion_tokens: 500,
        temperature: 0.2,
        top_p: 0.9,
        stop: 'END',
        reasoning_effort: 'high',
        response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } },
        stream: true,
        user: 'u-1',
      },
      check: (request: CanonicalRequest) => {
        expect(request).toMatchObject({
          maxTokens: 500,
          temperature: 0.2,
          topP: 0.9,
          stopSequences: ['END'],
          reasoning: { enabled: true, effort: 'high' },
          responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object' } },
          stream: true,
          user: 'u-1',
        });
      },
    },
  ])('$name', ({ body, check }) => {
    check(codec.decodeRequest(body, { model: 'ignored', stream: false }));
  });

  it.each([
    [{ model: 'gpt-4o', messages: [] }, /non-empty array/],
    [{ model: 'gpt-4o', messages: [{ role: 'wizard', content: 'x' }] }, /unknown message role/],
    [{ model: 'gpt-4o', messages: [{ role: 'user', content: 7 }] }, /string or an array/],
  ])('refuses a bad body with a 400: %j', (body, message) => {
    expect(() => codec.decodeRequest(body, { model: 'm', stream: false })).toThrow(message);
  });
});

describe('canonical → OpenAI chat requests', () => {
  it('encodes tool calls, tool results, images and reasoning the way OpenAI expects', () => {
    const request: CanonicalRequest = {
      model: 'gpt-4o',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/jpeg', data: 'AAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'hmm', signature: 'sig' },
            { type: 'text', text: 'Checking.' },
            { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolCallId: 'toolu_1', content: [{ type: 'text', text: 'sunny' }] },
            { type: 'text', text: 'And tomorrow?' },
          ],
        },
      ],
      tools: [{ name: 'get_weather', parameters: { type: 'object' } }],
      toolChoice: { type: 'required' },
      maxTokens: 100,
      stopSequences: ['x'],
      stream: true,
      reasoning: { enabled: true, budgetTokens: 20000 },
    };
    expect(codec.encodeRequest(request)).toEqual({
      model: 'gpt-4o',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look:' },
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA' } },
          ],
        },
        {
          role: 'assistant',
          content: 'Checking.',
          tool_calls: [
            {
              id: 'toolu_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: 'sunny' },
        { role: 'user', content: 'And tomorrow?' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
      tool_choice: 'required',
      max_tokens: 100,
      stop: ['x'],
      reasoning_effort: 'high',
    });
  });

  it('decodes what it encodes (round trip)', () => {
    const body = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Q' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c', content: 'r' },
      ],
      tools: [weatherTool],
      temperature: 1,
    };
    const once = codec.encodeRequest(codec.decodeRequest(body, { model: 'm', stream: false }));
    expect(once).toEqual(body);
  });
});

describe('OpenAI chat replies', () => {
  it('decodes a recorded tool-call reply with usage details', () => {
    const body = JSON.parse(readFileSync(fixture('chat-tool-call.json'), 'utf8'));
    const reply = codec.decodeReply(body);
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.content).toEqual([
      {
        type: 'tool_call',
        id: 'call_Vxz8Ts6W3bGtqlzOfZPwPnBa',
        name: 'get_weather',
        arguments: '{"location":"Paris, France"}',
      },
    ]);
    expect(reply.usage).toEqual(wholeUsage({ inputTokens: 82, outputTokens: 17, cacheReadTokens: 64 }));
  });

  it('encodes a canonical reply (thinking as reasoning_content, usage details)', () => {
    const reply = canonicalReply(
      [
        { type: 'thinking', text: 'Let me think.', signature: 's' },
        { type: 'text', text: 'Hello' },
      ],
      {
        id: 'msg_1',
        model: 'claude-sonnet-4',
        stopReason: 'max_tokens',
        usage: wholeUsage({ inputTokens: 30, outputTokens: 12, cacheReadTokens: 10, reasoningTokens: 5 }),
      },
    );
    expect(codec.encodeReply(reply)).toEqual({
      id: 'chatcmpl-msg_1',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-sonnet-4',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello', reasoning_content: 'Let me think.' },
          logprobs: null,
          finish_reason: 'length',
        },
      ],
      usage: {
        prompt_tokens: 30,
        completion_tokens: 12,
        total_tokens: 42,
        prompt_tokens_details: { cached_tokens: 10 },
        completion_tokens_details: { reasoning_tokens: 5 },
      },
    });
  });

  it('throws on a body that is not a chat completion', () => {
    expect(() => codec.decodeReply({ object: 'list' })).toThrow(/no choices/);
    expect(() => codec.decodeReply('<html>')).toThrow();
  });
});

describe('OpenAI chat streams', () => {
  it('decodes a recorded stream with parallel tool calls into canonical events', () => {
    const text = readFileSync(fixture('chat-tool-calls.chunks.txt'), 'utf8');
    expect(decodeStreamText(codec, text)).toEqual([
      { type: 'start', id: 'chatcmpl-tools', model: 'gpt-4o-2024-08-06', created: 1727000000 },
      ...toolCallBlock(0, { id: 'call_a', name: 'get_weather' }, '{"city":', '"Paris"}'),
      ...toolCallBlock(1, { id: 'call_b', name: 'get_weather' }, '{"city":"Rome"}'),
      { type: 'stop', reason: 'tool_use' },
      { type: 'usage', usage: wholeUsage({ inputTokens: 80, outputTokens: 40 }) },
    ]);
  });

  it('encodes canonical events as chunks that decode back to the same events', () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 'msg_1', model: 'claude' },
      ...thinkingBlock(0, ['Hmm'], 'sig'),
      ...textBlock(1, 'Hi'),
      ...toolCallBlock(2, { id: 'toolu_1', name: 'f' }, '{"a":1}'),
      { type: 'usage', usage: { inputTokens: 10 } },
      { type: 'stop', reason: 'tool_use' },
      { type: 'usage', usage: { outputTokens: 7 } },
    ];
    const init = { id: 'chatcmpl-x', model: 'gpt-4o', created: 1, includeUsage: true };
    const text = encodeStreamEvents(codec, init, events);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    // The signature has no place in a chat stream.
    expect(decodeStreamText(codec, text)).toEqual([
      { type: 'start', id: 'chatcmpl-x', model: 'gpt-4o', created: 1 },
      ...thinkingBlock(0, ['Hmm']),
      ...textBlock(1, 'Hi'),
      ...toolCallBlock(2, { id: 'toolu_1', name: 'f' }, '{"a":1}'),
      { type: 'stop', reason: 'tool_use' },
      { type: 'usage', usage: wholeUsage({ inputTokens: 10, outputTokens: 7 }) },
    ]);
  });

  it('sends no usage chunk to a client that did not ask for one, and renders errors', () => {
    const encoder = codec.streamEncoder({ id: 'c', model: 'm', created: 1, includeUsage: false });
    encoder.encode({ type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } });
    expect(encoder.finish()).toBe('data: [DONE]\n\n');
    expect(encoder.encode({ type: 'error', message: 'boom' })).toContain('"message":"boom"');
  });
});

describe('OpenAI errors', () => {
  it('builds and reads error bodies', () => {
    const body = codec.errorBody({ status: 400, message: 'bad', type: 'invalid_request_error', code: 'x' });
    expect(body).toEqual({
      error: { message: 'bad', type: 'invalid_request_error', param: null, code: 'x' },
    });
    expect(codec.readError(body)).toEqual({ message: 'bad', type: 'invalid_request_error', code: 'x' });
    expect(codec.readError({ ok: true })).toBeNull();
  });
});
