import { describe, expect, it } from 'vitest';
import {
  applyGeminiImagine,
  applyUpstreamSettings,
  claudeDefaultMaxTokens,
  claudeModelHeaders,
  geminiVersion,
  type ProviderSettings,
  upstreamTuning,
} from './upstream-settings.ts';

const defaults: Record<string, string> = {
  'claude.thinking_adapter_enabled': 'true',
  'claude.thinking_adapter_budget_tokens_percentage': '0.8',
  'claude.default_max_tokens': '{"default": 8192}',
  'claude.model_headers_settings': '{}',
  'gemini.thinking_adapter_enabled': 'false',
  'gemini.thinking_adapter_budget_tokens_percentage': '0.6',
  'gemini.safety_settings': '{"default": "OFF"}',
  'gemini.version_settings': '{"default": "v1beta"}',
  'gemini.supported_imagine_models': '["gemini-2.0-flash-exp"]',
};

function settings(overrides: Record<string, string> = {}): ProviderSettings {
  const values = { ...defaults, ...overrides };
  return {
    getJson: <T>(key: string) => JSON.parse(values[key] ?? 'null') as T,
    getBoolean: (key) => values[key] === 'true',
    getNumber: (key) => Number(values[key] ?? 0),
  };
}

const geminiOn = { 'gemini.thinking_adapter_enabled': 'true' };

describe('upstreamTuning (model-name thinking suffixes)', () => {
  it.each([
    ['claude', 'claude-3-7-sonnet-thinking', {}, 'claude-3-7-sonnet', { kind: 'thinking' }],
    ['claude', 'claude-3-7-sonnet', {}, 'claude-3-7-sonnet', null],
    [
      'claude',
      'claude-3-7-sonnet-thinking',
      { 'claude.thinking_adapter_enabled': 'false' },
      'claude-3-7-sonnet-thinking',
      null,
    ],
    ['claude', 'claude-x-nothinking', {}, 'claude-x-nothinking', null],
    ['gemini', 'gemini-2.5-flash-thinking', {}, 'gemini-2.5-flash-thinking', null],
    ['gemini', 'gemini-2.5-flash-thinking', geminiOn, 'gemini-2.5-flash', { kind: 'thinking' }],
    [
      'gemini',
      'gemini-2.5-flash-thinking-512',
      geminiOn,
      'gemini-2.5-flash',
      { kind: 'thinking', budget: 512 },
    ],
    ['gemini', 'gemini-2.5-flash-nothinking', geminiOn, 'gemini-2.5-flash', { kind: 'nothinking' }],
    ['openai-chat', 'o3-thinking', geminiOn, 'o3-thinking', null],
    ['claude', '-thinking', {}, '-thinking', null],
  ] as const)('%s %s', (target, model, overrides, expectedModel, thinking) => {
    expect(upstreamTuning(target, model, settings(overrides))).toEqual({ model: expectedModel, thinking });
  });

  it('reads nothing without settings', () => {
    expect(upstreamTuning('claude', 'claude-thinking', undefined)).toEqual({
      model: 'claude-thinking',
      thinking: null,
    });
  });
});

describe('applyUpstreamSettings for Claude', () => {
  it.each([
    // [body before, thinking?, body after]
    [{ max_tokens: 100 }, false, { max_tokens: 100 }],
    [{}, false, { max_tokens: 8192 }],
    // The sampling Claude refuses beside thinking is dropped afterwards by its rules (rules/claude.ts).
    [
      { max_tokens: 10_000, temperature: 0.3, top_k: 5 },
      true,
      { max_tokens: 10_000, temperature: 0.3, top_k: 5, thinking: { type: 'enabled', budget_tokens: 8000 } },
    ],
    [{ max_tokens: 500 }, true, { max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 } }],
  ])('%j (thinking %s)', (before, thinking, after) => {
    const body: Record<string, unknown> = { ...before };
    applyUpstreamSettings(
      'claude',
      body,
      { model: 'm', thinking: thinking ? { kind: 'thinking' } : null },
      settings(),
    );
    expect(body).toEqual(after);
  });

  it('takes default max_tokens per model, then the default', () => {
    const configured = settings({ 'claude.default_max_tokens': '{"default": 8192, "claude-3-haiku": 4096}' });
    expect(claudeDefaultMaxTokens('claude-3-haiku', configured)).toBe(4096);
    expect(claudeDefaultMaxTokens('claude-sonnet-4', configured)).toBe(8192);
    expect(claudeDefaultMaxTokens('x', undefined)).toBe(8192);
  });

  it('adds the configured headers of a model', () => {
    const configured = settings({
      'claude.model_headers_settings':
        '{"claude-3-7-sonnet": {"anthropic-beta": ["output-128k-2025-02-19", "x"]}}',
    });
    expect(claudeModelHeaders('claude-3-7-sonnet', configured)).toEqual({
      'anthropic-beta': 'output-128k-2025-02-19,x',
    });
    expect(claudeModelHeaders('other', configured)).toEqual({});
  });
});

describe('applyUpstreamSettings for Gemini', () => {
  const all = (threshold: string) =>
    [
      'HARM_CATEGORY_HARASSMENT',
      'HARM_CATEGORY_HATE_SPEECH',
      'HARM_CATEGORY_SEXUALLY_EXPLICIT',
      'HARM_CATEGORY_DANGEROUS_CONTENT',
      'HARM_CATEGORY_CIVIC_INTEGRITY',
    ].map((category) => ({ category, threshold }));

  it('adds the safety settings when the client sent none, per category or default', () => {
    const body: Record<string, unknown> = {};
    applyUpstreamSettings('gemini', body, { model: 'g', thinking: null }, settings());
    expect(body.safetySettings).toEqual(all('OFF'));
    const mixed: Record<string, unknown> = {};
    applyUpstreamSettings(
      'gemini',
      mixed,
      { model: 'g', thinking: null },
      settings({
        'gemini.safety_settings': '{"default": "BLOCK_NONE", "HARM_CATEGORY_HARASSMENT": "BLOCK_ONLY_HIGH"}',
      }),
    );
    expect((mixed.safetySettings as { threshold: string }[]).map((entry) => entry.threshold)).toEqual([
      'BLOCK_ONLY_HIGH',
      'BLOCK_NONE',
      'BLOCK_NONE',
      'BLOCK_NONE',
      'BLOCK_NONE',
    ]);
    const own = {
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }],
    };
    applyUpstreamSettings('gemini', own, { model: 'g', thinking: null }, settings());
    expect(own.safetySettings).toHaveLength(1);
  });

  it.each([
    [
      { kind: 'thinking' as const },
      { maxOutputTokens: 1000 },
      { includeThoughts: true, thinkingBudget: 600 },
    ],
    [{ kind: 'thinking' as const }, {}, { includeThoughts: true, thinkingBudget: -1 }],
    [{ kind: 'thinking' as const, budget: 100_000 }, {}, { includeThoughts: true, thinkingBudget: 24_576 }],
    [{ kind: 'nothinking' as const }, { temperature: 1 }, { thinkingBudget: 0 }],
  ])('thinking %j with %j', (thinking, config, thinkingConfig) => {
    const body: Record<string, unknown> = { generationConfig: config };
    applyUpstreamSettings('gemini', body, { model: 'g', thinking }, settings(geminiOn));
    expect(body.generationConfig).toEqual({ ...config, thinkingConfig });
  });

  it('chooses the API version per model, refusing anything that is not a version', () => {
    const configured = settings({
      'gemini.version_settings': '{"default": "v1beta", "gemini-1.0-pro": "v1", "bad": "../x"}',
    });
    expect(geminiVersion('gemini-1.0-pro', configured)).toBe('v1');
    expect(geminiVersion('gemini-2.5-flash', configured)).toBe('v1beta');
    expect(geminiVersion('bad', configured)).toBe('v1beta');
    expect(geminiVersion('x', undefined)).toBe('v1beta');
  });
});

describe('applyGeminiImagine', () => {
  const both = ['TEXT', 'IMAGE'];
  const cases: Array<[string, Record<string, unknown>, string, unknown]> = [
    ['asks a listed model for text and images', {}, 'gemini-2.0-flash-exp', { responseModalities: both }],
    [
      'keeps the other generation settings',
      { generationConfig: { temperature: 0.5 } },
      'gemini-2.0-flash-exp',
      { temperature: 0.5, responseModalities: both },
    ],
    [
      'leaves modalities the body names',
      { generationConfig: { responseModalities: ['TEXT'] } },
      'gemini-2.0-flash-exp',
      { responseModalities: ['TEXT'] },
    ],
    ['matches names exactly, not by prefix', {}, 'gemini-2.0-flash-exp-0827', undefined],
    ['leaves other models alone', {}, 'gemini-2.5-flash', undefined],
  ];
  it.each(cases)('%s', (_name, body, model, expected) => {
    const sent = structuredClone(body);
    applyGeminiImagine(sent, model, settings());
    expect(sent.generationConfig).toEqual(expected);
  });
});
