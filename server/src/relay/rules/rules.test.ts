/**
 * The upstream rules, one row each (docs/formats.md "Upstream rules"): the body a client format produced,
 * the model, and what the upstream is sent instead, with what the log row says.
 */
import { describe, expect, it } from 'vitest';
import { claudeRefusal } from '../../test-support/strict/claude-strict.ts';
import { geminiRefusal } from '../../test-support/strict/gemini-strict.ts';
import {
  openAiChatRefusal,
  openAiResponsesRefusal,
  type StrictRefusal,
} from '../../test-support/strict/openai-strict.ts';
import type { UpstreamFormat } from '../canonical/codec.ts';
import { claudeVersion } from '../formats/claude/models.ts';
import { applyUpstreamRules } from './index.ts';

interface Row {
  rule: string;
  target: UpstreamFormat;
  model: string;
  body: Record<string, unknown>;
  sent: Record<string, unknown>;
  changes: string[] | null;
  /** The vendor refuses the body as it came (the strict upstream says so too). */
  refused?: true;
}

const rows: Row[] = [
  // OpenAI reasoning models (new-api's OpenAI adaptor; OpenAI: "Use 'max_completion_tokens' instead").
  {
    rule: 'gpt-5 takes max_completion_tokens and no sampling parameters',
    refused: true,
    target: 'openai-chat',
    model: 'gpt-5',
    body: { max_tokens: 100, temperature: 0.2, top_p: 0.9, presence_penalty: 1, stream: true },
    sent: { max_completion_tokens: 100, stream: true },
    changes: [
      'max_tokens → max_completion_tokens',
      'temperature dropped',
      'top_p dropped',
      'presence_penalty dropped',
    ],
  },
  {
    rule: 'an o-series model too, and a given max_completion_tokens wins over max_tokens',
    refused: true,
    target: 'openai-chat',
    model: 'o4-mini-2025-04-16',
    body: { max_tokens: 100, max_completion_tokens: 50, logprobs: true },
    sent: { max_completion_tokens: 50 },
    changes: ['max_tokens dropped', 'logprobs dropped'],
  },
  {
    rule: 'gpt-5.1 and provider-prefixed names are reasoning models',
    target: 'openai-chat',
    model: 'openai/gpt-5.1-codex',
    body: { max_tokens: 10, temperature: 1 },
    sent: { max_completion_tokens: 10 },
    changes: ['max_tokens → max_completion_tokens', 'temperature dropped'],
  },
  {
    rule: 'a gpt-5 chat model keeps its sampling parameters',
    target: 'openai-chat',
    model: 'gpt-5-chat-latest',
    body: { max_tokens: 10, temperature: 0.5 },
    sent: { max_completion_tokens: 10, temperature: 0.5 },
    changes: ['max_tokens → max_completion_tokens'],
  },
  {
    rule: 'other OpenAI models are left alone',
    target: 'openai-chat',
    model: 'gpt-4o-mini',
    body: { max_tokens: 10, temperature: 0.5, top_p: 0.5 },
    sent: { max_tokens: 10, temperature: 0.5, top_p: 0.5 },
    changes: null,
  },
  {
    rule: 'a chat model that does not reason: no effort, a completion within its limit (Claude Code on gpt-4o)',
    refused: true,
    target: 'openai-chat',
    model: 'gpt-4o',
    body: { max_tokens: 32_000, reasoning_effort: 'high', stream: true },
    sent: { max_tokens: 16_384, stream: true },
    changes: ['reasoning_effort dropped', 'max_tokens 32000 → 16384'],
  },
  {
    rule: 'the Responses API of a model that does not reason: no effort, max_output_tokens within its limit',
    refused: true,
    target: 'openai-responses',
    model: 'gpt-4.1-mini',
    body: { max_output_tokens: 50_000, reasoning: { effort: 'low', summary: 'auto' } },
    sent: { max_output_tokens: 32_768, reasoning: { summary: 'auto' } },
    changes: ['reasoning.effort dropped', 'max_output_tokens 50000 → 32768'],
  },
  {
    rule: 'models that only start with o are not o-series',
    target: 'openai-chat',
    model: 'open-mistral-7b',
    body: { max_tokens: 10, temperature: 0.5 },
    sent: { max_tokens: 10, temperature: 0.5 },
    changes: null,
  },
  {
    rule: 'an effort the model does not take becomes the nearest it does (o3: low to high)',
    refused: true,
    target: 'openai-chat',
    model: 'o3',
    body: { reasoning_effort: 'minimal' },
    sent: { reasoning_effort: 'low' },
    changes: ['reasoning_effort "minimal" → "low"'],
  },
  {
    rule: 'xhigh only from gpt-5.1-codex-max and gpt-5.2 on',
    refused: true,
    target: 'openai-chat',
    model: 'gpt-5-mini',
    body: { reasoning_effort: 'xhigh' },
    sent: { reasoning_effort: 'high' },
    changes: ['reasoning_effort "xhigh" → "high"'],
  },
  {
    rule: 'gpt-5.2 takes xhigh',
    target: 'openai-chat',
    model: 'gpt-5.2',
    body: { reasoning_effort: 'xhigh' },
    sent: { reasoning_effort: 'xhigh' },
    changes: null,
  },
  {
    rule: 'gpt-5.1 has no minimal effort: low, the nearer higher one',
    refused: true,
    target: 'openai-responses',
    model: 'gpt-5.1',
    body: { reasoning: { effort: 'minimal', summary: 'auto' } },
    sent: { reasoning: { effort: 'low', summary: 'auto' } },
    changes: ['reasoning.effort "minimal" → "low"'],
  },
  {
    rule: 'the Responses API of a reasoning model takes no sampling parameters',
    refused: true,
    target: 'openai-responses',
    model: 'gpt-5-mini',
    body: { max_output_tokens: 100, temperature: 0.2, top_p: 0.9 },
    sent: { max_output_tokens: 100 },
    changes: ['temperature dropped', 'top_p dropped'],
  },
  // Claude (Anthropic: "`temperature` and `top_p` cannot both be specified for this model").
  {
    rule: 'Sonnet 4.5 takes temperature or top_p, not both: temperature is kept',
    refused: true,
    target: 'claude',
    model: 'claude-sonnet-4-5-20250929',
    body: { max_tokens: 100, temperature: 0.2, top_p: 0.9 },
    sent: { max_tokens: 100, temperature: 0.2 },
    changes: ['top_p dropped'],
  },
  {
    rule: 'so do Haiku 4.5 and Opus 4.1, also as Bedrock and Vertex name them',
    refused: true,
    target: 'claude',
    model: 'anthropic.claude-opus-4-1-20250805-v1:0',
    body: { max_tokens: 100, temperature: 0.2, top_p: 0.9 },
    sent: { max_tokens: 100, temperature: 0.2 },
    changes: ['top_p dropped'],
  },
  {
    rule: 'Sonnet 4 takes both',
    target: 'claude',
    model: 'claude-sonnet-4-20250514',
    body: { max_tokens: 100, temperature: 0.2, top_p: 0.9 },
    sent: { max_tokens: 100, temperature: 0.2, top_p: 0.9 },
    changes: null,
  },
  {
    rule: 'thinking: budget at least 1024 and below max_tokens, temperature only 1, no top_k, top_p ≥ 0.95',
    refused: true,
    target: 'claude',
    model: 'claude-sonnet-4-20250514',
    body: {
      max_tokens: 500,
      thinking: { type: 'enabled', budget_tokens: 600 },
      temperature: 0.3,
      top_k: 5,
      top_p: 0.9,
    },
    sent: { max_tokens: 1524, thinking: { type: 'enabled', budget_tokens: 1024 } },
    changes: [
      'thinking.budget_tokens 600 → 1024',
      'max_tokens 500 → 1524',
      'temperature dropped',
      'top_k dropped',
      'top_p dropped',
    ],
  },
  {
    rule: 'thinking keeps temperature 1 and top_p 0.95',
    target: 'claude',
    model: 'claude-sonnet-4-20250514',
    body: {
      max_tokens: 5000,
      thinking: { type: 'enabled', budget_tokens: 2000 },
      temperature: 1,
      top_p: 0.95,
    },
    sent: {
      max_tokens: 5000,
      thinking: { type: 'enabled', budget_tokens: 2000 },
      temperature: 1,
      top_p: 0.95,
    },
    changes: null,
  },
  {
    rule: 'adaptive thinking before the 4.6 models becomes thinking with the budget of the effort',
    refused: true,
    target: 'claude',
    model: 'claude-sonnet-4-5-20250929',
    body: { max_tokens: 32_000, thinking: { type: 'adaptive' }, output_config: { effort: 'high' } },
    sent: {
      max_tokens: 32_000,
      thinking: { type: 'enabled', budget_tokens: 24_576 },
      output_config: { effort: 'high' },
    },
    changes: ['thinking "adaptive" → "enabled 24576"'],
  },
  {
    rule: 'the effort setting before the 4.5 models is dropped',
    refused: true,
    target: 'claude',
    model: 'claude-sonnet-4-20250514',
    body: { max_tokens: 30_000, thinking: { type: 'adaptive' }, output_config: { effort: 'low' } },
    sent: { max_tokens: 30_000, thinking: { type: 'enabled', budget_tokens: 1024 } },
    changes: ['thinking "adaptive" → "enabled 1024"', 'output_config.effort dropped'],
  },
  {
    rule: 'a 4.6 model takes adaptive thinking and its effort',
    target: 'claude',
    model: 'claude-opus-4-6',
    body: { max_tokens: 32_000, thinking: { type: 'adaptive' }, output_config: { effort: 'max' } },
    sent: { max_tokens: 32_000, thinking: { type: 'adaptive' }, output_config: { effort: 'max' } },
    changes: null,
  },
  {
    rule: "max_tokens above the model's largest output is lowered to it",
    refused: true,
    target: 'claude',
    model: 'claude-3-haiku-20240307',
    body: { max_tokens: 8192 },
    sent: { max_tokens: 4096 },
    changes: ['max_tokens 8192 → 4096'],
  },
  {
    rule: 'a lowered max_tokens keeps the thinking budget below it',
    refused: true,
    target: 'claude',
    model: 'claude-opus-4-1-20250805',
    body: { max_tokens: 40_000, thinking: { type: 'enabled', budget_tokens: 35_000 } },
    sent: { max_tokens: 32_000, thinking: { type: 'enabled', budget_tokens: 30_976 } },
    changes: ['max_tokens 40000 → 32000', 'thinking.budget_tokens 35000 → 30976'],
  },
  // Gemini thinking (Google's thinking guide; new-api's clampThinkingBudget).
  {
    rule: '2.5 Pro: budgets from 128 to 32768',
    refused: true,
    target: 'gemini',
    model: 'gemini-2.5-pro',
    body: {
      generationConfig: {
        maxOutputTokens: 100,
        thinkingConfig: { thinkingBudget: 60, includeThoughts: true },
      },
    },
    sent: {
      generationConfig: {
        maxOutputTokens: 100,
        thinkingConfig: { thinkingBudget: 128, includeThoughts: true },
      },
    },
    changes: ['thinkingBudget 60 → 128'],
  },
  {
    rule: '2.5 Pro cannot turn thinking off',
    refused: true,
    target: 'gemini',
    model: 'models/gemini-2.5-pro',
    body: { generationConfig: { thinkingConfig: { thinkingBudget: 0 } } },
    sent: { generationConfig: { thinkingConfig: { thinkingBudget: 128 } } },
    changes: ['thinkingBudget 0 → 128'],
  },
  {
    rule: '2.5 Pro: no more than 32768, and -1 (dynamic) is kept',
    refused: true,
    target: 'gemini',
    model: 'gemini-2.5-pro',
    body: { generationConfig: { thinkingConfig: { thinkingBudget: 50_000 } } },
    sent: { generationConfig: { thinkingConfig: { thinkingBudget: 32_768 } } },
    changes: ['thinkingBudget 50000 → 32768'],
  },
  {
    rule: '2.5 Flash-Lite: 0, or 512 to 24576',
    refused: true,
    target: 'gemini',
    model: 'gemini-2.5-flash-lite',
    body: { generationConfig: { thinkingConfig: { thinkingBudget: 60 } } },
    sent: { generationConfig: { thinkingConfig: { thinkingBudget: 512 } } },
    changes: ['thinkingBudget 60 → 512'],
  },
  {
    rule: '2.5 Flash: 0 stays off; snake_case bodies too',
    refused: true,
    target: 'gemini',
    model: 'gemini-2.5-flash',
    body: { generation_config: { thinking_config: { thinking_budget: 30_000 } } },
    sent: { generation_config: { thinking_config: { thinking_budget: 24_576 } } },
    changes: ['thinking_budget 30000 → 24576'],
  },
  {
    rule: 'Gemini 3 takes a level: a budget becomes the level it amounts to',
    target: 'gemini',
    model: 'gemini-3-pro-preview',
    body: { generationConfig: { thinkingConfig: { thinkingBudget: 24_576, includeThoughts: true } } },
    sent: { generationConfig: { thinkingConfig: { includeThoughts: true, thinkingLevel: 'high' } } },
    changes: ['thinkingBudget 24576 → "thinkingLevel high"'],
  },
  {
    rule: 'Gemini 3 cannot turn thinking off: the lowest level, without thoughts',
    refused: true,
    target: 'gemini',
    model: 'gemini-3-flash-preview',
    body: { generationConfig: { thinkingConfig: { thinkingBudget: 0 } } },
    sent: { generationConfig: { thinkingConfig: { thinkingLevel: 'minimal', includeThoughts: false } } },
    changes: ['thinkingBudget 0 → "thinkingLevel minimal"'],
  },
  {
    rule: 'Gemini 3 Pro has low and high only; a budget beside a level is dropped',
    refused: true,
    target: 'gemini',
    model: 'gemini-3-pro-preview',
    body: { generationConfig: { thinkingConfig: { thinkingLevel: 'medium', thinkingBudget: 100 } } },
    sent: { generationConfig: { thinkingConfig: { thinkingLevel: 'high' } } },
    changes: ['thinkingLevel "medium" → "high"', 'thinkingBudget dropped'],
  },
  {
    rule: 'other Gemini models are left alone',
    target: 'gemini',
    model: 'gemini-2.0-flash',
    body: { generationConfig: { thinkingConfig: { thinkingBudget: 60 } } },
    sent: { generationConfig: { thinkingConfig: { thinkingBudget: 60 } } },
    changes: null,
  },
];

/** What the strict test upstreams (written apart from the rules, from the vendors' docs) say of a body. */
function strictRefusal(
  target: UpstreamFormat,
  model: string,
  body: Record<string, unknown>,
): StrictRefusal | null {
  switch (target) {
    case 'openai-chat':
      return openAiChatRefusal({ ...body, model });
    case 'openai-responses':
      return openAiResponsesRefusal({ ...body, model });
    case 'claude':
      return claudeRefusal({ ...body, model });
    case 'gemini':
      return geminiRefusal(model, body);
    default:
      return null;
  }
}

describe('upstream rules', () => {
  it.each(rows)('$target $model: $rule', ({ target, model, body, sent, changes }) => {
    const copy = structuredClone(body);
    expect(applyUpstreamRules(target, model, copy)).toEqual(changes);
    expect(copy).toEqual(sent);
    // What the rules send, the strict upstreams take.
    expect(strictRefusal(target, model, sent)).toBeNull();
  });

  it.each(rows.filter((row) => row.refused))(
    'the strict upstream refuses the body as it came: $target $model',
    ({ target, model, body }) => {
      expect(strictRefusal(target, model, body)?.status).toBe(400);
    },
  );

  it('leave the provider dialects alone', () => {
    const body = { max_tokens: 10, temperature: 0.1 };
    expect(applyUpstreamRules('baidu', 'gpt-5', body)).toBeNull();
    expect(body).toEqual({ max_tokens: 10, temperature: 0.1 });
  });
});

describe('claudeVersion (shared with the Claude codec)', () => {
  it.each([
    ['claude-sonnet-4-5-20250929', { family: 'sonnet', major: 4, minor: 5 }],
    ['claude-sonnet-4-20250514', { family: 'sonnet', major: 4, minor: 0 }],
    ['claude-opus-4-1', { family: 'opus', major: 4, minor: 1 }],
    ['claude-haiku-4-5@20251001', { family: 'haiku', major: 4, minor: 5 }],
    ['claude-3-5-haiku-20241022', { family: 'haiku', major: 3, minor: 5 }],
    ['claude-3-haiku-20240307', { family: 'haiku', major: 3, minor: 0 }],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', { family: 'sonnet', major: 3, minor: 7 }],
    ['gpt-4o', null],
  ])('%s', (name, expected) => {
    expect(claudeVersion(name)).toEqual(expected);
  });
});
