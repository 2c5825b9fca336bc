/**
 * A fake Dify app (`POST /v1/chat-messages`) for integration tests. Like a real Dify it refuses a missing
 * or unknown app key (401 `unauthorized`) and a body without `query`, `inputs`, `user` or a known
 * `response_mode` (400 `invalid_param`), and accepts only remote-URL image files. `blocking` gets one
 * message object with the usage; `streaming` gets `data:` frames — workflow and node progress, a ping,
 * several `message` pieces and a `message_end` with the usage — or, when told so, an `error` event after
 * the first pieces and no end.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_DIFY_APP_KEY = 'app-fake-dify-key-0123456789';
export const FAKE_DIFY_PIECES = ['Hello', ' from', ' fake', ' Dify.'];
/** Pieces sent before the `error` event of a stream told to fail. */
export const FAKE_DIFY_PIECES_BEFORE_ERROR = 2;
export const FAKE_DIFY_ERROR = { code: 'completion_request_error', message: 'model quota exceeded' };
export const FAKE_DIFY_USAGE = {
  prompt_tokens: 21,
  prompt_unit_price: '0.001',
  prompt_price_unit: '0.001',
  prompt_price: '0.000021',
  completion_tokens: 9,
  completion_unit_price: '0.002',
  completion_price_unit: '0.001',
  completion_price: '0.000018',
  total_tokens: 30,
  total_price: '0.000039',
  currency: 'USD',
  latency: 0.42,
};

export interface FakeDify extends FakeVendor {
  /** Makes the next streaming answer break off with an `error` event. */
  failNextStream(): void;
}

type Json = Record<string, unknown>;

function refuse(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, { code, message, status });
}

function invalid(body: Json): string | null {
  if (typeof body.query !== 'string' || body.query === '') return 'query is required';
  if (typeof body.inputs !== 'object' || body.inputs === null || Array.isArray(body.inputs))
    return 'inputs is required in request body';
  if (typeof body.user !== 'string' || body.user === '') return 'user is required';
  if (body.response_mode !== 'streaming' && body.response_mode !== 'blocking')
    return 'response_mode must be streaming or blocking';
  if (body.files !== undefined) {
    if (!Array.isArray(body.files)) return 'files must be a list';
    for (const file of body.files as Json[]) {
      if (file?.type !== 'image' || file.transfer_method !== 'remote_url' || typeof file.url !== 'string')
        return 'Invalid upload file';
    }
  }
  return null;
}

export async function startFakeDify(): Promise<FakeDify> {
  let failNext = false;
  let sequence = 0;
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || request.path !== '/v1/chat-messages') {
      refuse(response, 404, 'not_found', 'The requested URL was not found on the server.');
      return;
    }
    if (request.headers.authorization !== `Bearer ${FAKE_DIFY_APP_KEY}`) {
      refuse(response, 401, 'unauthorized', 'Access token is invalid');
      return;
    }
    const problem = invalid(request.body);
    if (problem) {
      refuse(response, 400, 'invalid_param', problem);
      return;
    }
    sequence += 1;
    const ids = {
      task_id: `task-${sequence}`,
      message_id: `msg-${sequence}`,
      conversation_id: `conv-${sequence}`,
    };
    const createdAt = 1_700_000_000 + sequence;
    if (request.body.response_mode === 'blocking') {
      sendJson(response, 200, {
        event: 'message',
        ...ids,
        id: ids.message_id,
        mode: 'chat',
        answer: FAKE_DIFY_PIECES.join(''),
        metadata: { usage: FAKE_DIFY_USAGE, retriever_resources: [] },
        created_at: createdAt,
      });
      return;
    }
    const failing = failNext;
    failNext = false;
    startSse(response);
    const send = (frame: Json) =>
      response.write(`data: ${JSON.stringify({ ...frame, ...ids, created_at: createdAt })}\n\n`);
    send({ event: 'workflow_started', workflow_run_id: `run-${sequence}`, data: { id: `run-${sequence}` } });
    response.write('event: ping\n\n');
    send({ event: 'node_started', data: { id: 'node-1', node_type: 'llm', title: 'LLM' } });
    for (const [index, piece] of FAKE_DIFY_PIECES.entries()) {
      if (failing && index === FAKE_DIFY_PIECES_BEFORE_ERROR) {
        send({ event: 'error', status: 400, ...FAKE_DIFY_ERROR });
        response.end();
        return;
      }
      send({ event: 'message', id: ids.message_id, answer: piece });
    }
    send({ event: 'node_finished', data: { id: 'node-1', node_type: 'llm', status: 'succeeded' } });
    send({ event: 'workflow_finished', data: { id: `run-${sequence}`, status: 'succeeded' } });
    send({ event: 'message_end', id: ids.message_id, metadata: { usage: FAKE_DIFY_USAGE } });
    response.end();
  };
  const vendor = await startFakeVendor(route);
  return Object.assign(vendor, {
    failNextStream: () => {
      failNext = true;
    },
  });
}
