import { describe, expect, it } from 'vitest';
import {
  geminiCountTokensReply,
  geminiEmbedReplyToOpenAi,
  geminiEmbedRequestToOpenAi,
  geminiModelsReply,
  openAiEmbedReplyToGemini,
  openAiEmbedRequestToGemini,
} from './codec.ts';

const float32Base64 = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString('base64');

describe('Gemini embeddings ↔ OpenAI embeddings', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'embedContent',
      {
        content: { parts: [{ text: 'What is life?' }] },
        taskType: 'RETRIEVAL_QUERY',
        outputDimensionality: 256,
      },
      { model: 'text-embedding-004', input: 'What is life?', dimensions: 256 },
    ],
    [
      'batchEmbedContents (snake_case)',
      {
        requests: [
          { model: 'models/text-embedding-004', content: { parts: [{ text: 'a' }, { text: 'b' }] } },
          {
            model: 'models/text-embedding-004',
            content: { parts: [{ text: 'c' }] },
            output_dimensionality: 8,
          },
        ],
      },
      { model: 'text-embedding-004', input: ['a\nb', 'c'] },
    ],
  ])('reads a %s request', (_, body, expected) => {
    expect(geminiEmbedRequestToOpenAi(body, 'text-embedding-004')).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no content', {}, 'content must be an object with parts'],
    ['no text', { content: { parts: [{ inlineData: {} }] } }, 'content has no text part'],
    ['empty requests', { requests: [] }, 'requests must not be empty'],
    ['a bad request', { requests: [{ content: { parts: [] } }] }, 'requests[0].content has no text part'],
  ])('refuses a request with %s', (_, body, message) => {
    expect(() => geminiEmbedRequestToOpenAi(body, 'm')).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining(message) }),
    );
  });

  it('writes OpenAI requests as embedContent or batchEmbedContents', () => {
    expect(
      openAiEmbedRequestToGemini({ model: 'x', input: 'hi', dimensions: 64 }, 'gemini-embedding-001'),
    ).toEqual({
      action: 'embedContent',
      body: { content: { parts: [{ text: 'hi' }] }, outputDimensionality: 64 },
    });
    expect(openAiEmbedRequestToGemini({ model: 'x', input: ['a', 'b'] }, 'gemini-embedding-001')).toEqual({
      action: 'batchEmbedContents',
      body: {
        requests: [
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'a' }] } },
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'b' }] } },
        ],
      },
    });
    expect(() => openAiEmbedRequestToGemini({ input: [[1, 2]] }, 'm')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });

  it('reads Gemini replies as OpenAI replies', () => {
    expect(geminiEmbedReplyToOpenAi({ embedding: { values: [0.1, 0.2] } }, 'm')).toEqual({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding: [0.1, 0.2] }],
      model: 'm',
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
    expect(
      geminiEmbedReplyToOpenAi(
        { embeddings: [{ values: [1] }, { values: [2] }], usageMetadata: { promptTokenCount: 4 } },
        'm',
      ),
    ).toMatchObject({
      data: [
        { index: 0, embedding: [1] },
        { index: 1, embedding: [2] },
      ],
      usage: { prompt_tokens: 4 },
    });
    expect(() => geminiEmbedReplyToOpenAi({ error: { message: 'x' } }, 'm')).toThrow(
      'not a Gemini embeddings reply',
    );
  });

  it('writes OpenAI replies (float or base64, any order) as Gemini replies', () => {
    const reply = {
      object: 'list',
      data: [
        { object: 'embedding', index: 1, embedding: float32Base64([0.5, -2]) },
        { object: 'embedding', index: 0, embedding: [0.25] },
      ],
    };
    expect(openAiEmbedReplyToGemini(reply, true)).toEqual({
      embeddings: [{ values: [0.25] }, { values: [0.5, -2] }],
    });
    expect(openAiEmbedReplyToGemini(reply, false)).toEqual({ embedding: { values: [0.25] } });
    expect(() => openAiEmbedReplyToGemini({ candidates: [] }, false)).toThrow(
      'not an OpenAI embeddings reply',
    );
  });
});

describe('Gemini models list and countTokens replies', () => {
  it('lists models with their generation methods', () => {
    expect(geminiModelsReply(['gemini-2.5-flash', 'gemini-embedding-001'])).toEqual({
      models: [
        {
          name: 'models/gemini-2.5-flash',
          baseModelId: 'gemini-2.5-flash',
          displayName: 'gemini-2.5-flash',
          supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
        },
        {
          name: 'models/gemini-embedding-001',
          baseModelId: 'gemini-embedding-001',
          displayName: 'gemini-embedding-001',
          supportedGenerationMethods: ['embedContent', 'batchEmbedContents'],
        },
      ],
    });
  });

  it('answers countTokens with totalTokens', () => {
    expect(geminiCountTokensReply(12.4)).toEqual({ totalTokens: 12 });
    expect(geminiCountTokensReply(-3)).toEqual({ totalTokens: 0 });
  });
});
