import { describe, expect, it } from 'vitest';
import { decodeStreamText } from '../../../test-support/codec-streams.ts';
import type { CanonicalRequest, StreamEvent } from '../../canonical/types.ts';
import { claudeCodec as codec } from './codec.ts';
import { answersJsonNatively, claudeVersion } from './models.ts';
import { encodeClaudeRequest } from './request-encode.ts';
import { claudeJsonSchema, OutputValueStream, planStructuredOutput } from './structured-output.ts';

const base: CanonicalRequest = {
  model: 'claude-sonnet-4-20250514',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  tools: [],
  stream: false,
};
const event = {
  type: 'object',
  properties: { name: { type: 'string' }, seats: { type: 'integer', minimum: 1 } },
  required: ['name', 'seats'],
};

describe('Claude models and JSON outputs', () => {
  it.each<[string, { family: string; major: number; minor: number } | null, boolean]>([
    ['claude-sonnet-4-5-20250929', { family: 'sonnet', major: 4, minor: 5 }, true],
    ['claude-haiku-4-5', { family: 'haiku', major: 4, minor: 5 }, true],
    ['claude-opus-4-6', { family: 'opus', major: 4, minor: 6 }, true],
    ['claude-sonnet-4-5@20250929', { family: 'sonnet', major: 4, minor: 5 }, true],
    ['us.anthropic.claude-opus-4-5-20251101-v1:0', { family: 'opus', major: 4, minor: 5 }, true],
    ['claude-fable-5', { family: 'fable', major: 5, minor: 0 }, true],
    ['claude-sonnet-4-20250514', { family: 'sonnet', major: 4, minor: 0 }, false],
    ['claude-opus-4-1-20250805', { family: 'opus', major: 4, minor: 1 }, false],
    ['claude-3-7-sonnet-20250219', { family: 'sonnet', major: 3, minor: 7 }, false],
    ['claude-3-5-haiku@20241022', { family: 'haiku', major: 3, minor: 5 }, false],
    ['my-alias', null, false],
  ])('%s', (model, version, native) => {
    expect(claudeVersion(model)).toEqual(version);
    expect(answersJsonNatively(model)).toBe(native);
  });
});

describe('schemas within Anthropic’s subset', () => {
  it('closes every object and moves unsupported keywords into the description', () => {
    expect(
      claudeJsonSchema({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          seats: { type: 'integer', minimum: 1, description: 'How many' },
          when: { type: 'string', format: 'date-time' },
          code: { type: 'string', format: 'hex', pattern: '^[0-9a-f]+$' },
          tags: { type: 'array', items: { type: 'object', properties: {} }, minItems: 3 },
          kind: { oneOf: [{ type: 'string' }, { type: 'null' }] },
        },
        required: ['seats'],
        additionalProperties: true,
      }),
    ).toEqual({
      type: 'object',
      properties: {
        seats: { type: 'integer', description: 'How many\n\n{minimum: 1}' },
        when: { type: 'string', format: 'date-time' },
        code: { type: 'string', description: '{format: "hex", pattern: "^[0-9a-f]+$"}' },
        tags: {
          type: 'array',
          items: { type: 'object', properties: {}, additionalProperties: false },
          description: '{minItems: 3}',
        },
        kind: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['seats'],
      additionalProperties: false,
    });
  });
});

describe('how a response format is asked of Claude', () => {
  it('natively for a model that takes it and an object schema', () => {
    const body = encodeClaudeRequest({
      ...base,
      model: 'claude-sonnet-4-5',
      responseFormat: { type: 'json_schema', schema: event },
    });
    expect(body.output_config).toEqual({ format: { type: 'json_schema', schema: claudeJsonSchema(event) } });
    expect(body.tools).toBeUndefined();
  });

  it('with a forced output tool otherwise, its schema `{value: …}` with the definitions lifted', () => {
    const schema = { type: 'array', items: { $ref: '#/$defs/city' }, $defs: { city: { type: 'string' } } };
    const body = encodeClaudeRequest({
      ...base,
      model: 'claude-sonnet-4-5',
      responseFormat: { type: 'json_schema', name: 'cities', schema },
    });
    expect(body.output_config).toBeUndefined();
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'json_answer' });
    expect(body.tools?.[0]).toMatchObject({
      name: 'json_answer',
      input_schema: {
        type: 'object',
        properties: { value: { type: 'array', items: { $ref: '#/$defs/city' } } },
        required: ['value'],
        additionalProperties: false,
        $defs: { city: { type: 'string' } },
      },
    });
    expect(body.tools?.[0]?.description).toContain('cities');
  });

  it.each<[string, Partial<CanonicalRequest>, unknown]>([
    ['JSON mode', { responseFormat: { type: 'json_object' } }, { type: 'tool', name: 'json_answer' }],
    [
      'a schema beside tools of the client',
      {
        responseFormat: { type: 'json_schema', schema: event },
        tools: [{ name: 'find', parameters: { type: 'object' } }],
      },
      { type: 'any', disable_parallel_tool_use: true },
    ],
    [
      'a schema beside tools the client turned off',
      {
        responseFormat: { type: 'json_schema', schema: event },
        tools: [{ name: 'find', parameters: { type: 'object' } }],
        toolChoice: { type: 'none' },
      },
      { type: 'tool', name: 'json_answer' },
    ],
    [
      'a schema beside a call the client forced (the call is the reply)',
      {
        responseFormat: { type: 'json_schema', schema: event },
        tools: [{ name: 'find', parameters: { type: 'object' } }],
        toolChoice: { type: 'tool', name: 'find' },
      },
      { type: 'tool', name: 'find' },
    ],
  ])('%s', (_, request, choice) => {
    expect(encodeClaudeRequest({ ...base, ...request }).tool_choice).toEqual(choice);
  });

  it('drops thinking beside the forced tool (Claude refuses both)', () => {
    const body = encodeClaudeRequest({
      ...base,
      responseFormat: { type: 'json_object' },
      reasoning: { enabled: true, effort: 'high' },
    });
    expect(body.thinking).toBeUndefined();
    expect(planStructuredOutput({ ...base, responseFormat: { type: 'text' } })).toEqual({ kind: 'none' });
  });

  it('refuses a bare enum reply (Gemini text/x.enum)', () => {
    expect(() =>
      encodeClaudeRequest({ ...base, responseFormat: { type: 'enum', schema: { enum: ['a', 'b'] } } }),
    ).toThrow(/text\/x\.enum/);
  });
});

describe('the output tool’s answer back as text', () => {
  it('unwraps the streamed `{"value": X}` whatever the pieces', () => {
    const input = '{"value" : {"a": "x}\\"]", "b": [1, {"c": null}]} }';
    const expected = '{"a": "x}\\"]", "b": [1, {"c": null}]}';
    for (let cut = 0; cut <= input.length; cut += 1) {
      const stream = new OutputValueStream();
      expect(stream.push(input.slice(0, cut)) + stream.push(input.slice(cut))).toBe(expected);
    }
    const scalar = new OutputValueStream();
    expect(['{"val', 'ue":', ' "te', 'xt"', '}'].map((piece) => scalar.push(piece)).join('')).toBe('"text"');
  });

  it('in a reply: a text block and a normal stop', () => {
    const reply = codec.decodeReply({
      type: 'message',
      id: 'msg_1',
      model: 'claude-sonnet-4',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'json_answer', input: { value: { name: 'x' } } }],
      stop_reason: 'tool_use',
      usage: { input_tokens: 5, output_tokens: 3 },
    });
    expect(reply.content).toEqual([{ type: 'text', text: '{"name":"x"}' }]);
    expect(reply.stopReason).toBe('end_turn');
    expect(reply.usage).toMatchObject({ inputTokens: 5, outputTokens: 3 });
  });

  it('in a stream: text deltas and a normal stop, usage unchanged', () => {
    const frame = (data: Record<string, unknown>) =>
      `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
    const delta = (partial_json: string) =>
      frame({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json } });
    const text =
      frame({
        type: 'message_start',
        message: { id: 'msg_1', model: 'm', usage: { input_tokens: 5, output_tokens: 1 } },
      }) +
      frame({
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'json_answer', input: {} },
      }) +
      delta('{"val') +
      delta('ue": {"name"') +
      delta(': "x"}}') +
      frame({ type: 'content_block_stop', index: 0 }) +
      frame({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 7 } });
    expect(decodeStreamText(codec, text)).toEqual<StreamEvent[]>([
      { type: 'start', id: 'msg_1', model: 'm' },
      {
        type: 'usage',
        usage: { inputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 1 },
      },
      { type: 'block_start', index: 0, block: { type: 'text' } },
      { type: 'text_delta', index: 0, text: '{"name"' },
      { type: 'text_delta', index: 0, text: ': "x"}' },
      { type: 'block_stop', index: 0 },
      { type: 'usage', usage: { outputTokens: 7 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });
});
