/**
 * Response formats across every format pair (docs/formats.md, "Structured output"): each client format's
 * way of asking for JSON — OpenAI `response_format`, Responses `text.format`, Claude `output_config.format`
 * (and the older `output_format`), Gemini `responseMimeType` with `responseSchema` (OpenAPI subset) or
 * `responseJsonSchema` — decoded and encoded for each upstream format.
 */
import { describe, expect, it } from 'vitest';
import type { FormatCodec, WireFormat } from '../canonical/codec.ts';
import type { ResponseFormat } from '../canonical/types.ts';
import { claudeCodec } from './claude/codec.ts';
import { geminiCodec } from './gemini/codec.ts';
import { openAiChatCodec } from './openai/chat-codec.ts';
import { responsesCodec } from './openai-responses/codec.ts';

type Json = Record<string, unknown>;

const codecs: Record<WireFormat, FormatCodec> = {
  'openai-chat': openAiChatCodec,
  'openai-responses': responsesCodec,
  claude: claudeCodec,
  gemini: geminiCodec,
};

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, rank: { type: ['integer', 'null'] } },
  required: ['city', 'rank'],
  additionalProperties: false,
};

const bodies: Record<WireFormat, (fields: Json) => Json> = {
  'openai-chat': (fields) => ({ model: 'm', messages: [{ role: 'user', content: 'Hi' }], ...fields }),
  'openai-responses': (fields) => ({ model: 'm', input: 'Hi', ...fields }),
  claude: (fields) => ({
    model: 'm',
    max_tokens: 100,
    messages: [{ role: 'user', content: 'Hi' }],
    ...fields,
  }),
  gemini: (fields) => ({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: fields }),
};

const decoded = (client: WireFormat, fields: Json): ResponseFormat | undefined =>
  codecs[client].decodeRequest(bodies[client](fields), { model: 'm', stream: false }).responseFormat;

describe('each client format’s request for JSON, read', () => {
  it.each<[string, WireFormat, Json, ResponseFormat | undefined]>([
    [
      'OpenAI json_schema',
      'openai-chat',
      {
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'place', description: 'A place', schema, strict: true },
        },
      },
      { type: 'json_schema', name: 'place', description: 'A place', schema, strict: true },
    ],
    [
      'OpenAI json_object',
      'openai-chat',
      { response_format: { type: 'json_object' } },
      { type: 'json_object' },
    ],
    [
      'Responses text.format',
      'openai-responses',
      { text: { format: { type: 'json_schema', name: 'place', schema, strict: false } } },
      { type: 'json_schema', name: 'place', schema, strict: false },
    ],
    [
      'Claude output_config.format',
      'claude',
      { output_config: { format: { type: 'json_schema', schema } } },
      { type: 'json_schema', schema },
    ],
    [
      'Claude output_format (the beta)',
      'claude',
      { output_format: { type: 'json_schema', schema } },
      { type: 'json_schema', schema },
    ],
    [
      'Gemini responseJsonSchema',
      'gemini',
      { responseMimeType: 'application/json', responseJsonSchema: schema },
      { type: 'json_schema', schema },
    ],
    [
      'Gemini responseSchema (OpenAPI subset)',
      'gemini',
      {
        responseMimeType: 'application/json',
        responseSchema: {
          type: 'OBJECT',
          properties: {
            city: { type: 'STRING' },
            kind: { type: 'STRING', format: 'enum', enum: ['a', 'b'] },
            rank: { type: 'INTEGER', nullable: true },
            tags: { type: 'ARRAY', items: { type: 'STRING' } },
          },
          propertyOrdering: ['city', 'kind', 'rank', 'tags'],
        },
      },
      {
        type: 'json_schema',
        schema: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            kind: { type: 'string', enum: ['a', 'b'] },
            rank: { type: ['integer', 'null'] },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    ],
    [
      'Gemini JSON without a schema',
      'gemini',
      { responseMimeType: 'application/json' },
      { type: 'json_object' },
    ],
    [
      'Gemini text/x.enum',
      'gemini',
      {
        responseMimeType: 'text/x.enum',
        responseSchema: { type: 'STRING', format: 'enum', enum: ['yes', 'no'] },
      },
      { type: 'enum', schema: { type: 'string', enum: ['yes', 'no'] } },
    ],
  ])('%s', (_, client, fields, expected) => {
    expect(decoded(client, fields)).toEqual(expected);
  });

  it('refuses a Claude output format that is not a JSON schema', () => {
    expect(() => decoded('claude', { output_config: { format: { type: 'xml' } } })).toThrow(/json_schema/);
  });
});

/** How each upstream format is asked for `format`. */
function encoded(upstream: WireFormat, format: ResponseFormat, model = 'm'): unknown {
  const request = openAiChatCodec.decodeRequest(bodies['openai-chat']({}), { model, stream: false });
  const body = codecs[upstream].encodeRequest({ ...request, model, responseFormat: format });
  switch (upstream) {
    case 'openai-chat':
      return body.response_format;
    case 'openai-responses':
      return (body.text as Json | undefined)?.format;
    case 'claude':
      return { output_config: body.output_config, tool_choice: body.tool_choice };
    case 'gemini': {
      const { responseMimeType, responseSchema, responseJsonSchema } = (body.generationConfig ?? {}) as Json;
      return { responseMimeType, responseSchema, responseJsonSchema };
    }
  }
}

describe('each upstream format asked for JSON', () => {
  const withSchema: ResponseFormat = {
    type: 'json_schema',
    name: 'place',
    schema: { $schema: 'x', ...schema },
  };
  it.each<[WireFormat, ResponseFormat, unknown]>([
    [
      'openai-chat',
      withSchema,
      { type: 'json_schema', json_schema: { name: 'place', schema: { $schema: 'x', ...schema } } },
    ],
    ['openai-chat', { type: 'json_object' }, { type: 'json_object' }],
    [
      'openai-responses',
      withSchema,
      { type: 'json_schema', name: 'place', schema: { $schema: 'x', ...schema } },
    ],
    ['openai-responses', { type: 'json_object' }, { type: 'json_object' }],
    ['claude', withSchema, { output_config: undefined, tool_choice: { type: 'tool', name: 'json_answer' } }],
    [
      'gemini',
      withSchema,
      { responseMimeType: 'application/json', responseSchema: undefined, responseJsonSchema: schema },
    ],
    [
      'gemini',
      { type: 'json_object' },
      { responseMimeType: 'application/json', responseSchema: undefined, responseJsonSchema: undefined },
    ],
    [
      'gemini',
      { type: 'enum', schema: { type: 'string', enum: ['yes', 'no'] } },
      {
        responseMimeType: 'text/x.enum',
        responseSchema: { type: 'STRING', enum: ['yes', 'no'] },
        responseJsonSchema: undefined,
      },
    ],
  ])('%s for %j', (upstream, format, expected) => {
    expect(encoded(upstream, format)).toEqual(expected);
  });

  it('Claude natively for a model with JSON outputs', () => {
    expect(encoded('claude', withSchema, 'claude-opus-4-6')).toEqual({
      output_config: { format: { type: 'json_schema', schema } },
      tool_choice: undefined,
    });
  });

  it.each<WireFormat>(['openai-chat', 'openai-responses', 'claude'])(
    '%s refuses a bare enum reply, saying why',
    (upstream) => {
      expect(() => encoded(upstream, { type: 'enum', schema: { enum: ['yes'] } })).toThrow(/text\/x\.enum/);
    },
  );
});
