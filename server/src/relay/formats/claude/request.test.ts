import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CanonicalMessage, CanonicalRequest, ContentBlock } from '../../canonical/types.ts';
import { claudeCodec as codec } from './codec.ts';
import { hoistSystemMessages } from './request.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

const decode = (body: Record<string, unknown>, stream = false) =>
  codec.decodeRequest(body, { model: 'route-model', stream });

const user = (content: unknown) => ({ role: 'user', content });
/** A user message as decoded, and a text block. */
const decodedUser = (...content: ContentBlock[]): CanonicalMessage => ({ role: 'user', content });
const text = (value: string): ContentBlock => ({ type: 'text', text: value });

describe('Claude requests → canonical', () => {
  it('decodes a Claude Code request whole', () => {
    expect(decode(fixture('request-claude-code.json'))).toEqual({
      model: 'claude-sonnet-4-20250514',
      system: [
        {
          type: 'text',
          text: "You are Claude Code, Anthropic's official CLI for Claude.",
          cacheControl: { type: 'ephemeral' },
        },
        { type: 'text', text: 'Working directory: /home/dev/project' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this screenshot and this spec?' },
            {
              type: 'image',
              source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' },
            },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/diagram.jpg' } },
            {
              type: 'file',
              filename: 'spec.pdf',
              source: { kind: 'base64', mediaType: 'application/pdf', data: 'JVBERi0xLjQK' },
            },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'thinking',
              text: 'I should read both files.',
              signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
            },
            {
              type: 'redacted_thinking',
              data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP',
            },
            {
              type: 'tool_call',
              id: 'toolu_01A09q90qw90lq917835lq9',
              name: 'Read',
              arguments: '{"file_path":"/home/dev/project/README.md"}',
            },
            {
              type: 'tool_call',
              id: 'toolu_01B7c2e3fA9d8XyZ1kLmN0pQ',
              name: 'Read',
              arguments: '{"file_path":"/home/dev/project/missing.md"}',
            },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolCallId: 'toolu_01A09q90qw90lq917835lq9',
              content: [{ type: 'text', text: '# Project' }],
            },
            {
              type: 'tool_result',
              toolCallId: 'toolu_01B7c2e3fA9d8XyZ1kLmN0pQ',
              content: [{ type: 'text', text: 'File does not exist.' }],
              isError: true,
            },
            { type: 'text', text: 'Go on.', cacheControl: { type: 'ephemeral' } },
          ],
        },
      ],
      // The web_search server tool has no portable form.
      tools: [
        {
          name: 'Read',
          description: 'Reads a file from the local filesystem.',
          parameters: {
            type: 'object',
            properties: { file_path: { type: 'string' } },
            required: ['file_path'],
          },
        },
      ],
      toolChoice: { type: 'auto' },
      maxTokens: 32000,
      topK: 40,
      stopSequences: ['</answer>'],
      stream: true,
      reasoning: { enabled: true, includeThoughts: true, budgetTokens: 10000 },
      user: 'user_2f1c_account_9a8b_session_77',
    } satisfies CanonicalRequest);
  });

  it.each<[string, Record<string, unknown>, Partial<CanonicalRequest>]>([
    [
      'system string and sampling',
      { system: 'Be brief.', temperature: 0.2, top_p: 0.9, messages: [user('Hi')] },
      {
        model: 'route-model',
        system: [{ type: 'text', text: 'Be brief.' }],
        temperature: 0.2,
        topP: 0.9,
      },
    ],
    [
      'system entries inside messages keep their order after the top-level system',
      {
        system: 'A',
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'B' }] },
          user('Hi'),
          { role: 'system', content: 'C' },
        ],
      },
      {
        system: [
          { type: 'text', text: 'A' },
          { type: 'text', text: 'B' },
          { type: 'text', text: 'C' },
        ],
        messages: [decodedUser(text('Hi'))],
      },
    ],
    [
      'consecutive same-role messages merge',
      { messages: [user('a'), user([{ type: 'text', text: 'b' }])] },
      { messages: [decodedUser(text('a'), text('b'))] },
    ],
    [
      'tool_choice any without parallel calls',
      { tool_choice: { type: 'any', disable_parallel_tool_use: true }, messages: [user('x')] },
      { toolChoice: { type: 'required' }, parallelToolCalls: false },
    ],
    [
      'tool_choice tool',
      { tool_choice: { type: 'tool', name: 'Read' }, messages: [user('x')] },
      { toolChoice: { type: 'tool', name: 'Read' } },
    ],
    [
      'tool_choice none',
      { tool_choice: { type: 'none' }, messages: [user('x')] },
      { toolChoice: { type: 'none' } },
    ],
    [
      'thinking disabled',
      { thinking: { type: 'disabled' }, messages: [user('x')] },
      { reasoning: { enabled: false } },
    ],
    [
      'a plain-text document and a URL document',
      {
        messages: [
          user([
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Grass is green.' } },
            { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
          ]),
        ],
      },
      {
        messages: [
          decodedUser(text('Grass is green.'), {
            type: 'file',
            source: { kind: 'url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
          }),
        ],
      },
    ],
  ])('%s', (_name, body, expected) => {
    expect(decode(body)).toMatchObject(expected);
  });

  it('takes the model and stream from the route when the body has none', () => {
    const request = decode({ messages: [user('Hi')] }, true);
    expect([request.model, request.stream, request.maxTokens]).toEqual(['route-model', true, undefined]);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ messages: [] }, 'messages: at least one message is required'],
    [{ messages: 'hi' }, 'messages: at least one message is required'],
    [{ messages: ['hi'] }, 'messages.0 must be an object'],
    [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages.0.role must be user or assistant, not "tool"'],
    [{ messages: [user(42)] }, 'messages.0.content must be a string or an array of content blocks'],
    [{ max_tokens: 0, messages: [user('x')] }, 'max_tokens must be a positive integer'],
    [{ max_tokens: '100', messages: [user('x')] }, 'max_tokens must be a positive integer'],
    [{ system: 5, messages: [user('x')] }, 'system must be a string or an array of text blocks'],
    [{ tools: {}, messages: [user('x')] }, 'tools must be an array'],
    [{ tools: [{ input_schema: {} }], messages: [user('x')] }, 'tools.0.name is required'],
    [{ tool_choice: { type: 'tool' }, messages: [user('x')] }, 'tool_choice.name is required'],
    [
      { tool_choice: { type: 'maybe' }, messages: [user('x')] },
      'tool_choice.type must be auto, any, tool or none',
    ],
  ])('refuses a bad body with a 400: %j', (body, message) => {
    expect(() => decode(body)).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_request', message }),
    );
  });
});

describe('hoistSystemMessages (pass-through to Claude)', () => {
  it('moves system entries to the end of the top-level system, cache markers kept', () => {
    const marked = { type: 'text', text: 'B', cache_control: { type: 'ephemeral' } };
    expect(
      hoistSystemMessages({
        system: 'A',
        messages: [{ role: 'system', content: [marked] }, user('Hi'), { role: 'system', content: 'C' }],
      }),
    ).toEqual({
      system: [{ type: 'text', text: 'A' }, marked, { type: 'text', text: 'C' }],
      messages: [user('Hi')],
    });
  });

  it('leaves a body without system entries untouched', () => {
    const body = { system: 'A', messages: [user('Hi')] };
    expect(hoistSystemMessages(body)).toBe(body);
  });
});
