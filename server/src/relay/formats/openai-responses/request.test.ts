import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../lib/errors.ts';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { responsesCodec as codec, previousResponseId } from './codec.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const decode = (body: Record<string, unknown>) =>
  codec.decodeRequest(body, { model: 'route-model', stream: false });

describe('Responses requests → canonical', () => {
  it('decodes a Codex CLI request whole (developer message, reasoning, function and custom tool calls)', () => {
    const request = decode(fixture('codex-request.json'));
    expect(request.model).toBe('gpt-5-codex');
    expect(request.stream).toBe(true);
    expect(request.system).toEqual([
      {
        type: 'text',
        text: "You are Codex, based on GPT-5. You are running as a coding agent in the Codex CLI on a user's computer.",
      },
      {
        type: 'text',
        text: '<permissions instructions>\nFilesystem sandboxing: workspace-write.\n</permissions instructions>',
      },
    ]);
    expect(request.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(request.messages[0]?.content.map((block) => block.type)).toEqual(['text', 'text']);
    expect(request.messages[1]?.content).toEqual([
      {
        type: 'thinking',
        text: "**Inspecting the code**\n\nI'll read math.ts first.",
        signature: 'gAAAAABo8xQkQ29kZXhFbmNyeXB0ZWRSZWFzb25pbmc=',
      },
      {
        type: 'tool_call',
        id: 'call_8sTqL2vWmN0pXy4Rb6Kd3Hfa',
        name: 'shell',
        arguments: '{"command":["bash","-lc","cat math.ts"],"workdir":"/repo"}',
      },
    ]);
    const patch =
      '*** Begin Patch\n*** Update File: math.ts\n@@\n-export const add = (a: number, b: number) => a - b;\n+export const add = (a: number, b: number) => a + b;\n*** End Patch\n';
    expect(request.messages[2]?.content).toEqual([
      {
        type: 'tool_result',
        toolCallId: 'call_8sTqL2vWmN0pXy4Rb6Kd3Hfa',
        content: [
          {
            type: 'text',
            text: 'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nexport const add = (a: number, b: number) => a - b;\n',
          },
        ],
      },
    ]);
    expect(request.messages[3]?.content).toEqual([
      {
        type: 'tool_call',
        id: 'call_Jd9eR1cQ7uV5nZo2Lw8Ys4Tg',
        name: 'apply_patch',
        arguments: JSON.stringify({ input: patch }),
      },
    ]);
    expect(request.messages[4]?.content).toEqual([
      {
        type: 'tool_result',
        toolCallId: 'call_Jd9eR1cQ7uV5nZo2Lw8Ys4Tg',
        content: [{ type: 'text', text: 'Success. Updated the following files:\nM math.ts\n' }],
      },
    ]);
    expect(request.messages[5]?.content).toEqual([{ type: 'text', text: 'Fixed `add` in math.ts.' }]);
    expect(request.messages[6]?.content).toEqual([
      { type: 'text', text: 'Thanks. Does this screenshot look right?' },
      {
        type: 'image',
        source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
        detail: 'auto',
      },
    ]);
    // Built-in tools (local_shell, web_search) are dropped; the custom tool becomes a one-string function.
    expect(request.tools.map((tool) => tool.name)).toEqual(['shell', 'apply_patch']);
    expect(request.tools[0]?.strict).toBe(false);
    expect(request.tools[1]?.parameters).toEqual({
      type: 'object',
      properties: { input: { type: 'string' } },
      required: ['input'],
      additionalProperties: false,
    });
    expect(request.tools[1]?.description).toMatch(
      /^Use the `apply_patch` tool .*string argument `input`\. It must follow this lark grammar:\nstart: begin_patch/s,
    );
    expect(request.toolChoice).toEqual({ type: 'auto' });
    expect(request.parallelToolCalls).toBe(false);
    expect(request.reasoning).toEqual({ enabled: true, effort: 'medium', includeThoughts: true });
  });

  it('decodes a plain string input, sampling settings, text format and the user', () => {
    const request = decode({
      model: 'gpt-4.1',
      instructions: 'Be brief.',
      input: 'Hello',
      max_output_tokens: 500,
      temperature: 0.2,
      top_p: 0.9,
      user: 'user-7',
      metadata: { a: 'b' },
      store: true,
      truncation: 'auto',
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true } },
    });
    expect(request).toEqual({
      model: 'gpt-4.1',
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      tools: [],
      stream: false,
      maxTokens: 500,
      temperature: 0.2,
      topP: 0.9,
      user: 'user-7',
      responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true },
    } satisfies CanonicalRequest);
  });

  it('decodes images by URL, base64 and file id, files, audio and tool outputs given as content lists', () => {
    const request = decode({
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_image', image_url: 'https://example.com/cat.png', detail: 'high' },
            { type: 'input_image', image_url: 'data:image/jpeg;base64,/9j/4AAQ' },
            { type: 'input_image', file_id: 'file-img1', detail: 'low' },
            { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' },
            { type: 'input_file', file_id: 'file-abc' },
            { type: 'input_file', file_url: 'https://example.com/b.pdf' },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          ],
        },
        { type: 'function_call', call_id: 'call_1', name: 'look', arguments: '{}' },
        {
          type: 'function_call_output',
          call_id: 'call_1',
          output: [
            { type: 'input_text', text: 'seen' },
            { type: 'input_image', image_url: 'https://example.com/shot.png' },
          ],
        },
      ],
    });
    expect(request.model).toBe('route-model');
    expect(request.messages[0]?.content).toEqual([
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, detail: 'high' },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/jpeg', data: '/9j/4AAQ' } },
      { type: 'image', source: { kind: 'file_id', fileId: 'file-img1' }, detail: 'low' },
      {
        type: 'file',
        source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBERi0=' },
        filename: 'a.pdf',
      },
      { type: 'file', source: { kind: 'file_id', fileId: 'file-abc' } },
      { type: 'file', source: { kind: 'url', url: 'https://example.com/b.pdf' } },
      { type: 'audio', source: { kind: 'base64', mediaType: 'audio/wav', data: 'UklGRg==' }, format: 'wav' },
    ]);
    expect(request.messages[2]?.content).toEqual([
      {
        type: 'tool_result',
        toolCallId: 'call_1',
        content: [
          { type: 'text', text: 'seen' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/shot.png' } },
        ],
      },
    ]);
  });

  it.each([
    ['none', { type: 'none' }],
    ['required', { type: 'required' }],
    [
      { type: 'function', name: 'f' },
      { type: 'tool', name: 'f' },
    ],
    [
      { type: 'custom', name: 'apply_patch' },
      { type: 'tool', name: 'apply_patch' },
    ],
    [{ type: 'allowed_tools', mode: 'required', tools: [] }, { type: 'required' }],
    [{ type: 'web_search_preview' }, undefined],
  ])('decodes tool_choice %j', (toolChoice, expected) => {
    expect(decode({ input: 'x', tool_choice: toolChoice }).toolChoice).toEqual(expected);
  });

  it.each([
    [{ effort: 'high' }, { enabled: true, effort: 'high' }],
    [
      { effort: 'minimal', summary: 'detailed' },
      { enabled: true, effort: 'minimal', includeThoughts: true },
    ],
    [{ effort: 'none' }, { enabled: false }],
    [{ effort: null, summary: null }, undefined],
  ])('decodes reasoning %j', (reasoning, expected) => {
    expect(decode({ input: 'x', reasoning }).reasoning).toEqual(expected);
  });

  it.each([
    [{ model: 'm' }, /input: a string or an array/],
    [{ input: 42 }, /input: a string or an array/],
    [{ input: ['text'] }, /every input item must be an object/],
    [{ input: [{ role: 'tool', content: 'x' }] }, /unknown message role tool/],
    [{ input: [{ role: 'user', content: 7 }] }, /message content must be a string or an array/],
    [{ input: [{ role: 'user', content: [3] }] }, /every content part must be an object/],
    [{ input: [{ type: 'function_call_output', output: 'x' }] }, /function_call_output item needs a call_id/],
    [
      { input: [{ type: 'function_call', call_id: 'c', arguments: '{}' }] },
      /function_call item needs a name/,
    ],
  ])('refuses a bad body with a 400: %j', (body, message) => {
    let caught: unknown;
    try {
      decode(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GatewayError);
    expect((caught as GatewayError).status).toBe(400);
    expect((caught as Error).message).toMatch(message);
  });

  it('ignores items that need stored state or run at OpenAI', () => {
    const request = decode({
      input: [
        { type: 'item_reference', id: 'msg_1' },
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(request.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
  });

  it.each([
    [{ previous_response_id: 'resp_123', input: 'x' }, 'resp_123'],
    [{ previous_response_id: '', input: 'x' }, undefined],
    [{ previous_response_id: null, input: 'x' }, undefined],
    [{ input: 'x' }, undefined],
  ])('previousResponseId(%j)', (body, expected) => {
    expect(previousResponseId(body)).toBe(expected);
  });
});
