import { GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decodeStreamText,
  encodeStreamEvents,
  recordedStreams,
} from '../../../test-support/codec-streams.ts';
import type { StreamEncoderInit } from '../../canonical/codec.ts';
import type { StreamEvent } from '../../canonical/types.ts';
import { textBlock, thinkingBlock, toolCallBlock } from '../test-events.ts';
import { geminiCodec as codec } from './codec.ts';

const init: StreamEncoderInit = {
  id: 'resp-1',
  model: 'gemini-2.5-flash',
  created: 1700000000,
  includeUsage: true,
};
const recorded = recordedStreams(import.meta.url);

const decodeText = (text: string) => decodeStreamText(codec, text);
const encodeEvents = (events: readonly StreamEvent[]) => encodeStreamEvents(codec, init, events);

/** What the official Gemini SDK reads from a stream: each chunk's text, function calls and usage. */
async function sdkChunks(text: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(text, { headers: { 'content-type': 'text/event-stream' } })),
  );
  const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: 'http://sdk.invalid' } });
  const chunks = [];
  for await (const chunk of await client.models.generateContentStream({
    model: 'gemini-2.5-flash',
    contents: 'hi',
  }))
    chunks.push(chunk);
  return chunks;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Gemini streams → canonical events', () => {
  it('decodes a recorded text stream (CRLF frames, cumulative usage on each frame)', () => {
    expect(decodeText(recorded('stream-text.chunks.txt'))).toEqual([
      { type: 'start', id: 'sW9daOXjL_Oe1MkP3vGwuQk', model: 'gemini-2.5-flash' },
      ...textBlock(
        0,
        'The sky is blue because',
        ' air scatters short wavelengths more',
        ' (Rayleigh scattering).',
      ),
      {
        type: 'usage',
        usage: { inputTokens: 9, outputTokens: 428, cacheReadTokens: 0, reasoningTokens: 412 },
      },
      { type: 'stop', reason: 'end_turn' },
    ] satisfies StreamEvent[]);
  });

  it('decodes thoughts and whole parallel function calls, reporting tool_use', () => {
    expect(decodeText(recorded('stream-thinking-function-call.chunks.txt'))).toEqual([
      { type: 'start', id: 'xW9daPa2FMGd1MkPsp7n8Aw', model: 'gemini-2.5-flash' },
      ...thinkingBlock(0, ['**Checking the weather**\n\nThe user wants the weather in Paris and London.']),
      ...toolCallBlock(
        1,
        {
          id: 'call_xW9daPa2FMGd1MkPsp7n8Aw_0',
          name: 'get_weather',
          signature: 'CiQBVKhc7kPx3dW1sT0pZRm9GU2lnbmF0dXJlQQ==',
        },
        '{"city":"Paris"}',
      ),
      ...toolCallBlock(2, { id: 'call_xW9daPa2FMGd1MkPsp7n8Aw_1', name: 'get_weather' }, '{"city":"London"}'),
      {
        type: 'usage',
        usage: { inputTokens: 74, outputTokens: 125, cacheReadTokens: 0, reasoningTokens: 95 },
      },
      { type: 'stop', reason: 'tool_use' },
    ] satisfies StreamEvent[]);
  });

  it('decodes a signature on an empty last text part as its own thinking block', () => {
    expect(decodeText(recorded('stream-text-signature.chunks.txt')).slice(1)).toEqual([
      ...textBlock(0, 'Bonjour', ' !'),
      ...thinkingBlock(1, [], 'EpYBCpMBAXLI2nyTextSig=='),
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 43, cacheReadTokens: 0, reasoningTokens: 40 } },
      { type: 'stop', reason: 'end_turn' },
    ] satisfies StreamEvent[]);
  });

  it('closes a stream cut before its finish reason, and reports usage arriving after it', () => {
    const frame = (body: object) => `data: ${JSON.stringify(body)}\n\n`;
    const candidate = (parts: object[], finishReason?: string) => ({
      candidates: [
        { content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) },
      ],
    });
    expect(decodeText(frame({ ...candidate([{ text: 'Hi' }]), responseId: 'r' }))).toEqual([
      { type: 'start', id: 'r', model: '' },
      ...textBlock(0, 'Hi'),
      { type: 'stop', reason: 'end_turn' },
    ]);
    const late = decodeText(
      frame(candidate([{ text: 'Hi' }], 'MAX_TOKENS')) +
        frame({ usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 } }),
    );
    expect(late.slice(-2)).toEqual([
      { type: 'stop', reason: 'max_tokens' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 1, cacheReadTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it('decodes an in-stream error and ignores frames that are not JSON', () => {
    const text =
      'data: not json\n\ndata: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\n\n';
    expect(decodeText(text)).toEqual([
      { type: 'error', message: 'The model is overloaded.', errorType: 'UNAVAILABLE' },
    ]);
  });
});

describe('canonical events → Gemini streams', () => {
  const conversation: StreamEvent[] = [
    { type: 'start', id: 'upstream-id', model: 'other-model' },
    ...thinkingBlock(0, ['Hmm.'], 'sig-think'),
    ...textBlock(1, 'Checking', ' now.'),
    ...toolCallBlock(2, { id: 'call_1', name: 'get_weather', signature: 'sig-call' }, '{"city":', '"Paris"}'),
    { type: 'stop', reason: 'tool_use' },
    { type: 'usage', usage: { inputTokens: 20, outputTokens: 12, reasoningTokens: 4, cacheReadTokens: 8 } },
  ];

  it('writes text as it comes, a function call whole at its block stop, finish and usage last', () => {
    const candidate = (parts: object[]) => ({
      candidates: [{ content: { role: 'model', parts }, index: 0 }],
    });
    const tail = { modelVersion: 'gemini-2.5-flash', responseId: 'resp-1' };
    const frames = [
      { ...candidate([{ text: 'Hmm.', thought: true }]), ...tail },
      { ...candidate([{ text: '', thought: true, thoughtSignature: 'sig-think' }]), ...tail },
      { ...candidate([{ text: 'Checking' }]), ...tail },
      { ...candidate([{ text: ' now.' }]), ...tail },
      {
        ...candidate([
          {
            functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'call_1' },
            thoughtSignature: 'sig-call',
          },
        ]),
        ...tail,
      },
      {
        candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: {
          promptTokenCount: 20,
          candidatesTokenCount: 8,
          totalTokenCount: 32,
          cachedContentTokenCount: 8,
          thoughtsTokenCount: 4,
        },
        ...tail,
      },
    ];
    expect(encodeEvents(conversation)).toBe(
      frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join(''),
    );
  });

  it('round-trips through its own decoder', () => {
    const decoded = decodeText(encodeEvents(conversation));
    expect(decoded).toEqual([
      { type: 'start', id: 'resp-1', model: 'gemini-2.5-flash' },
      ...conversation.slice(1, 9),
      // The arguments arrive whole.
      ...toolCallBlock(2, { id: 'call_1', name: 'get_weather', signature: 'sig-call' }, '{"city":"Paris"}'),
      { type: 'usage', usage: { inputTokens: 20, outputTokens: 12, reasoningTokens: 4, cacheReadTokens: 8 } },
      { type: 'stop', reason: 'tool_use' },
    ]);
  });

  it.each([
    'stream-text.chunks.txt',
    'stream-thinking-function-call.chunks.txt',
    'stream-text-signature.chunks.txt',
  ])('re-encodes recorded %s into a stream that decodes to the same events', (name) => {
    const events = decodeText(recorded(name));
    const again = decodeText(encodeEvents(events));
    expect(again.slice(1)).toEqual(events.slice(1));
  });

  it('writes a stream without start or usage, and renders an error as Gemini does', () => {
    expect(encodeEvents([{ type: 'text_delta', index: 0, text: 'Hi' }])).toBe(
      'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"index":0}],"modelVersion":"gemini-2.5-flash","responseId":"resp-1"}\n\n' +
        'data: {"candidates":[{"content":{"role":"model","parts":[{"text":""}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":0,"candidatesTokenCount":0,"totalTokenCount":0},"modelVersion":"gemini-2.5-flash","responseId":"resp-1"}\n\n',
    );
    expect(encodeEvents([{ type: 'error', message: 'upstream failed' }])).toBe(
      'data: {"error":{"code":500,"message":"upstream failed","status":"INTERNAL"}}\n\n',
    );
  });

  it('writes a function call left open at finish', () => {
    const text = encodeEvents([
      { type: 'block_start', index: 0, block: { type: 'tool_call', id: 'c', name: 'f' } },
      { type: 'arguments_delta', index: 0, json: '{"a":1}' },
      { type: 'stop', reason: 'tool_use' },
    ]);
    expect(decodeText(text).filter((event) => event.type === 'arguments_delta')).toEqual([
      { type: 'arguments_delta', index: 0, json: '{"a":1}' },
    ]);
  });

  it('is read by the official Gemini SDK', async () => {
    const chunks = await sdkChunks(encodeEvents(conversation));
    const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
    expect(parts.filter((part) => !part.thought && part.text).map((part) => part.text)).toEqual([
      'Checking',
      ' now.',
    ]);
    expect(parts.filter((part) => part.thought).map((part) => part.thoughtSignature ?? part.text)).toEqual([
      'Hmm.',
      'sig-think',
    ]);
    expect(chunks.flatMap((chunk) => chunk.functionCalls ?? [])).toEqual([
      { name: 'get_weather', args: { city: 'Paris' }, id: 'call_1' },
    ]);
    expect(chunks.at(-1)?.usageMetadata?.thoughtsTokenCount).toBe(4);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
  });
});
