/**
 * Benchmark child: a light fake of the OpenAI Chat Completions API (POST /v1/chat/completions), built to
 * take as little CPU as it can from the relay it serves on the same small machine (bench/lib/light-fake.ts
 * says why). It checks what it must — the route, the key (`Authorization: Bearer <key>`), that the body
 * names a model — and finds `"stream":true` and `"include_usage":true` in the raw text; it parses no JSON.
 * Replies are serialised once per model and kept as bytes, in OpenAI's wire format:
 * - non-stream: one `chat.completion` object with `usage`;
 * - stream: a role chunk, one chunk per word, a closing chunk with `finish_reason`, then — when the
 *   request set `stream_options.include_usage`, as relays do — every chunk carries `"usage":null` and a
 *   last chunk with empty choices carries the usage; then `data: [DONE]`. Each event is its own write.
 * Options (JSON, first argument): `key`; `chunkCount` content chunks (default: the reply's 4 words; they
 * repeat past that), which is also `completion_tokens`; `chunkDelayMs` before each content chunk (the
 * slow streams of phase 4). `prompt_tokens` is a fixed 5: the fake does not read the messages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { childOptions, runServerChild } from '../lib/child-messages.ts';
import {
  hasTrueField,
  jsonReply,
  ReplyCache,
  sendReply,
  startLightFake,
  stringFieldFinder,
  writeEvents,
} from '../lib/light-fake.ts';

export interface FakeUpstreamOptions {
  /** The key callers must send as `Authorization: Bearer <key>`. */
  key: string;
  chunkCount?: number;
  chunkDelayMs?: number;
}

const ROUTE = '/v1/chat/completions';
const REPLY_WORDS = ['Hello', 'from', 'fake', 'upstream'];
const PROMPT_TOKENS = 5;
/** Fixed identity: a relay passes it through or replaces it; nothing depends on it being unique. */
const REPLY_ID = 'chatcmpl-benchfake000001';
const CREATED = Math.floor(Date.now() / 1000);
const FINGERPRINT = 'fp_fake_upstream';

const STREAM_HEADERS = ['content-type', 'text/event-stream; charset=utf-8', 'cache-control', 'no-cache'];

const findModel = stringFieldFinder('model');

const error = (status: number, message: string, code: string | null) =>
  jsonReply(status, { error: { message, type: 'invalid_request_error', param: null, code } });

const INVALID_KEY = error(401, 'Incorrect API key provided.', 'invalid_api_key');
const NOT_FOUND = error(404, `Invalid URL (only POST ${ROUTE} in this fake)`, null);
const NO_MODEL = error(400, 'you must provide a model parameter', null);

function usageOf(completionTokens: number) {
  return {
    prompt_tokens: PROMPT_TOKENS,
    completion_tokens: completionTokens,
    total_tokens: PROMPT_TOKENS + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** Content chunk `index`: one word, preceded by a space after the first. */
const piece = (index: number) => `${index === 0 ? '' : ' '}${REPLY_WORDS[index % REPLY_WORDS.length]}`;

function wholeReply(rawModel: string, chunkCount: number) {
  let content = '';
  for (let index = 0; index < chunkCount; index += 1) content += piece(index);
  const head = `{"id":"${REPLY_ID}","object":"chat.completion","created":${CREATED},"model":"${rawModel}",`;
  const rest = {
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: usageOf(chunkCount),
    service_tier: 'default',
    system_fingerprint: FINGERPRINT,
  };
  return jsonReply(200, head + JSON.stringify(rest).slice(1));
}

function streamEvents(rawModel: string, chunkCount: number, includeUsage: boolean): Buffer[] {
  const prefix = `{"id":"${REPLY_ID}","object":"chat.completion.chunk","created":${CREATED},"model":"${rawModel}","service_tier":"default","system_fingerprint":"${FINGERPRINT}",`;
  const suffix = includeUsage ? ',"usage":null}' : '}';
  const event = (json: string) => Buffer.from(`data: ${json}\n\n`);
  const chunk = (delta: object, finish: string | null) =>
    event(
      `${prefix}"choices":[${JSON.stringify({ index: 0, delta, logprobs: null, finish_reason: finish })}]${suffix}`,
    );
  // The distinct content chunks, built once and repeated.
  const pieces = REPLY_WORDS.map((_, index) => chunk({ content: piece(index) }, null));
  const repeated = REPLY_WORDS.map((_, index) => chunk({ content: piece(index + REPLY_WORDS.length) }, null));
  const events = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  for (let index = 0; index < chunkCount; index += 1)
    events.push(index < REPLY_WORDS.length ? pieces[index]! : repeated[index % REPLY_WORDS.length]!);
  events.push(chunk({}, 'stop'));
  if (includeUsage)
    events.push(event(`${prefix}"choices":[],"usage":${JSON.stringify(usageOf(chunkCount))}}`));
  events.push(Buffer.from('data: [DONE]\n\n'));
  return events;
}

function startFake(options: FakeUpstreamOptions) {
  const chunkCount = options.chunkCount ?? REPLY_WORDS.length;
  const authorization = `Bearer ${options.key}`;
  const delay =
    options.chunkDelayMs === undefined ? null : { ms: options.chunkDelayMs, from: 1, to: chunkCount };
  const whole = new ReplyCache((rawModel) => wholeReply(rawModel, chunkCount));
  const streams = new ReplyCache((key) => streamEvents(key.slice(1), chunkCount, key[0] === 'u'));

  return startLightFake((request: IncomingMessage, body: string, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== ROUTE) return sendReply(response, NOT_FOUND);
    if (request.headers.authorization !== authorization) return sendReply(response, INVALID_KEY);
    const rawModel = findModel(body);
    if (rawModel === undefined || rawModel === '') return sendReply(response, NO_MODEL);
    if (!hasTrueField(body, 'stream')) return sendReply(response, whole.get(rawModel));
    const usage = hasTrueField(body, 'include_usage') ? 'u' : '-';
    writeEvents(response, STREAM_HEADERS, streams.get(usage + rawModel), delay);
  });
}

runServerChild(() => startFake(childOptions<FakeUpstreamOptions>()));
