import { describe, expect, it } from 'vitest';
import type { CanonicalRequest, ReasoningSettings, ToolChoice } from '../../canonical/types.ts';
import { geminiCodec as codec } from './codec.ts';
import { SKIP_SIGNATURE } from './request.ts';

function canonical(overrides: Partial<CanonicalRequest>): CanonicalRequest {
  return { model: 'gemini-2.5-flash', system: [], messages: [], tools: [], stream: false, ...overrides };
}

describe('canonical → Gemini requests', () => {
  const conversation = canonical({
    system: [
      { type: 'text', text: 'System one.' },
      { type: 'text', text: 'Developer two.' },
    ],
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look.', cacheControl: { type: 'ephemeral' } },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.jpg' }, detail: 'high' },
          { type: 'image', source: { kind: 'url', url: 'data:image/png;base64,iVBOR' } },
          { type: 'image', source: { kind: 'base64', mediaType: 'image/webp', data: 'UklG' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'audio', source: { kind: 'base64', mediaType: '', data: 'UklG' }, format: 'wav' }],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Weather twice.', signature: 'sig-1' },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'tool_call', id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { type: 'tool_call', id: 'call_b', name: 'get_weather', arguments: 'not json' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', toolCallId: 'call_a', content: [{ type: 'text', text: 'sunny' }] },
          {
            type: 'tool_result',
            toolCallId: 'call_b',
            content: [
              { type: 'text', text: 'failed' },
              { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'AA' } },
            ],
            isError: true,
          },
        ],
      },
    ],
    tools: [
      {
        name: 'get_weather',
        description: 'Weather',
        parameters: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
        strict: true,
      },
      { name: 'ping', parameters: { type: 'object', properties: {} } },
    ],
    toolChoice: { type: 'tool', name: 'get_weather' },
    parallelToolCalls: false,
    maxTokens: 500,
    temperature: 0.2,
    topP: 0.9,
    topK: 40,
    stopSequences: ['END'],
    stream: true,
    reasoning: { effort: 'low', includeThoughts: true },
    responseFormat: {
      type: 'json_schema',
      name: 'out',
      schema: { $schema: 'x', type: 'object' },
      strict: true,
    },
    user: 'user-1',
    seed: 3,
  });

  it('writes the whole body, without model or stream, names on function responses from their calls', () => {
    expect(codec.encodeRequest(conversation)).toEqual({
      systemInstruction: { parts: [{ text: 'System one.' }, { text: 'Developer two.' }] },
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Look.' },
            { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/a.jpg' } },
            { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
            { inlineData: { mimeType: 'image/webp', data: 'UklG' } },
            { inlineData: { mimeType: 'audio/wav', data: 'UklG' } },
          ],
        },
        {
          role: 'model',
          parts: [
            { text: 'Weather twice.', thought: true, thoughtSignature: 'sig-1' },
            { functionCall: { name: 'get_weather', args: { city: 'Paris' }, id: 'call_a' } },
            { functionCall: { name: 'get_weather', args: {}, id: 'call_b' } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { output: 'sunny' }, id: 'call_a' } },
            { functionResponse: { name: 'get_weather', response: { error: 'failed' }, id: 'call_b' } },
            { inlineData: { mimeType: 'image/png', data: 'AA' } },
          ],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Weather',
              parametersJsonSchema: {
                type: 'object',
                properties: { city: { type: 'string' } },
                required: ['city'],
                additionalProperties: false,
              },
            },
            { name: 'ping' },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      generationConfig: {
        maxOutputTokens: 500,
        temperature: 0.2,
        topP: 0.9,
        topK: 40,
        stopSequences: ['END'],
        seed: 3,
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
        thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      },
    });
  });

  it('reads back what it writes', () => {
    const decoded = codec.decodeRequest(codec.encodeRequest(conversation), {
      model: conversation.model,
      stream: true,
    });
    expect(decoded.messages[1]?.content[2]).toEqual({
      type: 'tool_call',
      id: 'call_b',
      name: 'get_weather',
      arguments: '{}',
    });
    expect(decoded.messages[2]?.content[1]).toMatchObject({
      toolCallId: 'call_b',
      name: 'get_weather',
      isError: true,
    });
    expect(decoded.toolChoice).toEqual(conversation.toolChoice);
    expect(decoded.reasoning).toEqual({ enabled: true, budgetTokens: 1024, includeThoughts: true });
  });

  it.each<[string, ReasoningSettings, Record<string, unknown>]>([
    ['off', { enabled: false, includeThoughts: true }, { thinkingBudget: 0 }],
    ['on without an amount (dynamic)', { enabled: true }, { thinkingBudget: -1 }],
    ['a budget', { enabled: true, budgetTokens: 3000 }, { thinkingBudget: 3000 }],
    ['high effort', { effort: 'high' }, { thinkingBudget: 24576 }],
    ['only includeThoughts', { includeThoughts: true }, { includeThoughts: true }],
  ])('writes reasoning %s as a thinking config', (_, reasoning, thinkingConfig) => {
    const body = codec.encodeRequest(
      canonical({ reasoning, messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] }),
    );
    expect(body.generationConfig).toEqual({ thinkingConfig });
  });

  it.each<[ToolChoice, Record<string, unknown>]>([
    [{ type: 'auto' }, { mode: 'AUTO' }],
    [{ type: 'none' }, { mode: 'NONE' }],
    [{ type: 'required' }, { mode: 'ANY' }],
  ])('writes tool choice %o', (toolChoice, functionCallingConfig) => {
    expect(codec.encodeRequest(canonical({ toolChoice })).toolConfig).toEqual({ functionCallingConfig });
  });

  it('merges same-role turns, moves a lone signature onto the next part and drops empty turns', () => {
    const body = codec.encodeRequest(
      canonical({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'a' }] },
          { role: 'user', content: [{ type: 'text', text: 'b' }] },
          { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'x' }] },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', text: '', signature: 'sig-text' },
              { type: 'text', text: 'answer' },
            ],
          },
        ],
      }),
    );
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'a' }, { text: 'b' }] },
      { role: 'model', parts: [{ text: 'answer', thoughtSignature: 'sig-text' }] },
    ]);
    expect(body).not.toHaveProperty('generationConfig');
  });

  it('gives Gemini 3 the documented placeholder for a replayed call without a signature, first call only', () => {
    const messages: CanonicalRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_call', id: 'c1', name: 'f', arguments: '{}' },
          { type: 'tool_call', id: 'c2', name: 'f', arguments: '{}' },
        ],
      },
    ];
    const parts = (model: string) =>
      (
        codec.encodeRequest(canonical({ model, messages })).contents as { parts: Record<string, unknown>[] }[]
      )[1]?.parts;
    expect(parts('gemini-3-pro-preview')?.map((part) => part.thoughtSignature)).toEqual([
      SKIP_SIGNATURE,
      undefined,
    ]);
    expect(parts('gemini-2.5-flash')?.map((part) => part.thoughtSignature)).toEqual([undefined, undefined]);
  });
});
