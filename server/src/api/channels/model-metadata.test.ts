import { describe, expect, it } from 'vitest';
import { modelDescriptions } from './model-metadata.ts';

describe('modelDescriptions', () => {
  it.each([
    [
      'OpenRouter',
      {
        data: [
          {
            id: 'openai/gpt-4o',
            name: 'OpenAI: GPT-4o',
            created: 1715558400,
            description: 'Omni model',
            context_length: 128000,
            architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] },
            top_provider: { max_completion_tokens: 16384 },
            pricing: { prompt: '0.0000025' },
          },
          { id: 'bare/model', name: 'Bare', context_length: null, architecture: {} },
        ],
      },
      {
        'openai/gpt-4o': {
          description: 'Omni model',
          context_length: 128000,
          max_output_tokens: 16384,
          input_modalities: 'text,image',
          output_modalities: 'text',
          release_date: '2024-05-13',
        },
        'bare/model': { description: 'Bare' },
      },
    ],
    [
      'Gemini',
      {
        models: [
          {
            name: 'models/gemini-2.5-pro',
            displayName: 'Gemini 2.5 Pro',
            description: 'Our most capable model',
            inputTokenLimit: 1048576,
            outputTokenLimit: 65536,
          },
          { name: 'models/embedding-001', displayName: 'Embedding 001' },
          { name: 'models/nothing' },
        ],
      },
      {
        'gemini-2.5-pro': {
          description: 'Our most capable model',
          context_length: 1048576,
          max_output_tokens: 65536,
        },
        'embedding-001': { description: 'Embedding 001' },
      },
    ],
    [
      'Anthropic',
      {
        data: [
          {
            type: 'model',
            id: 'claude-sonnet-4-20250514',
            display_name: 'Claude Sonnet 4',
            created_at: '2025-05-22T00:00:00Z',
          },
        ],
        has_more: false,
      },
      { 'claude-sonnet-4-20250514': { description: 'Claude Sonnet 4', release_date: '2025-05-22' } },
    ],
    [
      'OpenAI (nothing to describe)',
      { object: 'list', data: [{ id: 'gpt-4o', object: 'model', created: 1715367049, owned_by: 'system' }] },
      {},
    ],
    [
      'wrong types and junk',
      {
        data: [
          { id: 'x', description: 42, context_length: -5, architecture: { input_modalities: 'text' } },
          { id: '' },
          'string entry',
          null,
          { id: 'y', context_length: 3_000_000_000 },
        ],
      },
      {},
    ],
    ['not an object', ['a', 'b'], {}],
  ])('%s', (_name, reply, expected) => {
    expect(Object.fromEntries(modelDescriptions(reply))).toEqual(expected);
  });
});
