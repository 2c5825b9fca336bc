/**
 * Reasoning across every format pair (docs/formats.md, "Reasoning"): a client body of each format decoded
 * and encoded for each upstream format, table by table — OpenAI `reasoning_effort`, Responses
 * `reasoning.effort`/`summary`, Claude `thinking` (enabled with a budget, adaptive, disabled, `display`)
 * and `output_config.effort`, Gemini `thinkingConfig` (budget, dynamic -1, level, includeThoughts).
 */
import { describe, expect, it } from 'vitest';
import type { FormatCodec, WireFormat } from '../canonical/codec.ts';
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

/** A minimal body of each client format around the reasoning fields of a case. */
const bodies: Record<WireFormat, (fields: Json) => Json> = {
  'openai-chat': (fields) => ({ model: 'm', messages: [{ role: 'user', content: 'Hi' }], ...fields }),
  'openai-responses': (fields) => ({ model: 'm', input: 'Hi', ...fields }),
  claude: (fields) => ({
    model: 'm',
    max_tokens: 4096,
    messages: [{ role: 'user', content: 'Hi' }],
    ...fields,
  }),
  gemini: (fields) => ({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: fields }),
};

/** The reasoning fields of an upstream body of each format. */
const reasoningOf: Record<WireFormat, (body: Json) => unknown> = {
  'openai-chat': (body) => body.reasoning_effort,
  'openai-responses': (body) => body.reasoning,
  claude: (body) => ({
    thinking: body.thinking,
    effort: (body.output_config as Json | undefined)?.effort,
  }),
  gemini: (body) => (body.generationConfig as Json | undefined)?.thinkingConfig,
};

function convert(client: WireFormat, fields: Json, upstream: WireFormat): unknown {
  const request = codecs[client].decodeRequest(bodies[client](fields), { model: 'm', stream: false });
  return reasoningOf[upstream](codecs[upstream].encodeRequest(request));
}

interface Case {
  name: string;
  client: WireFormat;
  fields: Json;
  /** What each upstream format gets. */
  expected: Partial<Record<WireFormat, unknown>>;
}

const budget = (budget_tokens: number) => ({
  thinking: { type: 'enabled', budget_tokens },
  effort: undefined,
});
const noThinking = { thinking: undefined, effort: undefined };

const cases: Case[] = [
  {
    name: 'an OpenAI effort',
    client: 'openai-chat',
    fields: { reasoning_effort: 'low' },
    expected: {
      'openai-chat': 'low',
      'openai-responses': { effort: 'low' },
      claude: budget(1024),
      gemini: { thinkingBudget: 1024 },
    },
  },
  {
    name: 'OpenAI minimal (Claude starts at low)',
    client: 'openai-chat',
    fields: { reasoning_effort: 'minimal' },
    expected: {
      'openai-responses': { effort: 'minimal' },
      claude: budget(1024),
      gemini: { thinkingBudget: 512 },
    },
  },
  {
    name: 'OpenAI xhigh',
    client: 'openai-chat',
    fields: { reasoning_effort: 'xhigh' },
    expected: {
      'openai-responses': { effort: 'xhigh' },
      claude: budget(32768),
      gemini: { thinkingBudget: 32768 },
    },
  },
  {
    name: 'OpenAI none (reasoning off)',
    client: 'openai-chat',
    fields: { reasoning_effort: 'none' },
    expected: {
      'openai-chat': undefined,
      'openai-responses': undefined,
      claude: { thinking: { type: 'disabled' }, effort: undefined },
      gemini: { thinkingBudget: 0 },
    },
  },
  {
    name: 'a Responses effort with a summary',
    client: 'openai-responses',
    fields: { reasoning: { effort: 'high', summary: 'auto' } },
    expected: {
      'openai-chat': 'high',
      'openai-responses': { effort: 'high', summary: 'auto' },
      claude: budget(24576),
      gemini: { thinkingBudget: 24576, includeThoughts: true },
    },
  },
  {
    name: 'Claude thinking with a budget',
    client: 'claude',
    fields: { thinking: { type: 'enabled', budget_tokens: 2048 } },
    expected: {
      'openai-chat': 'low',
      'openai-responses': { effort: 'low', summary: 'auto' },
      claude: budget(2048),
      gemini: { thinkingBudget: 2048, includeThoughts: true },
    },
  },
  {
    name: "Claude Code's adaptive thinking with output_config.effort",
    client: 'claude',
    fields: { thinking: { type: 'adaptive' }, output_config: { effort: 'high' } },
    expected: {
      'openai-chat': 'high',
      'openai-responses': { effort: 'high', summary: 'auto' },
      claude: { thinking: { type: 'adaptive' }, effort: 'high' },
      gemini: { thinkingBudget: 24576, includeThoughts: true },
    },
  },
  {
    name: 'Claude max effort (OpenAI stops at xhigh)',
    client: 'claude',
    fields: { thinking: { type: 'adaptive' }, output_config: { effort: 'max' } },
    expected: {
      'openai-chat': 'xhigh',
      'openai-responses': { effort: 'xhigh', summary: 'auto' },
      claude: { thinking: { type: 'adaptive' }, effort: 'max' },
      gemini: { thinkingBudget: 65536, includeThoughts: true },
    },
  },
  {
    name: 'Claude adaptive thinking without an effort (Gemini: dynamic)',
    client: 'claude',
    fields: { thinking: { type: 'adaptive' } },
    expected: {
      'openai-chat': 'medium',
      'openai-responses': { effort: 'medium', summary: 'auto' },
      claude: { thinking: { type: 'adaptive' }, effort: undefined },
      gemini: { thinkingBudget: -1, includeThoughts: true },
    },
  },
  {
    name: 'Claude thinking with its display omitted',
    client: 'claude',
    fields: { thinking: { type: 'adaptive', display: 'omitted' }, output_config: { effort: 'low' } },
    expected: {
      'openai-responses': { effort: 'low' },
      gemini: { thinkingBudget: 1024, includeThoughts: false },
    },
  },
  {
    name: 'Claude thinking disabled',
    client: 'claude',
    fields: { thinking: { type: 'disabled' } },
    expected: { 'openai-chat': undefined, gemini: { thinkingBudget: 0 } },
  },
  {
    name: "Gemini's dynamic budget",
    client: 'gemini',
    fields: { thinkingConfig: { thinkingBudget: -1, includeThoughts: true } },
    expected: {
      'openai-chat': 'medium',
      'openai-responses': { effort: 'medium', summary: 'auto' },
      claude: { thinking: { type: 'adaptive' }, effort: undefined },
      gemini: { thinkingBudget: -1, includeThoughts: true },
    },
  },
  {
    name: 'a Gemini budget',
    client: 'gemini',
    fields: { thinkingConfig: { thinkingBudget: 4096 } },
    expected: { 'openai-chat': 'medium', claude: budget(4096), gemini: { thinkingBudget: 4096 } },
  },
  {
    name: 'a Gemini thinking level',
    client: 'gemini',
    fields: { thinkingConfig: { thinkingLevel: 'LOW' } },
    expected: {
      'openai-chat': 'low',
      'openai-responses': { effort: 'low' },
      claude: budget(1024),
      gemini: { thinkingBudget: 1024 },
    },
  },
  {
    name: 'Gemini thinking off',
    client: 'gemini',
    fields: { thinkingConfig: { thinkingBudget: 0 } },
    expected: {
      'openai-chat': undefined,
      claude: { thinking: { type: 'disabled' }, effort: undefined },
    },
  },
  {
    name: 'no reasoning asked',
    client: 'claude',
    fields: {},
    expected: {
      'openai-chat': undefined,
      'openai-responses': undefined,
      claude: noThinking,
      gemini: undefined,
    },
  },
];

describe.each(cases)('$name ($client)', ({ client, fields, expected }) => {
  it.each(Object.entries(expected))('reaches %s as it should', (upstream, wanted) => {
    expect(convert(client, fields, upstream as WireFormat)).toEqual(wanted);
  });
});

describe('reasoning beside other settings', () => {
  it('adaptive thinking drops sampling settings toward Claude, as thinking does', () => {
    const request = geminiCodec.decodeRequest(
      bodies.gemini({ temperature: 0.3, thinkingConfig: { thinkingBudget: -1 } }),
      { model: 'm', stream: false },
    );
    const body = claudeCodec.encodeRequest(request);
    expect(body.thinking).toEqual({ type: 'adaptive' });
    expect(body.temperature).toBeUndefined();
  });

  it('Claude thinking is not sent beside a forced tool choice (Claude refuses both)', () => {
    const request = openAiChatCodec.decodeRequest(
      bodies['openai-chat']({
        reasoning_effort: 'high',
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
        tool_choice: 'required',
      }),
      { model: 'm', stream: false },
    );
    const body = claudeCodec.encodeRequest(request);
    expect(body.thinking).toBeUndefined();
    expect(body.tool_choice).toEqual({ type: 'any' });
  });
});
