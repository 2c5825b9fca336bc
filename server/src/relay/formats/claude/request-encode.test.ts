import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CanonicalMessage, CanonicalRequest, ContentBlock, TextBlock } from '../../canonical/types.ts';
import { claudeCodec as codec } from './codec.ts';
import { encodeClaudeRequest } from './request-encode.ts';

const base: CanonicalRequest = {
  model: 'claude-sonnet-4',
  system: [],
  messages: [],
  tools: [],
  stream: false,
};
const text = (value: string): TextBlock => ({ type: 'text', text: value });
const user = (...content: ContentBlock[]): CanonicalMessage => ({ role: 'user', content });
const assistant = (...content: ContentBlock[]): CanonicalMessage => ({ role: 'assistant', content });
const call: ContentBlock = { type: 'tool_call', id: 'call_1', name: 'f', arguments: '{"a":1}' };
const result: ContentBlock = { type: 'tool_result', toolCallId: 'call_1', content: [text('ok')] };
const signed: ContentBlock = { type: 'thinking', text: 'hmm', signature: 'sig' };

const encode = (request: Partial<CanonicalRequest>) => encodeClaudeRequest({ ...base, ...request });

describe('canonical → Claude requests', () => {
  it('round-trips the Claude Code request through the canonical model', () => {
    const body = JSON.parse(
      readFileSync(new URL('./__fixtures__/request-claude-code.json', import.meta.url), 'utf8'),
    );
    const again = codec.encodeRequest(codec.decodeRequest(body, { model: 'm', stream: false }));
    const { top_k: _dropped, ...rest } = body;
    const last = body.messages[3];
    expect(again).toEqual({
      ...rest,
      // System entries of messages joined the top-level system; the server tool and a no-op flag are
      // lost; top_k goes (Claude refuses it beside thinking); string tool results become text blocks.
      system: [body.system[0], { type: 'text', text: 'Working directory: /home/dev/project' }],
      messages: [
        ...body.messages.slice(1, 3),
        {
          role: 'user',
          content: [
            last.content[0],
            { ...last.content[1], content: [{ type: 'text', text: 'File does not exist.' }] },
            last.content[2],
          ],
        },
      ],
      tools: [body.tools[0]],
      tool_choice: { type: 'auto' },
    });
  });

  it.each<[string, Partial<CanonicalRequest>, Record<string, unknown>]>([
    [
      'max_tokens defaults to 4096, the system joins into one string, sampling kept without thinking',
      {
        system: [text('A'), text('B')],
        temperature: 0.3,
        topP: 0.8,
        topK: 20,
        stopSequences: ['END'],
        user: 'u-1',
        stream: true,
        messages: [user(text('Hi'))],
      },
      {
        model: 'claude-sonnet-4',
        max_tokens: 4096,
        system: 'A\n\nB',
        temperature: 0.3,
        top_p: 0.8,
        top_k: 20,
        stop_sequences: ['END'],
        stream: true,
        metadata: { user_id: 'u-1' },
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      },
    ],
    [
      'a conversation that starts with the assistant gets a "." user turn; roles merge; unsigned thinking goes',
      {
        maxTokens: 100,
        messages: [
          assistant(text('Earlier')),
          assistant({ type: 'thinking', text: 'another vendor' }, call),
          user(text('and?')),
          user(result),
        ],
        tools: [{ name: 'f', parameters: { type: 'object' } }],
      },
      {
        model: 'claude-sonnet-4',
        max_tokens: 100,
        tools: [{ name: 'f', input_schema: { type: 'object' } }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: '.' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Earlier' },
              { type: 'tool_use', id: 'call_1', name: 'f', input: { a: 1 } },
            ],
          },
          {
            // Tool results lead the merged user turn.
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'ok' }] },
              { type: 'text', text: 'and?' },
            ],
          },
        ],
      },
    ],
    [
      'tool calls in the history without tools declare them, with tool_choice none',
      {
        messages: [
          user(text('q')),
          assistant(call),
          user(result),
          assistant(text('done')),
          user(text('sum up')),
        ],
      },
      {
        tools: [{ name: 'f', input_schema: { type: 'object' } }],
        tool_choice: { type: 'none' },
      },
    ],
    [
      'an empty conversation gets the "." user turn',
      { system: [{ type: 'text', text: 'Only a system prompt' }] },
      { messages: [{ role: 'user', content: [{ type: 'text', text: '.' }] }] },
    ],
    [
      'a prefill loses its trailing whitespace and, without thinking, its thinking',
      { messages: [user(text('Say hi')), assistant(signed, text('Hi '))] },
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Say hi' }] },
          { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] },
        ],
      },
    ],
    [
      'explicitly disabled reasoning',
      { reasoning: { enabled: false }, messages: [user(text('x'))] },
      { thinking: { type: 'disabled' } },
    ],
  ])('%s', (_name, request, expected) => {
    expect(encode(request)).toMatchObject(expected);
  });

  it.each<[string, Partial<CanonicalRequest>, Record<string, unknown>]>([
    [
      'effort medium → 8192, max_tokens raised above it, sampling dropped',
      { maxTokens: 1000, temperature: 1, topK: 5, reasoning: { effort: 'medium' } },
      { thinking: { type: 'enabled', budget_tokens: 8192 }, max_tokens: 9192 },
    ],
    [
      'a budget below Claude minimum is raised to 1024',
      { maxTokens: 8000, reasoning: { enabled: true, budgetTokens: 300 } },
      { thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 8000 },
    ],
    [
      'enabled without budget or effort → medium',
      { reasoning: { enabled: true } },
      { thinking: { type: 'enabled', budget_tokens: 8192 }, max_tokens: 4096 + 8192 },
    ],
  ])('thinking: %s', (_name, request, expected) => {
    const body = encode({ ...request, messages: [user(text('x'))] });
    expect(body).toMatchObject(expected);
    expect([body.temperature, body.top_p, body.top_k]).toEqual([undefined, undefined, undefined]);
  });

  it('keeps thinking when the turn in progress opens with signed thinking, and moves thinking first', () => {
    const body = encode({
      reasoning: { effort: 'low' },
      messages: [user(text('q')), assistant(call), assistant(signed), user(result)],
      tools: [{ name: 'f', parameters: { type: 'object' } }],
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(body.messages[1]?.content.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
  });

  it.each<[string, CanonicalRequest['toolChoice']]>([
    ['any tool', { type: 'required' }],
    ['a named tool', { type: 'tool', name: 'f' }],
  ])('leaves thinking off when the tool choice forces %s (Claude would refuse)', (_name, toolChoice) => {
    const body = encode({
      reasoning: { effort: 'high' },
      toolChoice,
      messages: [user(text('q'))],
      tools: [{ name: 'f', parameters: { type: 'object' } }],
    });
    expect(body.thinking).toBeUndefined();
    expect(body.tool_choice).toMatchObject({ type: toolChoice?.type === 'tool' ? 'tool' : 'any' });
  });

  it('leaves thinking off when the turn in progress has tool calls without signed thinking (Claude would refuse)', () => {
    const body = encode({
      reasoning: { effort: 'high' },
      temperature: 0.5,
      messages: [user(text('q')), assistant({ type: 'thinking', text: 'unsigned' }, call), user(result)],
      tools: [{ name: 'f', parameters: { type: 'object' } }],
    });
    expect(body.thinking).toBeUndefined();
    expect(body.temperature).toBe(0.5);
  });

  it.each<[string, Partial<CanonicalRequest>, unknown]>([
    ['auto', { toolChoice: { type: 'auto' } }, { type: 'auto' }],
    ['required', { toolChoice: { type: 'required' } }, { type: 'any' }],
    [
      'none (parallel flag not allowed)',
      { toolChoice: { type: 'none' }, parallelToolCalls: false },
      { type: 'none' },
    ],
    [
      'a named tool, one call at a time',
      { toolChoice: { type: 'tool', name: 'f' }, parallelToolCalls: false },
      { type: 'tool', name: 'f', disable_parallel_tool_use: true },
    ],
    [
      'only no parallel calls',
      { parallelToolCalls: false },
      { type: 'auto', disable_parallel_tool_use: true },
    ],
    ['nothing', {}, undefined],
  ])('tool choice: %s', (_name, request, expected) => {
    const body = encode({
      ...request,
      messages: [user(text('x'))],
      tools: [{ name: 'f', description: 'F', parameters: { properties: {} } }],
    });
    expect(body.tool_choice).toEqual(expected);
    // A schema without a type becomes an object schema.
    expect(body.tools).toEqual([
      { name: 'f', description: 'F', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('encodes media: data URLs as base64, URLs as URLs, PDFs and text as documents, others dropped', () => {
    const body = encode({
      messages: [
        user(
          { type: 'image', source: { kind: 'url', url: 'data:image/png;base64,AAAA' } },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, detail: 'high' },
          { type: 'image', source: { kind: 'file_id', fileId: 'file-1' } },
          {
            type: 'file',
            source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBE' },
            filename: 'a.pdf',
          },
          { type: 'file', source: { kind: 'base64', mediaType: 'text/plain', data: 'aGVsbG8=' } },
          { type: 'file', source: { kind: 'base64', mediaType: 'application/zip', data: 'UEsD' } },
          { type: 'audio', source: { kind: 'base64', mediaType: 'audio/wav', data: 'UklG' }, format: 'wav' },
          {
            type: 'tool_result',
            toolCallId: 'call_1',
            content: [{ type: 'image', source: { kind: 'base64', mediaType: 'image/jpeg', data: '/9j/' } }],
            isError: true,
          },
          { type: 'tool_result', toolCallId: 'call_2', content: [] },
        ),
      ],
    });
    expect(body.messages[0]?.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'call_1',
        content: [{ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/' } }],
        is_error: true,
      },
      { type: 'tool_result', tool_use_id: 'call_2' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' },
        title: 'a.pdf',
      },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello' } },
    ]);
  });

  it('keeps cache markers by sending the system as blocks when one has a marker', () => {
    const body = encode({
      system: [
        { type: 'text', text: 'A', cacheControl: { type: 'ephemeral' } },
        { type: 'text', text: '' },
      ],
      messages: [user(text('x'))],
    });
    expect(body.system).toEqual([{ type: 'text', text: 'A', cache_control: { type: 'ephemeral' } }]);
  });
});
