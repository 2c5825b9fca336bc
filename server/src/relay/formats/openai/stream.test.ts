import { createReadStream, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSseEvents } from '../../../lib/sse.ts';
import { openaiUsage } from '../../../test-support/openai-usage.ts';
import type { ChatCompletion, ChatCompletionRequest } from '../../../test-support/openai-wire-types.ts';
import type { ErrorBody } from './openai-types.ts';
import {
  buildCompletionUsageChunk,
  buildUsageChunk,
  type ChunkInspection,
  errorBody,
  inspectChatChunk,
  inspectCompletionChunk,
  wantsIncludeUsage,
  withIncludeUsage,
} from './stream.ts';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);

interface StreamSummary {
  text: string;
  events: number;
  usage: unknown;
  usageOnlyChunks: number;
  finishReason: string | undefined;
  sawDone: boolean;
  ids: Set<string | undefined>;
}

/** Reads a recorded stream in small odd-sized pieces, the way the relay meets it on the wire. */
async function summarise(name: string, inspect: (data: string) => ChunkInspection<unknown>) {
  const summary: StreamSummary = {
    text: '',
    events: 0,
    usage: undefined,
    usageOnlyChunks: 0,
    finishReason: undefined,
    sawDone: false,
    ids: new Set(),
  };
  for await (const event of readSseEvents(createReadStream(fixture(name), { highWaterMark: 37 }))) {
    const inspection = inspect(event.data);
    summary.events += 1;
    summary.text += inspection.deltaText;
    if (inspection.usage) summary.usage = inspection.usage;
    if (inspection.isUsageOnly) summary.usageOnlyChunks += 1;
    if (inspection.finishReason) summary.finishReason = inspection.finishReason;
    if (inspection.isDone) summary.sawDone = true;
    else summary.ids.add(inspection.id);
  }
  return summary;
}

describe('inspectChatChunk on recorded streams', () => {
  it('finds the text and the final usage chunk of an include_usage stream', async () => {
    const summary = await summarise('chat-stream-with-usage.chunks.txt', inspectChatChunk);
    expect(summary.text).toBe('Hello! How can I help you today?');
    expect(summary.usage).toEqual(openaiUsage(19, 9));
    expect(summary.usageOnlyChunks).toBe(1);
    expect(summary.finishReason).toBe('stop');
    expect(summary.sawDone).toBe(true);
    expect(summary.events).toBe(13);
    expect([...summary.ids]).toEqual(['chatcmpl-C3fR8yJ2wQbVxKj0d9sLmNpZ1aTuE']);
  });

  it('counts text and reports no usage for a stream without include_usage', async () => {
    const summary = await summarise('chat-stream-no-usage.chunks.txt', inspectChatChunk);
    expect(summary.text).toBe('你好！有什么可以帮你的吗？');
    expect(summary.usage).toBeUndefined();
    expect(summary.usageOnlyChunks).toBe(0);
    expect(summary.finishReason).toBe('stop');
    expect(summary.sawDone).toBe(true);
  });

  it('counts tool call names and argument text', async () => {
    const summary = await summarise('chat-stream-tool-calls.chunks.txt', inspectChatChunk);
    expect(summary.text).toBe('get_weather{"location":"Paris, France"}');
    expect(summary.finishReason).toBe('tool_calls');
    expect(summary.usage).toMatchObject({ prompt_tokens: 82, completion_tokens: 17, total_tokens: 99 });
  });

  it('counts reasoning_content and keeps provider-specific usage fields', async () => {
    const summary = await summarise('chat-stream-reasoning.chunks.txt', inspectChatChunk);
    expect(summary.text).toBe('The user greets me.Hi! 👋');
    // DeepSeek puts usage on the last chunk that still has a choice: not a usage-only chunk.
    expect(summary.usageOnlyChunks).toBe(0);
    expect(summary.usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 11,
      total_tokens: 23,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 6 },
      prompt_cache_hit_tokens: 0,
      prompt_cache_miss_tokens: 12,
    });
  });
});

describe('inspectChatChunk on single payloads', () => {
  it('recognises the DONE marker', () => {
    expect(inspectChatChunk('[DONE]')).toEqual({ deltaText: '', isDone: true });
    expect(inspectChatChunk(' [DONE] ')).toEqual({ deltaText: '', isDone: true });
  });

  it.each(['', 'not json', '{"truncated":', '[1,2,3]', '42', 'null', '"a string"'])(
    'tolerates garbage: %j',
    (data) => {
      expect(inspectChatChunk(data)).toEqual({ deltaText: '', isDone: false });
    },
  );

  it('tolerates odd shapes inside a valid object', () => {
    const inspection = inspectChatChunk(
      JSON.stringify({
        choices: [null, 3, { delta: 'text' }, { delta: { content: 7, tool_calls: [null, { function: 5 }] } }],
        usage: 'none',
      }),
    );
    expect(inspection).toMatchObject({ deltaText: '', isDone: false });
    expect(inspection.usage).toBeUndefined();
    expect(inspection.chunk).toBeDefined();
  });

  it('joins the text of several choices and prefers reasoning_content over reasoning', () => {
    const inspection = inspectChatChunk(
      JSON.stringify({
        id: 'x',
        created: 5,
        model: 'm',
        choices: [
          {
            index: 0,
            delta: { content: 'a', reasoning_content: 'r', reasoning: 'ignored' },
            finish_reason: null,
          },
          {
            index: 1,
            delta: { reasoning: 'R', refusal: 'no', function_call: { name: 'f', arguments: '{}' } },
          },
        ],
      }),
    );
    expect(inspection.deltaText).toBe('arRnof{}');
    expect(inspection).toMatchObject({ id: 'x', created: 5, model: 'm' });
    expect(inspection.finishReason).toBeUndefined();
  });

  it('reports an error object sent inside the stream', () => {
    const inspection = inspectChatChunk(
      '{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}',
    );
    expect(inspection.error).toEqual({
      message: 'The server had an error while processing your request.',
      type: 'server_error',
      param: null,
      code: null,
    });
    expect(inspection.deltaText).toBe('');
  });

  it('normalises an incomplete usage object', () => {
    const inspection = inspectChatChunk(
      '{"choices":[],"usage":{"prompt_tokens":10.4,"completion_tokens":3}}',
    );
    expect(inspection.usage).toEqual({ prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 });
    expect(inspection.isUsageOnly).toBe(true);
  });
});

describe('inspectCompletionChunk', () => {
  it('reads a recorded legacy completions stream', async () => {
    const summary = await summarise('completion-stream-with-usage.chunks.txt', inspectCompletionChunk);
    expect(summary.text).toBe('\n\nThis is a test.');
    expect(summary.usage).toEqual({ prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 });
    expect(summary.usageOnlyChunks).toBe(1);
    expect(summary.finishReason).toBe('stop');
    expect(summary.sawDone).toBe(true);
  });

  it('tolerates garbage', () => {
    expect(inspectCompletionChunk('{oops')).toEqual({ deltaText: '', isDone: false });
    expect(inspectCompletionChunk('[DONE]')).toEqual({ deltaText: '', isDone: true });
  });
});

describe('usage chunks', () => {
  const usage = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };

  it.each([
    { object: 'chat.completion.chunk', build: buildUsageChunk, id: 'chatcmpl-1', model: 'gpt-4o' },
    { object: 'text_completion', build: buildCompletionUsageChunk, id: 'cmpl-1', model: 'davinci-002' },
  ])('builds the $object chunk OpenAI sends for include_usage', ({ object, build, id, model }) => {
    expect(build({ id, model, created: 1700000000, usage })).toEqual({
      id,
      object,
      created: 1700000000,
      model,
      choices: [],
      usage,
    });
  });

  it('inspects the chat usage chunk as usage-only', () => {
    const chunk = buildUsageChunk({ id: 'chatcmpl-1', model: 'gpt-4o', created: 1700000000, usage });
    expect(inspectChatChunk(JSON.stringify(chunk))).toMatchObject({
      usage,
      isUsageOnly: true,
      deltaText: '',
    });
  });
});

describe('include_usage on requests', () => {
  const request: ChatCompletionRequest = {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'hi' }],
    stream: true,
    stream_options: { include_obfuscation: false },
  };

  it('asks for usage in a copy, keeping the other stream options', () => {
    const copy = withIncludeUsage(request);
    expect(copy).toEqual({ ...request, stream_options: { include_obfuscation: false, include_usage: true } });
    expect(request.stream_options).toEqual({ include_obfuscation: false });
    expect(copy.messages).toBe(request.messages);
    expect(withIncludeUsage({ model: 'm', stream_options: null }).stream_options).toEqual({
      include_usage: true,
    });
  });

  it('tells whether the client asked for usage', () => {
    expect(wantsIncludeUsage(request)).toBe(false);
    expect(wantsIncludeUsage(withIncludeUsage(request))).toBe(true);
    expect(wantsIncludeUsage({})).toBe(false);
  });
});

describe('recorded non-stream reply and error', () => {
  it('matches the wire types', () => {
    const completion = JSON.parse(readFileSync(fixture('chat-nonstream.json'), 'utf8')) as ChatCompletion;
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toBe('Hello! How can I help you today?');
    expect(completion.usage?.total_tokens).toBe(28);
    const error = JSON.parse(readFileSync(fixture('error-invalid-api-key.json'), 'utf8')) as ErrorBody;
    expect(errorBody(error.error.message, 'invalid_request_error', 'invalid_api_key')).toEqual(error);
  });
});
