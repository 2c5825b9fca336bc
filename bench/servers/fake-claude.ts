/**
 * Benchmark child: a light fake of the Anthropic Messages API (POST /v1/messages, version 2023-06-01),
 * built to take as little CPU as it can from the relay it serves on the same small machine
 * (bench/lib/light-fake.ts says why). It checks what it must — the route, `x-api-key`, an
 * `anthropic-version` header, a model and a positive `max_tokens` in the body — by searching the raw text
 * (no JSON parsing), and finds `"stream":true` the same way. Replies are serialised once per model and
 * kept as bytes, in Claude's wire format, with the usage of the test suite's fake
 * (server/src/test-support/fake-vendors/claude-upstream.ts, which checks requests fully):
 * - non-stream: one `message` with a text block and `usage`;
 * - stream: message_start (input usage), ping, content_block_start, one text_delta per word,
 *   content_block_stop, message_delta (stop reason and output tokens), message_stop — each its own write.
 * Options (JSON, first argument): `key`.
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

const ROUTE = '/v1/messages';
const REPLY_TEXT = 'Hello from fake Claude';
const MESSAGE_ID = 'msg_benchfake01';
const USAGE = {
  input_tokens: 21,
  cache_read_input_tokens: 8,
  cache_creation_input_tokens: 4,
  output_tokens: 6,
};

const STREAM_HEADERS = ['content-type', 'text/event-stream', 'cache-control', 'no-cache'];

const findModel = stringFieldFinder('model');
/** `"max_tokens": <a positive integer>` anywhere in the body. */
const POSITIVE_MAX_TOKENS = /"max_tokens"\s*:\s*[1-9]/;

const error = (status: number, type: string, message: string) =>
  jsonReply(status, { type: 'error', error: { type, message } });

const NOT_FOUND = error(404, 'not_found_error', `not found (only POST ${ROUTE} in this fake)`);
const INVALID_KEY = error(401, 'authentication_error', 'invalid x-api-key');
const NO_VERSION = error(400, 'invalid_request_error', 'anthropic-version: header is required');
const NO_MODEL = error(400, 'invalid_request_error', 'model: Field required');
const NO_MAX_TOKENS = error(400, 'invalid_request_error', 'max_tokens: Field required');

/** The head of a message object up to its model, with the model's raw JSON text put back as sent. */
const messageHead = (rawModel: string) =>
  `{"id":"${MESSAGE_ID}","type":"message","role":"assistant","model":"${rawModel}",`;

function wholeReply(rawModel: string) {
  const rest = {
    content: [{ type: 'text', text: REPLY_TEXT }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: USAGE,
  };
  return jsonReply(200, messageHead(rawModel) + JSON.stringify(rest).slice(1));
}

function streamEvents(rawModel: string): Buffer[] {
  const frame = (name: string, data: string) =>
    Buffer.from(`event: ${name}\ndata: {"type":"${name}"${data === '' ? '' : `,${data}`}}\n\n`);
  const json = (value: object) => JSON.stringify(value).slice(1, -1);
  const { output_tokens: _output, ...inputUsage } = USAGE;
  const start = {
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { ...inputUsage, output_tokens: 1 },
  };
  return [
    frame('message_start', `"message":${messageHead(rawModel)}${json(start)}}`),
    frame('ping', ''),
    frame('content_block_start', json({ index: 0, content_block: { type: 'text', text: '' } })),
    ...REPLY_TEXT.split(/(?= )/).map((word) =>
      frame('content_block_delta', json({ index: 0, delta: { type: 'text_delta', text: word } })),
    ),
    frame('content_block_stop', json({ index: 0 })),
    frame(
      'message_delta',
      json({
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: USAGE.output_tokens },
      }),
    ),
    frame('message_stop', ''),
  ];
}

function startFake(key: string) {
  const whole = new ReplyCache(wholeReply);
  const streams = new ReplyCache(streamEvents);
  return startLightFake((request: IncomingMessage, body: string, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== ROUTE) return sendReply(response, NOT_FOUND);
    if (request.headers['x-api-key'] !== key) return sendReply(response, INVALID_KEY);
    if (!request.headers['anthropic-version']) return sendReply(response, NO_VERSION);
    const rawModel = findModel(body);
    if (rawModel === undefined || rawModel === '') return sendReply(response, NO_MODEL);
    if (!POSITIVE_MAX_TOKENS.test(body)) return sendReply(response, NO_MAX_TOKENS);
    if (!hasTrueField(body, 'stream')) return sendReply(response, whole.get(rawModel));
    writeEvents(response, STREAM_HEADERS, streams.get(rawModel), null);
  });
}

runServerChild(() => startFake(childOptions<{ key: string }>().key));
