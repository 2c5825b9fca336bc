/**
 * A team's own AI gateway for the Advanced Custom scenarios (./relay-custom-routes.test.ts), written from
 * OpenAI's published Responses and Embeddings APIs but at paths and with credentials of its own: Responses
 * at `POST /gateway/<model>/respond` with the key in `X-Team-Key` (whole replies and typed SSE events), and
 * embeddings at `POST /embed/v2?key=<key>` taking `{texts, engine}`. It refuses a wrong key (401) and a body
 * without `input` / `texts` (400), as the APIs it follows do. Imports nothing from server/src/relay.
 */
import type { ServerResponse } from 'node:http';
import {
  type FakeVendor,
  type RecordedVendorRequest,
  sendJson,
  startFakeVendor,
  startSse,
} from '../../test-support/fake-vendors/http.ts';

export const TEAM_KEY = 'team-key-0123456789';
export const PIECES = ['Routes ', 'are ', 'running.'];
export const RESPONSES_USAGE = { input_tokens: 23, output_tokens: 9, total_tokens: 32 };
export const EMBED_TOKENS = 6;

type Json = Record<string, unknown>;

/** A Responses object (https://platform.openai.com/docs/api-reference/responses/object). */
function responseObject(model: string, status: string, text: string | null) {
  return {
    id: 'resp_team_1',
    object: 'response',
    created_at: 1_760_000_000,
    status,
    model,
    output:
      text === null
        ? []
        : [
            {
              type: 'message',
              id: 'msg_team_1',
              status: 'completed',
              role: 'assistant',
              content: [{ type: 'output_text', text, annotations: [] }],
            },
          ],
    usage: status === 'completed' ? RESPONSES_USAGE : null,
  };
}

function streamResponse(response: ServerResponse, model: string): void {
  startSse(response);
  let sequence = 0;
  const send = (type: string, fields: Json) =>
    response.write(
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`,
    );
  const item = { type: 'message', id: 'msg_team_1', status: 'in_progress', role: 'assistant', content: [] };
  const part = { type: 'output_text', text: '', annotations: [] };
  const where = { item_id: 'msg_team_1', output_index: 0, content_index: 0 };
  send('response.created', { response: responseObject(model, 'in_progress', null) });
  send('response.output_item.added', { output_index: 0, item });
  send('response.content_part.added', { ...where, part });
  for (const delta of PIECES) send('response.output_text.delta', { ...where, delta });
  const text = PIECES.join('');
  send('response.output_text.done', { ...where, text });
  send('response.content_part.done', { ...where, part: { ...part, text } });
  send('response.completed', { response: responseObject(model, 'completed', text) });
  response.end();
}

function teamGateway(request: RecordedVendorRequest, response: ServerResponse): void {
  const url = new URL(request.path, 'http://gateway.local');
  const respond = /^\/gateway\/([^/]+)\/respond$/.exec(url.pathname);
  if (request.method === 'POST' && respond) {
    if (request.headers['x-team-key'] !== TEAM_KEY) {
      sendJson(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
      return;
    }
    const body = request.body;
    if (typeof body.input !== 'string' && !Array.isArray(body.input)) {
      sendJson(response, 400, { error: { message: "Missing required parameter: 'input'.", param: 'input' } });
      return;
    }
    if (body.model !== decodeURIComponent(respond[1]!)) {
      sendJson(response, 400, { error: { message: 'model does not match the path' } });
      return;
    }
    if (body.stream === true) streamResponse(response, String(body.model));
    else sendJson(response, 200, responseObject(String(body.model), 'completed', PIECES.join('')));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/embed/v2') {
    if (url.searchParams.get('key') !== TEAM_KEY) {
      sendJson(response, 401, { error: { message: 'bad key' } });
      return;
    }
    const texts = request.body.texts;
    if (!Array.isArray(texts)) {
      sendJson(response, 400, { error: { message: 'texts must be a list' } });
      return;
    }
    sendJson(response, 200, {
      object: 'list',
      model: request.body.engine,
      data: texts.map((_text, index) => ({ object: 'embedding', index, embedding: [0.25, -0.5, index] })),
      usage: { prompt_tokens: EMBED_TOKENS, total_tokens: EMBED_TOKENS },
    });
    return;
  }
  sendJson(response, 404, { error: { message: `no route ${request.method} ${url.pathname}` } });
}

export function startTeamGateway(): Promise<FakeVendor> {
  return startFakeVendor(teamGateway);
}
