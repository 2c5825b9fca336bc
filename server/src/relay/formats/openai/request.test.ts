import { describe, expect, it } from 'vitest';
import type { ChatCompletionRequest } from '../../../test-support/openai-wire-types.ts';
import { contentText, inputText, messagesText, promptText, readMaxTokens } from './request.ts';

describe('readMaxTokens', () => {
  it.each([
    { request: {}, expected: undefined },
    { request: { max_tokens: 100 }, expected: 100 },
    { request: { max_completion_tokens: 50 }, expected: 50 },
    { request: { max_tokens: 100, max_completion_tokens: 50 }, expected: 50 },
    { request: { max_tokens: 100, max_completion_tokens: null }, expected: 100 },
    { request: { max_tokens: 0 }, expected: 0 },
    { request: { max_tokens: 12.7 }, expected: 12 },
    { request: { max_tokens: -1 }, expected: undefined },
    { request: { max_tokens: '100' }, expected: undefined },
    { request: { max_tokens: Number.POSITIVE_INFINITY }, expected: undefined },
    { request: { max_tokens: 30, max_completion_tokens: 'x' }, expected: 30 },
  ])('$request → $expected', ({ request, expected }) => {
    expect(readMaxTokens(request)).toBe(expected);
  });
});

describe('messagesText', () => {
  it('joins string content and text parts, skipping images, audio and empty messages', () => {
    const request: ChatCompletionRequest = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are helpful.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            { type: 'text', text: 'this picture' },
            { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f' } }],
        },
        { role: 'tool', content: 'sunny', tool_call_id: 'c' },
      ],
    };
    expect(messagesText(request)).toBe('You are helpful.\nDescribe\nthis picture\nsunny');
  });

  it.each([
    { request: {}, expected: '' },
    { request: { messages: 'hello' }, expected: '' },
    {
      request: { messages: [null, 1, { role: 'user' }, { content: [{ type: 'text', text: 5 }] }] },
      expected: '',
    },
    { request: { messages: [{ role: 'user', content: 'only' }] }, expected: 'only' },
  ])('tolerates $request', ({ request, expected }) => {
    expect(messagesText(request)).toBe(expected);
  });
});

describe('contentText, promptText, inputText', () => {
  it.each([
    { content: 'plain', expected: 'plain' },
    {
      content: [
        { type: 'text', text: 'a' },
        { type: 'refusal', refusal: 'no' },
      ],
      expected: 'a',
    },
    { content: null, expected: '' },
    { content: 17, expected: '' },
  ])('contentText($content)', ({ content, expected }) => {
    expect(contentText(content)).toBe(expected);
  });

  it.each([
    { request: { prompt: 'Say this is a test' }, expected: 'Say this is a test' },
    { request: { prompt: ['one', 'two'] }, expected: 'one\ntwo' },
    { request: { prompt: [1, 2, 3] }, expected: '' },
    { request: { prompt: [[1, 2]] }, expected: '' },
    { request: {}, expected: '' },
  ])('promptText($request)', ({ request, expected }) => {
    expect(promptText(request)).toBe(expected);
  });

  it.each([
    { request: { input: 'embed me' }, expected: 'embed me' },
    { request: { input: ['a', 'b'] }, expected: 'a\nb' },
    { request: { input: [101, 102] }, expected: '' },
    {
      request: {
        input: [
          { type: 'text', text: 'check this' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        ],
      },
      expected: 'check this',
    },
    { request: {}, expected: '' },
  ])('inputText($request)', ({ request, expected }) => {
    expect(inputText(request)).toBe(expected);
  });
});
