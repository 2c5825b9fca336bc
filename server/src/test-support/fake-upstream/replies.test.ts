import { describe, expect, it } from 'vitest';
import { inspectChatChunk, inspectCompletionChunk } from '../../relay/formats/openai/stream.ts';
import { resolveBehavior } from './behavior.ts';
import { defaultErrorBody } from './error-replies.ts';
import {
  ChatStreamChunks,
  CompletionStreamChunks,
  chatCompletionBody,
  countWords,
  fakePromptTokens,
  planReply,
  replyContent,
} from './replies.ts';
import { embeddingInputs, fakeVector } from './resource-replies.ts';

const identity = { id: 'chatcmpl-fake000001', created: 1_700_000_000 };

describe('countWords and fakePromptTokens', () => {
  it.each([
    { text: '', expected: 0 },
    { text: 'one', expected: 1 },
    { text: '  one\ttwo\nthree  ', expected: 3 },
    { text: '你好 世界', expected: 2 },
    { text: 'a\u3000b', expected: 2 },
  ])('countWords($text) = $expected', ({ text, expected }) => {
    expect(countWords(text)).toBe(expected);
  });

  it('counts at least one prompt token and honours the override', () => {
    expect(fakePromptTokens('', {})).toBe(1);
    expect(fakePromptTokens('a b c', {})).toBe(3);
    expect(fakePromptTokens('a b c', { promptTokens: 42 })).toBe(42);
  });
});

describe('planReply', () => {
  it('plans the default reply and its usage', () => {
    const plan = planReply({}, resolveBehavior(), 'two words', 'gpt-4o');
    expect(replyContent(plan)).toBe('Hello from fake upstream');
    expect(plan).toMatchObject({ contentChunks: 4, finishReason: 'stop', model: 'gpt-4o' });
    expect(plan.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 4, total_tokens: 6 });
  });

  it('cycles the words for long replies and caps at the token budget', () => {
    const behavior = resolveBehavior({ replyText: 'x y', chunkCount: 5 });
    expect(replyContent(planReply({}, behavior, 'p', 'm'))).toBe('x y x y x');
    const capped = planReply({ max_completion_tokens: 3, max_tokens: 100 }, behavior, 'p', 'm');
    expect(replyContent(capped)).toBe('x y x');
    expect(capped.finishReason).toBe('length');
  });

  it('sends empty chunks for an empty reply text', () => {
    const plan = planReply({}, resolveBehavior({ replyText: '', chunkCount: 2 }), 'p', 'm');
    expect(replyContent(plan)).toBe(' ');
    expect(plan.usage.completion_tokens).toBe(2);
  });
});

describe('stream chunks', () => {
  const plan = planReply({}, resolveBehavior({ replyText: 'Hi "there"' }), 'p', 'gpt-4o');

  it('builds valid chat chunks whose text adds up to the reply', () => {
    const chunks = new ChatStreamChunks(plan, identity, true);
    const payloads = [chunks.role(), chunks.content(0), chunks.content(1), chunks.finish(), chunks.usage()];
    const inspections = payloads.map((payload) => inspectChatChunk(payload!));
    expect(inspections.map((inspection) => inspection.deltaText).join('')).toBe('Hi "there"');
    expect(inspections.slice(0, 4).every((inspection) => inspection.chunk?.usage === null)).toBe(true);
    expect(inspections[3]?.finishReason).toBe('stop');
    expect(inspections[4]).toMatchObject({ isUsageOnly: true, usage: plan.usage, id: identity.id });
    expect(new ChatStreamChunks(plan, identity, false).usage()).toBeUndefined();
    expect(JSON.parse(new ChatStreamChunks(plan, identity, false).content(0))).not.toHaveProperty('usage');
  });

  it('builds valid text-completion chunks', () => {
    const chunks = new CompletionStreamChunks(plan, identity, true);
    expect(chunks.role()).toBeUndefined();
    expect(inspectCompletionChunk(chunks.content(1)).deltaText).toBe(' "there"');
    expect(inspectCompletionChunk(chunks.usage()!)).toMatchObject({ isUsageOnly: true, usage: plan.usage });
  });

  it('builds the non-stream body with or without usage', () => {
    expect(chatCompletionBody(plan, identity, false).usage).toEqual(plan.usage);
    expect(chatCompletionBody(plan, identity, true)).not.toHaveProperty('usage');
  });
});

describe('embeddings', () => {
  it.each([
    { input: 'a b', expected: [{ text: 'a b', tokens: 2 }] },
    {
      input: ['a', 'b c'],
      expected: [
        { text: 'a', tokens: 1 },
        { text: 'b c', tokens: 2 },
      ],
    },
    { input: [1, 2, 3], expected: [{ text: '1,2,3', tokens: 3 }] },
    {
      input: [[1], [2, 3]],
      expected: [
        { text: '1', tokens: 1 },
        { text: '2,3', tokens: 2 },
      ],
    },
    { input: [], expected: [] },
  ])('embeddingInputs($input)', ({ input, expected }) => {
    expect(embeddingInputs(input)).toEqual(expected);
  });

  it('makes the same vector for the same text and different ones otherwise', () => {
    expect(fakeVector('hello', 6)).toEqual(fakeVector('hello', 6));
    expect(fakeVector('hello', 6)).not.toEqual(fakeVector('hellp', 6));
    expect(fakeVector('hello', 6).every((value) => value >= -1 && value < 1)).toBe(true);
  });
});

describe('defaultErrorBody', () => {
  it.each([
    { status: 401, code: 'invalid_api_key', type: 'invalid_request_error' },
    { status: 404, code: 'model_not_found', type: 'invalid_request_error' },
    { status: 429, code: 'rate_limit_exceeded', type: 'requests' },
    { status: 500, code: null, type: 'server_error' },
    { status: 418, code: null, type: 'api_error' },
  ])('$status → $code', ({ status, code, type }) => {
    expect(defaultErrorBody(status, 'gpt-4o').error).toMatchObject({ code, type, param: null });
  });
});
