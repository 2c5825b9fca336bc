import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type {
  CanonicalRequest,
  ReasoningSettings,
  ResponseFormat,
  ToolChoice,
} from '../../canonical/types.ts';
import { geminiCodec as codec } from './codec.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const context = { model: 'gemini-2.5-flash', stream: false };
const decode = (body: Record<string, unknown>) => codec.decodeRequest(body, context);
const hi = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };

describe('Gemini requests → canonical', () => {
  it('reads a snake_case body (Google curl style): system, inline and file data, tools, config', () => {
    expect(
      codec.decodeRequest(fixture('request-snake-case.json'), { model: 'gemini-2.5-pro', stream: true }),
    ).toEqual({
      model: 'gemini-2.5-pro',
      stream: true,
      system: [
        { type: 'text', text: 'You are a cat.' },
        { type: 'text', text: 'Your name is Neko.' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { kind: 'base64', mediaType: 'image/jpeg', data: '/9j/4AAQSkZJRg==' } },
            {
              type: 'file',
              source: {
                kind: 'file_id',
                fileId: 'https://generativelanguage.googleapis.com/v1beta/files/abc-123',
                mediaType: 'application/pdf',
              },
            },
            { type: 'text', text: 'What is in these?' },
          ],
        },
      ],
      tools: [
        {
          name: 'find_movies',
          description: 'find movie titles currently playing in theaters',
          parameters: {
            type: 'object',
            properties: {
              location: { type: 'string', description: 'The city' },
              genre: { type: ['string', 'null'] },
            },
            required: ['location'],
          },
        },
      ],
      toolChoice: { type: 'tool', name: 'find_movies' },
      stopSequences: ['Title'],
      temperature: 1,
      maxTokens: 800,
      topP: 0.8,
      topK: 10,
      reasoning: { enabled: true, budgetTokens: 1024, includeThoughts: true },
    } satisfies CanonicalRequest);
  });

  it('answers calls by id in any order, the rest by name in order; a response that answers no call gets an id of its own', () => {
    const request = decode({
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        {
          role: 'model',
          parts: [
            { functionCall: { name: 'f', id: 'a', args: {} } },
            { functionCall: { name: 'f', id: 'b', args: {} } },
            { functionCall: { name: 'f', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'f', id: 'b', response: {} } },
            { functionResponse: { name: 'f', response: {} } },
            { functionResponse: { name: 'f', response: {} } },
            { functionResponse: { name: 'g', response: {} } },
            { functionResponse: { name: 'g', response: {} } },
          ],
        },
      ],
    });
    const ids = (role: 'assistant' | 'user') =>
      request.messages
        .find((message) => message.role === role && message.content.some((block) => block.type !== 'text'))
        ?.content.map((block) =>
          block.type === 'tool_call' ? block.id : block.type === 'tool_result' ? block.toolCallId : null,
        );
    expect(ids('assistant')).toEqual(['a', 'b', 'call_2']);
    // b by its id; then a (the oldest call left), call_2; g answers no call: a fresh id each time.
    expect(ids('user')).toEqual(['b', 'a', 'call_2', 'call_3', 'call_4']);
  });

  it('gives function calls without ids stable ids and matches responses to them by name, in order', () => {
    const request = decode({
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris and London?' }] },
        {
          role: 'model',
          parts: [
            { text: 'Let me think.', thought: true, thoughtSignature: 'sig-thought' },
            { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-call' },
            { functionCall: { name: 'get_weather', args: { city: 'London' } } },
            { functionCall: { name: 'get_time', args: {}, id: 'given-id' } },
          ],
        },
        {
          role: 'function',
          parts: [
            { functionResponse: { name: 'get_weather', response: { output: 'sunny' } } },
            { functionResponse: { name: 'get_weather', response: { error: 'no station' } } },
          ],
        },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'get_time', id: 'given-id', response: { hour: 9 } } }],
        },
        { role: 'model', parts: [{ text: 'Paris is sunny.', thoughtSignature: 'sig-text' }] },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and London?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'Let me think.', signature: 'sig-thought' },
          {
            type: 'tool_call',
            id: 'call_0',
            name: 'get_weather',
            arguments: '{"city":"Paris"}',
            signature: 'sig-call',
          },
          { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"London"}' },
          { type: 'tool_call', id: 'given-id', name: 'get_time', arguments: '{}' },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            toolCallId: 'call_0',
            name: 'get_weather',
            content: [{ type: 'text', text: 'sunny' }],
          },
          {
            type: 'tool_result',
            toolCallId: 'call_1',
            name: 'get_weather',
            content: [{ type: 'text', text: 'no station' }],
            isError: true,
          },
          {
            type: 'tool_result',
            toolCallId: 'given-id',
            name: 'get_time',
            content: [{ type: 'text', text: '{"hour":9}' }],
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', text: '', signature: 'sig-text' },
          { type: 'text', text: 'Paris is sunny.' },
        ],
      },
    ]);
  });

  it('reads audio, public file URLs and a string system instruction', () => {
    const request = decode({
      systemInstruction: 'Be brief.',
      contents: [
        {
          parts: [
            { inlineData: { mimeType: 'audio/mpeg', data: 'SUQz' } },
            { fileData: { mimeType: 'image/png', fileUri: 'https://example.com/cat.png' } },
            { executableCode: { language: 'PYTHON', code: 'print(1)' } },
          ],
        },
      ],
    });
    expect(request.system).toEqual([{ type: 'text', text: 'Be brief.' }]);
    expect(request.messages[0]?.content).toEqual([
      { type: 'audio', source: { kind: 'base64', mediaType: 'audio/mpeg', data: 'SUQz' }, format: 'mp3' },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png', mediaType: 'image/png' } },
    ]);
  });

  it.each<[string, Record<string, unknown>, ToolChoice | undefined]>([
    ['AUTO', { mode: 'AUTO' }, { type: 'auto' }],
    ['VALIDATED', { mode: 'VALIDATED' }, { type: 'auto' }],
    ['NONE', { mode: 'NONE' }, { type: 'none' }],
    ['ANY', { mode: 'ANY' }, { type: 'required' }],
    ['ANY with two names', { mode: 'ANY', allowedFunctionNames: ['a', 'b'] }, { type: 'required' }],
    ['ANY with one name', { mode: 'ANY', allowedFunctionNames: ['a'] }, { type: 'tool', name: 'a' }],
  ])('reads function calling mode %s', (_, config, expected) => {
    expect(decode({ ...hi, toolConfig: { functionCallingConfig: config } }).toolChoice).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, ReasoningSettings | undefined]>([
    ['budget 0 (off)', { thinkingBudget: 0 }, { enabled: false }],
    ['budget -1 (dynamic)', { thinkingBudget: -1 }, { enabled: true, adaptive: true }],
    [
      'a budget',
      { thinkingBudget: 2048, includeThoughts: false },
      { enabled: true, budgetTokens: 2048, includeThoughts: false },
    ],
    [
      'a level',
      { thinkingLevel: 'HIGH', includeThoughts: true },
      { enabled: true, effort: 'high', includeThoughts: true },
    ],
    ['a lower-case level', { thinkingLevel: 'minimal' }, { enabled: true, effort: 'minimal' }],
    ['nothing', {}, undefined],
  ])('reads thinking config with %s', (_, thinkingConfig, expected) => {
    expect(decode({ ...hi, generationConfig: { thinkingConfig } }).reasoning).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, ResponseFormat | undefined]>([
    ['JSON mode', { responseMimeType: 'application/json' }, { type: 'json_object' }],
    [
      'a JSON schema',
      {
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object', additionalProperties: false },
      },
      { type: 'json_schema', schema: { type: 'object', additionalProperties: false } },
    ],
    [
      'an OpenAPI schema',
      { responseMimeType: 'application/json', responseSchema: { type: 'ARRAY', items: { type: 'STRING' } } },
      { type: 'json_schema', schema: { type: 'array', items: { type: 'string' } } },
    ],
    ['plain text', { responseMimeType: 'text/plain' }, undefined],
  ])('reads %s', (_, generationConfig, expected) => {
    expect(decode({ ...hi, generationConfig }).responseFormat).toEqual(expected);
  });

  it('reads penalties, seed and candidate count', () => {
    const request = decode({
      ...hi,
      generationConfig: { presencePenalty: 0.5, frequencyPenalty: -0.5, seed: 7, candidateCount: 2 },
    });
    expect(request).toMatchObject({
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      seed: 7,
      candidateCount: 2,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no contents', {}, 'contents must be a non-empty array'],
    ['empty contents', { contents: [] }, 'contents must be a non-empty array'],
    [
      'a content without parts',
      { contents: [{ role: 'user' }] },
      'contents[0] must be an object with a parts array',
    ],
    ['a bad role', { contents: [{ role: 'system', parts: [{ text: 'x' }] }] }, 'contents[0].role must be'],
    [
      'a part that is not an object',
      { contents: [{ role: 'user', parts: ['x'] }] },
      'contents[0].parts[0] must be',
    ],
    ['tools not an array', { ...hi, tools: {} }, 'tools must be an array'],
    [
      'a nameless function',
      { ...hi, tools: [{ functionDeclarations: [{ description: 'x' }] }] },
      'needs a name',
    ],
  ])('refuses %s with a 400', (_, body, message) => {
    expect(() => decode(body)).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_request',
        message: expect.stringContaining(message),
      }),
    );
  });
});
