import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CanonicalReply, CanonicalUsage, StopReason } from '../../canonical/types.ts';
import { canonicalReply, wholeUsage } from '../test-events.ts';
import { claudeCodec as codec } from './codec.ts';
import { claudeCountTokensReply, stopReasonFromClaude, stopReasonToClaude } from './reply.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

describe('Claude replies → canonical', () => {
  it('decodes a text reply stopped by a stop sequence', () => {
    expect(codec.decodeReply(fixture('reply-text.json'))).toEqual({
      id: 'msg_013Zva2CMHLNnXjNJJKqJ2EF',
      model: 'claude-sonnet-4-5-20250929',
      created: expect.any(Number),
      content: [{ type: 'text', text: 'Hi! My name is Claude.' }],
      stopReason: 'stop_sequence',
      stopSequence: '\n\nHuman:',
      usage: wholeUsage({ inputTokens: 2095, outputTokens: 503 }),
    } satisfies CanonicalReply);
  });

  it('decodes thinking, redacted thinking, text and parallel tool uses, cached input counted in', () => {
    const reply = codec.decodeReply(fixture('reply-tool-use.json'));
    expect(reply.content).toEqual([
      {
        type: 'thinking',
        text: 'The user wants the weather in two cities; I can look both up at once.',
        signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds',
      },
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' },
      { type: 'text', text: "I'll check both cities." },
      {
        type: 'tool_call',
        id: 'toolu_01A09q90qw90lq917835lq9',
        name: 'get_weather',
        arguments: '{"location":"San Francisco, CA","unit":"celsius"}',
      },
      {
        type: 'tool_call',
        id: 'toolu_01B7c2e3fA9d8XyZ1kLmN0pQ',
        name: 'get_weather',
        arguments: '{"location":"Paris, France"}',
      },
    ]);
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.usage).toEqual({
      inputTokens: 310 + 1200 + 4096,
      outputTokens: 198,
      cacheReadTokens: 4096,
      cacheWriteTokens: 1200,
      reasoningTokens: 0,
    });
  });

  it('encodes the decoded reply back to the same body', () => {
    const body = fixture('reply-tool-use.json');
    expect(codec.encodeReply(codec.decodeReply(body))).toEqual(body);
  });

  it.each<[string, unknown, RegExp]>([
    ['an OpenAI reply', { object: 'chat.completion', choices: [] }, /not a Claude message: expected/],
    [
      'a Claude error',
      fixture('error-overloaded.json'),
      /not a Claude message: the upstream answered an error: Overloaded/,
    ],
    ['a message without content', { type: 'message', id: 'msg_1' }, /not a Claude message/],
    ['text', 'Internal Server Error', /not a Claude message/],
  ])('throws on %s', (_name, body, message) => {
    expect(() => codec.decodeReply(body)).toThrow(message);
  });
});

describe('canonical → Claude replies', () => {
  const usage: CanonicalUsage = {
    inputTokens: 1000,
    outputTokens: 300,
    cacheReadTokens: 800,
    cacheWriteTokens: 50,
    reasoningTokens: 120,
  };

  it('renders a reply from another format: message id, usage without cached input, unsigned thinking', () => {
    expect(
      codec.encodeReply(
        canonicalReply(
          [
            { type: 'thinking', text: 'reasoning' },
            { type: 'text', text: 'Hello' },
            { type: 'tool_call', id: 'call_1', name: 'f', arguments: 'not json' },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/x.png' } },
          ],
          { id: 'chatcmpl-abc', model: 'gpt-4o', stopReason: 'content_filter', usage },
        ),
      ),
    ).toEqual({
      id: 'msg_abc',
      type: 'message',
      role: 'assistant',
      model: 'gpt-4o',
      content: [
        { type: 'thinking', thinking: 'reasoning', signature: '' },
        { type: 'text', text: 'Hello' },
        { type: 'tool_use', id: 'call_1', name: 'f', input: {} },
      ],
      stop_reason: 'refusal',
      stop_sequence: null,
      usage: {
        input_tokens: 150,
        cache_creation_input_tokens: 50,
        cache_read_input_tokens: 800,
        output_tokens: 300,
      },
    });
  });

  it('renders zero usage when the upstream reported none', () => {
    const body = codec.encodeReply(canonicalReply([]));
    expect(body).toMatchObject({
      usage: {
        input_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 0,
      },
    });
  });

  it.each<[string, StopReason]>([
    ['end_turn', 'end_turn'],
    ['max_tokens', 'max_tokens'],
    ['stop_sequence', 'stop_sequence'],
    ['tool_use', 'tool_use'],
    ['refusal', 'refusal'],
    ['pause_turn', 'end_turn'],
    ['model_context_window_exceeded', 'max_tokens'],
    ['something_new', 'end_turn'],
  ])('stop reason %s → %s', (claude, canonical) => {
    expect(stopReasonFromClaude(claude)).toBe(canonical);
  });

  it.each<[StopReason, string]>([
    ['end_turn', 'end_turn'],
    ['max_tokens', 'max_tokens'],
    ['stop_sequence', 'stop_sequence'],
    ['tool_use', 'tool_use'],
    ['refusal', 'refusal'],
    ['content_filter', 'refusal'],
  ])('stop reason %s → Claude %s', (canonical, claude) => {
    expect(stopReasonToClaude(canonical)).toBe(claude);
  });

  it('answers count_tokens as {input_tokens}', () => {
    expect(claudeCountTokensReply(1234)).toEqual({ input_tokens: 1234 });
    expect(claudeCountTokensReply(-3)).toEqual({ input_tokens: 0 });
  });
});
