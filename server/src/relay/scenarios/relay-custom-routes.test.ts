/**
 * Advanced Custom channels (type 58, docs/providers/custom-routes.md) through the official `openai` SDK
 * against a team gateway written here from OpenAI's published Responses and Embeddings APIs, reached at the
 * operator's own paths with the operator's own headers: chat completions converted to Responses (whole and
 * streamed), embeddings through a body template with the key in the query, a Claude client served by an
 * OpenAI chat upstream, a chat stream converted to Gemini's, a channel new-api stored (its unservable routes unused), a refused key with nothing
 * charged, billing exact in the log row; and route sets the relay cannot serve refused when saved.
 */
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelsResult } from '../../../../common/api/channels.ts';
import { rewriteAbilities } from '../../api/channels/abilities.ts';
import {
  FAKE_GEMINI_TEXT,
  FAKE_GEMINI_USAGE,
  startFakeGemini,
} from '../../test-support/fake-vendors/gemini-upstream.ts';
import {
  type FakeVendor,
  type RecordedVendorRequest,
  sendJson,
  startFakeVendor,
  startSse,
} from '../../test-support/fake-vendors/http.ts';
import { claudeMessage, collectChatStream, ratioQuota } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const TEAM_KEY = 'team-key-0123456789';
const CHAT_MODEL = 'team-gpt';
const EMBED_MODEL = 'team-embed';
const WRONG_KEY_MODEL = 'team-gpt-wrong-key';
const BRIDGE_MODEL = 'gpt-4o-mini';
const BRIDGE_KEY = 'bridge-key-42';
const STORED_MODEL = 'team-gpt-stored';
const GEMINI_MODEL = 'gemini-2.5-flash';
const GEMINI_KEY = 'gemini-route-key';

/**
 * A channel as new-api saves it (Go's encoding of dto.ChannelOtherSettings: compact, fields it omits when
 * empty), with a model-list route and a task route the relay does not serve beside the chat route.
 */
const NEW_API_SETTINGS =
  '{"azure_responses_version":"preview","advanced_custom":{"advanced_routes":[' +
  '{"incoming_path":"/v1/models","upstream_path":"/v1/models","converter":"none"},' +
  '{"incoming_path":"/v1/video/generations","upstream_path":"/video","task":{"poll":{"upstream_path":"/video/{task_id}"}}},' +
  '{"incoming_path":"/v1/chat/completions","upstream_path":"/gateway/{model}/respond",' +
  '"converter":"openai_chat_completions_to_openai_responses",' +
  '"auth":{"type":"header","name":"X-Team-Key","value":"{api_key}"}}]}}';
const PIECES = ['Routes ', 'are ', 'running.'];
const RESPONSES_USAGE = { input_tokens: 23, output_tokens: 9, total_tokens: 32 };
const EMBED_TOKENS = 6;
const MODEL_RATIO = 2;
const COMPLETION_RATIO = 4;

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

/** The team's gateway: Responses at /gateway/<model>/respond (X-Team-Key), embeddings at /embed/v2?key=. */
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

const ROUTES = [
  {
    incoming_path: '/v1/chat/completions',
    upstream_path: '/gateway/{model}/respond',
    converter: 'openai_chat_completions_to_openai_responses',
    auth: { type: 'header', name: 'X-Team-Key', value: '{api_key}' },
    headers: { 'X-Tenant': 'acme-{model}' },
  },
  {
    incoming_path: '/v1/embeddings',
    upstream_path: '/embed/v2',
    auth: { type: 'query', name: 'key', value: '{api_key}' },
    request_body_template: {
      texts: '{request.input}',
      engine: '{model}',
      dimensions: '{request.dimensions}',
    },
  },
];

const settings = (routes: unknown[]) => JSON.stringify({ advanced_custom: { advanced_routes: routes } });

const { fixture } = setUpRelayFixture();
let gateway: FakeVendor;
let gatewayChannelId: number;
let gemini: FakeVendor;

beforeAll(async () => {
  ({ vendor: gateway, channelId: gatewayChannelId } = await fixture.addVendorChannel(
    () => startFakeVendor(teamGateway),
    {
      type: 58,
      key: TEAM_KEY,
      models: `${CHAT_MODEL},${EMBED_MODEL}`,
      settings: settings(ROUTES),
    },
  ));
  await fixture.addChannel({
    type: 58,
    key: 'not-the-team-key',
    base_url: gateway.url,
    models: WRONG_KEY_MODEL,
    settings: settings(ROUTES),
  });
  // Claude's Messages API in front of an OpenAI chat upstream (the fixture's), the key as a Bearer token.
  await fixture.addChannel({
    type: 58,
    key: BRIDGE_KEY,
    models: BRIDGE_MODEL,
    settings: settings([
      {
        incoming_path: '/v1/messages',
        upstream_path: '/v1/chat/completions',
        converter: 'anthropic_messages_to_openai_chat_completions',
      },
    ]),
  });
  // OpenAI chat converted to Gemini's generateContent, the key in Gemini's header.
  ({ vendor: gemini } = await fixture.addVendorChannel(() => startFakeGemini(GEMINI_KEY), {
    type: 58,
    key: GEMINI_KEY,
    models: GEMINI_MODEL,
    settings: settings([
      {
        incoming_path: '/v1/chat/completions',
        upstream_path: '/v1beta/models/{model}:generateContent',
        converter: 'openai_chat_completions_to_gemini_generate_content',
        auth: { type: 'header', name: 'x-goog-api-key', value: '{api_key}' },
      },
    ]),
  }));
  // Stored by new-api: written to the database directly, then loaded by the channel cache.
  const { db } = fixture.server.context.database;
  const inserted = await db
    .insertInto('channels')
    .values({
      type: 58,
      name: 'stored',
      key: TEAM_KEY,
      base_url: gateway.url,
      models: STORED_MODEL,
      status: 1,
    })
    .executeTakeFirstOrThrow();
  const storedId = Number(inserted.insertId);
  await sql`update channels set settings = ${NEW_API_SETTINGS} where id = ${storedId}`.execute(db);
  const row = await db
    .selectFrom('channels')
    .selectAll()
    .where('id', '=', storedId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute((transaction) => rewriteAbilities(transaction, row));
  await fixture.server.context.channelCache.reload();
  await fixture.setModelRatios(
    {
      [STORED_MODEL]: MODEL_RATIO,
      [GEMINI_MODEL]: MODEL_RATIO,
      [CHAT_MODEL]: MODEL_RATIO,
      [EMBED_MODEL]: MODEL_RATIO,
      [WRONG_KEY_MODEL]: MODEL_RATIO,
      [BRIDGE_MODEL]: MODEL_RATIO,
    },
    { [CHAT_MODEL]: COMPLETION_RATIO, [BRIDGE_MODEL]: COMPLETION_RATIO, [STORED_MODEL]: COMPLETION_RATIO },
  );
});

describe('Advanced Custom channels', () => {
  it('convert chat completions to Responses at the route’s path and headers, billed from its usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: CHAT_MODEL,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Are the routes up?' },
        ],
      }),
    );
    expect(result.choices[0]?.message.content).toBe(PIECES.join(''));
    expect(result.usage).toMatchObject({ prompt_tokens: 23, completion_tokens: 9 });
    const upstream = gateway.requests.at(-1)!;
    expect(upstream.path).toBe(`/gateway/${CHAT_MODEL}/respond`);
    expect(upstream.headers['x-team-key']).toBe(TEAM_KEY);
    expect(upstream.headers['x-tenant']).toBe(`acme-${CHAT_MODEL}`);
    expect(upstream.headers.authorization).toBeUndefined();
    expect(upstream.body).toMatchObject({ model: CHAT_MODEL, instructions: 'Be brief.' });
    expect(upstream.body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Are the routes up?' }] },
    ]);
    const expected = ratioQuota(23, 9, MODEL_RATIO, COMPLETION_RATIO);
    expect(log).toMatchObject({ prompt_tokens: 23, completion_tokens: 9, quota: expected });
    expect(spent).toBe(expected);
  });

  it('stream the Responses events as chat chunks, with the usage of response.completed', async () => {
    const { result, spent, log } = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: CHAT_MODEL,
          messages: [{ role: 'user', content: 'Stream it' }],
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    expect(result.pieces.join('')).toBe(PIECES.join(''));
    expect(result.finish).toBe('stop');
    expect(result.usage).toMatchObject({ prompt_tokens: 23, completion_tokens: 9 });
    expect(gateway.requests.at(-1)!.body.stream).toBe(true);
    const expected = ratioQuota(23, 9, MODEL_RATIO, COMPLETION_RATIO);
    expect(log).toMatchObject({ prompt_tokens: 23, completion_tokens: 9, quota: expected });
    expect(spent).toBe(expected);
  });

  it('send embeddings in the body the template makes, the key in the query', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.embeddings.create({
        model: EMBED_MODEL,
        input: ['first text', 'second text'],
        encoding_format: 'float',
      }),
    );
    expect(result.data.map((item) => item.embedding)).toEqual([
      [0.25, -0.5, 0],
      [0.25, -0.5, 1],
    ]);
    const upstream = gateway.requests.at(-1)!;
    expect(upstream.path).toBe(`/embed/v2?key=${TEAM_KEY}`);
    // No `dimensions` asked: the template's field for it is left out.
    expect(upstream.body).toEqual({ texts: ['first text', 'second text'], engine: EMBED_MODEL });
    const expected = ratioQuota(EMBED_TOKENS, 0, MODEL_RATIO, COMPLETION_RATIO);
    expect(log).toMatchObject({ prompt_tokens: EMBED_TOKENS, quota: expected });
    expect(spent).toBe(expected);
  });

  it('serve a Claude client from an OpenAI chat upstream with the key as a Bearer token', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      claudeMessage(fixture.anthropic(), BRIDGE_MODEL, 'Hello bridge', 'Answer shortly.'),
    );
    expect(result.type).toBe('message');
    expect(result.content[0]?.type).toBe('text');
    const upstream = fixture.upstream.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/chat/completions');
    expect(upstream.headers.authorization).toBe(`Bearer ${BRIDGE_KEY}`);
    expect(upstream.body).toMatchObject({
      model: BRIDGE_MODEL,
      messages: [
        { role: 'system', content: 'Answer shortly.' },
        { role: 'user', content: 'Hello bridge' },
      ],
    });
    const { input_tokens: prompt, output_tokens: completion } = result.usage;
    expect(prompt).toBeGreaterThan(0);
    const expected = ratioQuota(prompt, completion, MODEL_RATIO, COMPLETION_RATIO);
    expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: completion, quota: expected });
    expect(spent).toBe(expected);
  });

  it('serve a channel new-api stored, its unservable routes unused, a Responses client passed through', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.responses.create({ model: STORED_MODEL, input: 'Stored routes?' }),
    );
    expect(result.output_text).toBe(PIECES.join(''));
    const upstream = gateway.requests.at(-1)!;
    expect(upstream.path).toBe(`/gateway/${STORED_MODEL}/respond`);
    expect(upstream.headers['x-team-key']).toBe(TEAM_KEY);
    expect(upstream.body).toMatchObject({ model: STORED_MODEL, input: 'Stored routes?' });
    const expected = ratioQuota(23, 9, MODEL_RATIO, COMPLETION_RATIO);
    expect(log).toMatchObject({ prompt_tokens: 23, completion_tokens: 9, quota: expected });
    expect(spent).toBe(expected);
  });

  it('convert a chat stream to Gemini’s streamGenerateContent as SSE, billed from its usage', async () => {
    const { result, spent, log } = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: GEMINI_MODEL,
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    expect(result.pieces.join('')).toBe(FAKE_GEMINI_TEXT);
    const upstream = gemini.requests.at(-1)!;
    expect(upstream.path).toBe(`/v1beta/models/${GEMINI_MODEL}:streamGenerateContent?alt=sse`);
    expect(upstream.headers['x-goog-api-key']).toBe(GEMINI_KEY);
    expect(upstream.headers.authorization).toBeUndefined();
    expect(upstream.body.contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
    expect(upstream.body.model).toBeUndefined();
    expect(log).toMatchObject({
      prompt_tokens: FAKE_GEMINI_USAGE.promptTokenCount,
      completion_tokens: FAKE_GEMINI_USAGE.candidatesTokenCount + FAKE_GEMINI_USAGE.thoughtsTokenCount,
    });
    expect(spent).toBe(Number(log.quota));
    expect(spent).toBeGreaterThan(0);
  });

  it('charge nothing when the upstream refuses the key', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: WRONG_KEY_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBeGreaterThanOrEqual(400);
    expect(gateway.requests.at(-1)!.headers['x-team-key']).toBe('not-the-team-key');
    expect(spent).toBe(0);
  });

  it.each([
    ['no route at all', settings([]), 'advanced_custom.advanced_routes needs at least one route'],
    [
      'two conversions to different formats',
      settings([
        ROUTES[0],
        {
          incoming_path: '/v1/messages',
          upstream_path: '/v1/chat/completions',
          converter: 'anthropic_messages_to_openai_chat_completions',
        },
      ]),
      'advanced_routes #2: this route and route #1 convert to different upstream formats',
    ],
    [
      'a header the connection owns',
      settings([{ ...ROUTES[1], headers: { 'Content-Length': '1' } }]),
      'advanced_routes #1: header Content-Length belongs to the HTTP connection',
    ],
  ])('refuse to save %s, saving nothing', async (_name, routes, reason) => {
    const before = await fixture.root.get<{ total: number }>('/api/channel/?p=1&page_size=100');
    const reply = await fixture.root.post<CreateChannelsResult>('/api/channel/', {
      type: 58,
      name: 'refused',
      key: TEAM_KEY,
      base_url: gateway.url,
      models: CHAT_MODEL,
      group: 'default',
      settings: routes,
    });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toContain(reason);
    const after = await fixture.root.get<{ total: number }>('/api/channel/?p=1&page_size=100');
    expect(typeof before.body.data?.total).toBe('number');
    expect(after.body.data?.total).toBe(before.body.data?.total);
  });

  it('give the routes back as stored, for the console’s editor', async () => {
    const reply = await fixture.root.get<{ items: { id: number; settings?: string | null }[] }>(
      '/api/channel/?p=1&page_size=100',
    );
    const stored = reply.body.data?.items.find((item) => item.id === gatewayChannelId);
    expect(JSON.parse(stored?.settings ?? '{}')).toEqual(JSON.parse(settings(ROUTES)));
  });
});
