/**
 * Advanced Custom channels (type 58, docs/providers/custom-routes.md) through the official SDKs against a
 * team gateway written from OpenAI's published Responses and Embeddings APIs (./test-custom-gateway.ts),
 * reached at the operator's own paths with the operator's own headers: chat completions converted to
 * Responses (whole and streamed), embeddings through a body template with the key in the query, a Claude
 * client served by an OpenAI chat upstream, a chat stream converted to Gemini's, a channel new-api stored
 * (its unservable routes unused), a refused key with nothing charged, billing exact in the log row; and
 * route sets the relay cannot serve refused when saved.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelsResult } from '../../../../common/api/channels.ts';
import { rewriteAbilities } from '../../api/channels/abilities.ts';
import {
  FAKE_GEMINI_TEXT,
  FAKE_GEMINI_USAGE,
  startFakeGemini,
} from '../../test-support/fake-vendors/gemini-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { claudeMessage, collectChatStream, ratioQuota } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { EMBED_TOKENS, PIECES, startTeamGateway, TEAM_KEY } from './test-custom-gateway.ts';

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
const MODEL_RATIO = 2;
const COMPLETION_RATIO = 4;

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
  ({ vendor: gateway, channelId: gatewayChannelId } = await fixture.addVendorChannel(startTeamGateway, {
    type: 58,
    key: TEAM_KEY,
    models: `${CHAT_MODEL},${EMBED_MODEL}`,
    settings: settings(ROUTES),
  }));
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
