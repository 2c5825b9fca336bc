import { readFileSync } from 'node:fs';
import { GoogleGenAI } from '@google/genai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CanonicalReply, StopReason } from '../../canonical/types.ts';
import { canonicalReply, wholeUsage } from '../test-events.ts';
import { geminiCodec as codec } from './codec.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
afterEach(() => {
  vi.unstubAllGlobals();
});

const anyTime = expect.any(Number) as unknown as number;

describe('Gemini replies → canonical', () => {
  it('reads thoughts, text and usage with cached and thought tokens', () => {
    expect(codec.decodeReply(fixture('reply-text.json'))).toEqual({
      id: 'Hl0raJ2jN4CW1MkP1s6B0Ak',
      model: 'gemini-2.5-pro',
      created: anyTime,
      content: [
        { type: 'thinking', text: '**Explaining the colour**\n\nRayleigh scattering dominates.' },
        { type: 'text', text: 'The sky is blue because of Rayleigh scattering.' },
      ],
      stopReason: 'end_turn',
      // promptTokenCount includes the cached tokens; candidatesTokenCount excludes the thoughts.
      usage: wholeUsage({
        inputTokens: 1210,
        outputTokens: 211,
        cacheReadTokens: 1024,
        reasoningTokens: 200,
      }),
    } satisfies CanonicalReply);
  });

  it('reports tool_use for parallel function calls (Gemini says STOP) with synthesized ids', () => {
    const reply = codec.decodeReply(fixture('reply-function-call.json'));
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.content).toEqual([
      {
        type: 'tool_call',
        id: 'call_aW1daMKtAuqe1MkPzYm5sQc_0',
        name: 'get_weather',
        arguments: '{"city":"Paris","unit":"celsius"}',
        signature: 'CiQBVKhc7kPx3dW1sT0pZRm9GU2lnbmF0dXJlQQ==',
      },
      {
        type: 'tool_call',
        id: 'call_aW1daMKtAuqe1MkPzYm5sQc_1',
        name: 'get_time',
        arguments: '{"timezone":"Europe/Paris"}',
      },
    ]);
    expect(reply.usage).toEqual(wholeUsage({ inputTokens: 120, outputTokens: 91, reasoningTokens: 53 }));
  });

  it.each<[string, string, StopReason]>([
    ['reply-max-tokens.json', 'MAX_TOKENS', 'max_tokens'],
    ['reply-prompt-blocked.json', 'a blocked prompt', 'content_filter'],
  ])('reads %s (%s) as %s', (name, _, reason) => {
    expect(codec.decodeReply(fixture(name)).stopReason).toBe(reason);
  });

  it.each<[string, StopReason]>([
    ['STOP', 'end_turn'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['PROHIBITED_CONTENT', 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', 'end_turn'],
    ['OTHER', 'end_turn'],
  ])('reads finish reason %s as %s', (finishReason, reason) => {
    const body = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason, index: 0 }],
    };
    expect(codec.decodeReply(body).stopReason).toBe(reason);
  });

  it('follows the first candidate only', () => {
    const body = {
      candidates: [
        { content: { role: 'model', parts: [{ text: 'second' }] }, finishReason: 'STOP', index: 1 },
        { content: { role: 'model', parts: [{ text: 'first' }] }, finishReason: 'STOP', index: 0 },
      ],
    };
    expect(codec.decodeReply(body).content).toEqual([{ type: 'text', text: 'first' }]);
  });

  it.each<[string, unknown, string]>([
    ['an error body', fixture('error-quota.json'), 'Gemini error: You exceeded your current quota'],
    [
      'an OpenAI reply',
      { id: 'x', object: 'chat.completion', choices: [] },
      'not a Gemini GenerateContentResponse',
    ],
    ['a string', 'hello', 'not a Gemini GenerateContentResponse'],
    ['null', null, 'not a Gemini GenerateContentResponse'],
  ])('throws a clear error on %s', (_, body, message) => {
    expect(() => codec.decodeReply(body)).toThrow(message);
  });
});

describe('canonical → Gemini replies', () => {
  const reply = canonicalReply(
    [
      { type: 'thinking', text: 'Think.', signature: 'sig-1' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'Calling.' },
      {
        type: 'tool_call',
        id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        signature: 'sig-2',
      },
    ],
    {
      model: 'gemini-2.5-flash',
      stopReason: 'tool_use',
      usage: {
        inputTokens: 100,
        outputTokens: 40,
        cacheReadTokens: 30,
        cacheWriteTokens: 5,
        reasoningTokens: 25,
      },
    },
  );

  it('writes parts, STOP for tool_use and Gemini usage counts', () => {
    expect(codec.encodeReply(reply)).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Think.', thought: true, thoughtSignature: 'sig-1' },
              { text: 'Calling.' },
              {
                functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'call_1' },
                thoughtSignature: 'sig-2',
              },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 100,
        candidatesTokenCount: 15,
        totalTokenCount: 140,
        cachedContentTokenCount: 30,
        thoughtsTokenCount: 25,
      },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'chatcmpl-1',
    });
  });

  it.each<[StopReason, string]>([
    ['end_turn', 'STOP'],
    ['stop_sequence', 'STOP'],
    ['max_tokens', 'MAX_TOKENS'],
    ['content_filter', 'SAFETY'],
    ['refusal', 'SAFETY'],
  ])('writes stop reason %s as %s', (stopReason, finishReason) => {
    const body = codec.encodeReply({ ...reply, stopReason, usage: null }) as {
      candidates: { finishReason: string }[];
    };
    expect(body.candidates[0]?.finishReason).toBe(finishReason);
    expect(body).not.toHaveProperty('usageMetadata');
  });

  it.each(['reply-text.json', 'reply-function-call.json', 'reply-max-tokens.json'])(
    'round-trips %s through the canonical model',
    (name) => {
      const decoded = codec.decodeReply(fixture(name));
      expect(codec.decodeReply(codec.encodeReply(decoded))).toEqual(decoded);
    },
  );

  it('puts a signature Gemini sent on a text part back on that part', () => {
    const body = {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'Hi', thoughtSignature: 'sig' }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      modelVersion: 'gemini-3-pro-preview',
      responseId: 'r1',
    };
    const encoded = codec.encodeReply(codec.decodeReply(body)) as typeof body;
    expect(encoded.candidates[0]?.content).toEqual(body.candidates[0]?.content);
  });

  it('is read by the official Gemini SDK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(codec.encodeReply(reply))),
    );
    const client = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: 'http://sdk.invalid' } });
    const response = await client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' });
    expect(response.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' }, id: 'call_1' }]);
    expect(response.usageMetadata?.cachedContentTokenCount).toBe(30);
    expect(response.responseId).toBe('chatcmpl-1');
  });
});
