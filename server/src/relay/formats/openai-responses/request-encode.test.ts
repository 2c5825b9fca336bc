import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { responsesCodec as codec } from './codec.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const decode = (body: Record<string, unknown>) =>
  codec.decodeRequest(body, { model: 'route-model', stream: false });

describe('canonical → Responses requests', () => {
  const base: CanonicalRequest = { model: 'gpt-5', system: [], messages: [], tools: [], stream: false };

  it('encodes a whole conversation as stateless input items', () => {
    const body = codec.encodeRequest({
      ...base,
      system: [
        { type: 'text', text: 'A' },
        { type: 'text', text: 'B' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'AAA=' } },
            { type: 'image', source: { kind: 'url', url: 'https://x/y.png' }, detail: 'low' },
            { type: 'file', source: { kind: 'file_id', fileId: 'file-1' }, filename: 'f.pdf' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'unsigned, from another vendor' },
            { type: 'thinking', text: 'plan', signature: 'gAAAAsig' },
            { type: 'text', text: 'Calling.' },
            { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{"a":1}' },
            { type: 'redacted_thinking', data: 'opaque' },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolCallId: 'call_1',
              content: [{ type: 'text', text: 'ok' }],
              isError: true,
            },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
      tools: [{ name: 'f', description: 'F', parameters: { type: 'object' } }],
      toolChoice: { type: 'tool', name: 'f' },
      parallelToolCalls: false,
      maxTokens: 1000,
      temperature: 0.5,
      topP: 0.8,
      topK: 40,
      stopSequences: ['END'],
      stream: true,
      user: 'u1',
    });
    expect(body).toEqual({
      model: 'gpt-5',
      instructions: 'A',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'B' }] },
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look' },
            { type: 'input_image', image_url: 'data:image/png;base64,AAA=', detail: 'auto' },
            { type: 'input_image', image_url: 'https://x/y.png', detail: 'low' },
            { type: 'input_file', file_id: 'file-1', filename: 'f.pdf' },
          ],
        },
        {
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: 'plan' }],
          encrypted_content: 'gAAAAsig',
        },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Calling.' }] },
        { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Thanks' }] },
      ],
      tools: [
        { type: 'function', name: 'f', description: 'F', parameters: { type: 'object' }, strict: false },
      ],
      tool_choice: { type: 'function', name: 'f' },
      parallel_tool_calls: false,
      max_output_tokens: 1000,
      temperature: 0.5,
      top_p: 0.8,
      stream: true,
      store: false,
      user: 'u1',
    });
  });

  it.each([
    [{ effort: 'high' as const }, { effort: 'high' }],
    [
      { enabled: true, budgetTokens: 2000, includeThoughts: true },
      { effort: 'low', summary: 'auto' },
    ],
    [{ enabled: true, budgetTokens: 30000 }, { effort: 'high' }],
  ])('asks for reasoning %j with its encrypted content', (reasoning, expected) => {
    const body = codec.encodeRequest({ ...base, reasoning });
    expect(body.reasoning).toEqual(expected);
    expect(body.include).toEqual(['reasoning.encrypted_content']);
  });

  it('drops temperature and top_p when reasoning is asked for (OpenAI reasoning models refuse them)', () => {
    const body = codec.encodeRequest({ ...base, reasoning: { effort: 'low' }, temperature: 0.3, topP: 0.5 });
    expect(body).toMatchObject({ reasoning: { effort: 'low' } });
    expect(body.temperature).toBeUndefined();
    expect(body.top_p).toBeUndefined();
  });

  it('leaves reasoning out when it is off, and raises max tokens to the API minimum', () => {
    const body = codec.encodeRequest({
      ...base,
      reasoning: { enabled: false },
      maxTokens: 1,
      temperature: 0.3,
    });
    expect(body.temperature).toBe(0.3);
    expect(body.reasoning).toBeUndefined();
    expect(body.include).toBeUndefined();
    expect(body.max_output_tokens).toBe(16);
  });

  it('encodes a response format and tool outputs with images as content lists', () => {
    const body = codec.encodeRequest({
      ...base,
      responseFormat: { type: 'json_schema', schema: { type: 'object' } },
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolCallId: 'c',
              content: [
                { type: 'text', text: 'see' },
                { type: 'image', source: { kind: 'url', url: 'https://x/z.png' } },
              ],
            },
          ],
        },
      ],
    });
    expect(body.text).toEqual({
      format: { type: 'json_schema', name: 'response', schema: { type: 'object' } },
    });
    expect(body.input).toEqual([
      {
        type: 'function_call_output',
        call_id: 'c',
        output: [
          { type: 'input_text', text: 'see' },
          { type: 'input_image', image_url: 'https://x/z.png', detail: 'auto' },
        ],
      },
    ]);
  });

  it('round-trips the Codex request through canonical (what a Responses upstream gets back)', () => {
    const request = decode(fixture('codex-request.json'));
    expect(decode(codec.encodeRequest(request))).toEqual({
      ...request,
      tools: request.tools.map((tool) => ({ ...tool, strict: tool.strict ?? false })),
    });
  });
});
