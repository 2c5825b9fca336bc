/**
 * Ollama's native chat dialect (`/api/chat`) against recorded-style bodies and streams (./__fixtures__):
 * the request (system first, base64 images, tool calls with object arguments, tool results by name,
 * options, tools, thinking), replies with thinking or a tool call, the `{error}` body, and NDJSON streams
 * framed as SSE by the adaptor — decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock, thinkingBlock, toolCallBlock, wholeUsage } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { ollamaCodec as codec } from './codec.ts';
import { ollamaAdaptor } from './index.ts';

const fixtures = dialectFixtures(import.meta.url);
const framing = ollamaAdaptor.streamFraming;
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const request: CanonicalRequest = {
  model: 'llama3.2:3b',
  system: [{ type: 'text', text: 'You are a weather bot.' }],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is the weather in Paris? Here is the sky:' },
        { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: PIXEL } },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'tool_call',
          id: 'call_1',
          name: 'get_current_weather',
          arguments: '{"location":"Paris, FR","format":"celsius"}',
        },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', toolCallId: 'call_1', content: [{ type: 'text', text: '22°C, sunny ☀️' }] },
      ],
    },
  ],
  tools: [
    {
      name: 'get_current_weather',
      description: 'Get the current weather for a location',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string' },
          format: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['location', 'format'],
      },
    },
  ],
  stream: true,
  temperature: 0.2,
  topP: 0.9,
  maxTokens: 256,
  stopSequences: ['\n\n'],
  seed: 42,
  reasoning: { enabled: true },
};

describe('Ollama requests', () => {
  it('carry images as base64, tool arguments as objects and tool results by name', () => {
    expect(codec.encodeRequest(request)).toEqual(fixtures.json('request.json'));
  });

  it('ask for JSON output and refuse an image given by URL', () => {
    expect(codec.encodeRequest({ ...request, responseFormat: { type: 'json_object' } })).toMatchObject({
      format: 'json',
    });
    const byUrl: CanonicalRequest = {
      ...request,
      messages: [
        { role: 'user', content: [{ type: 'image', source: { kind: 'url', url: 'https://x/y.png' } }] },
      ],
    };
    expect(() => codec.encodeRequest(byUrl)).toThrow('Ollama takes images as base64 data, not URLs');
  });
});

describe('Ollama replies', () => {
  it('read the thinking, the text, the time and the counts', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: '',
      model: 'qwen3:8b',
      created: Math.floor(Date.parse('2025-05-29T09:35:56.836222Z') / 1000),
      content: [
        { type: 'thinking', text: 'The tool said 22°C and sunny.' },
        { type: 'text', text: 'Paris is sunny today: 22°C ☀️' },
      ],
      stopReason: 'end_turn',
      usage: wholeUsage({ inputTokens: 61, outputTokens: 14 }),
    });
  });

  it('read a tool call, its arguments as JSON text', () => {
    expect(codec.decodeReply(fixtures.json('reply-tool-call.json'))).toMatchObject({
      content: [
        {
          type: 'tool_call',
          id: 'call_0',
          name: 'get_current_weather',
          arguments: '{"format":"celsius","location":"Paris, FR"}',
        },
      ],
      stopReason: 'tool_use',
      usage: wholeUsage({ inputTokens: 122, outputTokens: 33 }),
    });
  });

  it('read the error body', () => {
    const body = fixtures.json('reply-error.json');
    expect(codec.readError(body)).toEqual({ message: 'model "llama9" not found, try pulling it first' });
    expect(() => codec.decodeReply(body)).toThrow('not found');
  });
});

describe('Ollama streams', () => {
  it('decode thinking and text pieces, then the counts of the done line', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream.chunks.txt'), framing)).toEqual([
      { type: 'start', id: '', model: 'qwen3:8b' },
      ...thinkingBlock(0, ['Sunny,', ' 22°C.']),
      ...textBlock(1, 'Paris is', ' sunny: 22°C ☀️'),
      { type: 'usage', usage: { inputTokens: 61, outputTokens: 14, cacheReadTokens: 0, reasoningTokens: 0 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('decode a whole tool call and stop for it', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('stream-tool-call.chunks.txt'), framing)).toEqual([
      { type: 'start', id: '', model: 'llama3.2:3b' },
      ...toolCallBlock(
        0,
        { id: 'call_0', name: 'get_current_weather' },
        '{"format":"celsius","location":"Paris, FR"}',
      ),
      {
        type: 'usage',
        usage: { inputTokens: 122, outputTokens: 33, cacheReadTokens: 0, reasoningTokens: 0 },
      },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it('skip blank lines and report a reply cut by the token limit', async () => {
    const events = await decodeAtEveryCut(codec, fixtures.bytes('stream-length.chunks.txt'), framing);
    expect(events.filter((event) => event.type === 'text_delta')).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'stop', reason: 'max_tokens' });
  });
});

describe('Ollama and the formats it lacks', () => {
  const request: CanonicalRequest = {
    model: 'qwen3',
    system: [],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_call', id: 'c1', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{}' },
        ],
      },
    ],
    tools: [
      { name: 'spawn_agent', namespace: 'multi_agent_v1', parameters: { type: 'object', properties: {} } },
    ],
    stream: false,
  };

  it('sends namespace tools flat and reads their calls back into namespace form', () => {
    const body = codec.encodeRequest(request);
    expect(JSON.stringify(body)).toContain('"name":"ns__multi_agent_v1__spawn_agent"');
    const reply = codec.decodeReply({
      model: 'qwen3',
      created_at: '2026-11-27T00:00:00Z',
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'ns__multi_agent_v1__spawn_agent', arguments: {} } }],
      },
      done: true,
    });
    expect(reply.content[0]).toMatchObject({
      type: 'tool_call',
      name: 'spawn_agent',
      namespace: 'multi_agent_v1',
    });
  });

  it('refuses a bare enum answer (Gemini text/x.enum), which Ollama cannot give', () => {
    expect(() =>
      codec.encodeRequest({
        ...request,
        responseFormat: { type: 'enum', schema: { type: 'string', enum: ['a'] } },
      }),
    ).toThrow(/Ollama/);
  });
});
