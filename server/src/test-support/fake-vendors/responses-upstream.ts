/**
 * A fake OpenAI Responses API (`POST /v1/responses`, stream and not) for integration tests. Like the real
 * one it checks the key, that `input` is a string or a list of items, and that a `previous_response_id`
 * names a response it stored; it answers with a message item, or — when function tools are offered and
 * the input does not end with a function_call_output — a call of the first function. Streams carry the
 * typed events (`event:` line and `type` field) with sequence numbers, ending with response.completed.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { openAiResponsesRefusal } from '../strict/openai-strict.ts';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_RESPONSES_TEXT = 'Hello from fake Responses';
export const FAKE_RESPONSES_ARGS = { city: 'Paris' };
export const FAKE_RESPONSES_USAGE = {
  input_tokens: 19,
  input_tokens_details: { cached_tokens: 5 },
  output_tokens: 7,
  output_tokens_details: { reasoning_tokens: 2 },
  total_tokens: 26,
};

type Json = Record<string, unknown>;

function invalid(response: ServerResponse, message: string, param: string | null = null): void {
  sendJson(response, 400, { error: { message, type: 'invalid_request_error', param, code: null } });
}

/** A function the fake calls, with its arguments (an agent CLI's own shell tool, say). */
export interface FakeResponsesCall {
  name: string;
  arguments: unknown;
}

/**
 * The call the fake makes, unless the input ends with a function's output: with `calls`, the first of
 * them that the request declares as a function; otherwise its first function, with FAKE_RESPONSES_ARGS.
 */
function functionToCall(body: Json, calls?: readonly FakeResponsesCall[]): FakeResponsesCall | null {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  const input = Array.isArray(body.input) ? (body.input as Json[]) : [];
  if (input.at(-1)?.type === 'function_call_output') return null;
  const declared = tools.filter((tool) => tool.type === 'function').map((tool) => String(tool.name));
  if (calls) return calls.find((call) => declared.includes(call.name)) ?? null;
  return declared[0] === undefined ? null : { name: declared[0], arguments: FAKE_RESPONSES_ARGS };
}

function outputItem(id: string, call: FakeResponsesCall | null, status: string): Json {
  if (call) {
    return {
      type: 'function_call',
      id: `fc_${id}`,
      call_id: `call_${id}`,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
      status,
    };
  }
  return {
    type: 'message',
    id: `msg_${id}`,
    status,
    role: 'assistant',
    content:
      status === 'completed' ? [{ type: 'output_text', text: FAKE_RESPONSES_TEXT, annotations: [] }] : [],
  };
}

function responseObject(id: string, model: string, status: string, output: Json[], usage: Json | null): Json {
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status,
    model,
    output,
    usage,
    error: null,
    incomplete_details: null,
  };
}

/** Starts the fake; requests must carry `Authorization: Bearer <key>`. */
export function startFakeResponses(
  key: string,
  options: { strict?: boolean; functionCalls?: readonly FakeResponsesCall[] } = {},
): Promise<FakeVendor & { readonly stored: Set<string> }> {
  const stored = new Set<string>();
  let counter = 0;
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || request.path !== '/v1/responses') {
      sendJson(response, 404, { error: { message: `Invalid URL (${request.method} ${request.path})` } });
      return;
    }
    if (request.headers.authorization !== `Bearer ${key}`) {
      sendJson(response, 401, {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
      return;
    }
    const body = request.body;
    if (typeof body.input !== 'string' && !Array.isArray(body.input)) {
      invalid(response, "Missing required parameter: 'input'.", 'input');
      return;
    }
    const refused = options.strict ? openAiResponsesRefusal(body) : null;
    if (refused) {
      sendJson(response, refused.status, refused.body);
      return;
    }
    const previous = body.previous_response_id;
    if (typeof previous === 'string' && !stored.has(previous)) {
      invalid(response, `Previous response with id '${previous}' not found.`, 'previous_response_id');
      return;
    }
    counter += 1;
    // Unique across accounts, as OpenAI's ids are.
    const id = `resp_${randomBytes(12).toString('hex')}`;
    if (body.store !== false) stored.add(id);
    const model = String(body.model);
    const call = functionToCall(body, options.functionCalls);
    const done = outputItem(String(counter), call, 'completed');
    if (body.stream !== true) {
      sendJson(response, 200, responseObject(id, model, 'completed', [done], FAKE_RESPONSES_USAGE));
      return;
    }
    startSse(response);
    let sequence = 0;
    const send = (type: string, fields: Json) => {
      response.write(
        `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`,
      );
    };
    send('response.created', { response: responseObject(id, model, 'in_progress', [], null) });
    send('response.output_item.added', {
      output_index: 0,
      item: outputItem(String(counter), call, 'in_progress'),
    });
    const itemId = String(done.id);
    if (call) {
      send('response.function_call_arguments.delta', {
        item_id: itemId,
        output_index: 0,
        delta: done.arguments,
      });
      send('response.function_call_arguments.done', {
        item_id: itemId,
        output_index: 0,
        arguments: done.arguments,
      });
    } else {
      const part = { type: 'output_text', text: '', annotations: [] };
      send('response.content_part.added', { item_id: itemId, output_index: 0, content_index: 0, part });
      for (const word of FAKE_RESPONSES_TEXT.split(/(?= )/))
        send('response.output_text.delta', {
          item_id: itemId,
          output_index: 0,
          content_index: 0,
          delta: word,
        });
      send('response.output_text.done', {
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        text: FAKE_RESPONSES_TEXT,
      });
      send('response.content_part.done', {
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        part: { ...part, text: FAKE_RESPONSES_TEXT },
      });
    }
    send('response.output_item.done', { output_index: 0, item: done });
    send('response.completed', {
      response: responseObject(id, model, 'completed', [done], FAKE_RESPONSES_USAGE),
    });
    response.end();
  };
  return startFakeVendor(route).then((vendor) => Object.assign(vendor, { stored }));
}
