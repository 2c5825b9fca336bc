/**
 * GET /v1/realtime against the real server and a fake OpenAI Realtime upstream
 * (server/src/test-support/fake-vendors/realtime-upstream.ts, set up by realtime-fixture.ts): the official
 * openai SDK's realtime client through the gateway, billing of a response.done, the key at the upgrade
 * (header or browser subprotocol), channel choice (OpenAI and Azure only; retries; proxies; the address
 * policy), closing both ways, oversized frames and a shutdown. Billing in every other case — several
 * responses, a client that leaves mid-response, the bound reserved per response — is in
 * realtime-billing.test.ts.
 */
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  FAKE_REALTIME_AUDIO,
  FAKE_REALTIME_SCRIPT,
  FAKE_REALTIME_USAGE,
} from '../../test-support/fake-vendors/realtime-upstream.ts';
import {
  AUDIO_COMPLETION_RATIO,
  AUDIO_RATIO,
  AZURE_API_VERSION,
  AZURE_DEPLOYMENT_MODEL,
  AZURE_KEY,
  AZURE_MODEL,
  COMPLETION_RATIO,
  MODEL,
  MODEL_RATIO,
  OPENAI_KEY,
  OTHER_TYPE_MODEL,
  quotaOf,
  type RealtimeFixture,
  startRealtimeFixture,
  until,
} from '../../test-support/realtime-fixture.ts';
import { startTunnelProxy } from '../../test-support/tunnel-proxy.ts';

const usage = FAKE_REALTIME_USAGE;
const EXPECTED_QUOTA = quotaOf(usage);
const GA_DELTA_TYPES = {
  transcript: 'response.output_audio_transcript.delta',
  audio: 'response.output_audio.delta',
  text: 'response.output_text.delta',
} as const;

let realtime: RealtimeFixture;
const context = () => realtime.relay.server.context;
const lastUpstream = () => realtime.fake.connections.at(-1)!;
const bearer = (apiKey = realtime.key) => ({ authorization: `Bearer ${apiKey}` });
const realtimePath = (model = MODEL) => `/v1/realtime?model=${model}`;
const RETRY_MODEL = 'retry-realtime';
const PROXY_MODEL = 'proxied-realtime';

beforeAll(async () => {
  realtime = await startRealtimeFixture();
});

afterAll(async () => realtime?.close());

describe('a realtime session through the official SDK', () => {
  it('relays both ways unchanged and bills response.done from its usage', async () => {
    const before = await realtime.accountsUsed();
    const quotaBefore = await realtime.relay.userQuota();
    const logId = await realtime.lastLogId();
    const session = await realtime.openSdk();
    await session.waitFor('session.created');
    expect(context().inflight.size).toBe(1);
    session.rt.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } });
    await session.waitFor('session.updated');
    session.rt.send({ type: 'response.create' });
    const [done] = await session.waitFor('response.done');
    expect(session.events.map((event) => event.type)).toEqual([
      'session.created',
      'session.updated',
      'response.created',
      ...FAKE_REALTIME_SCRIPT.map((step) => GA_DELTA_TYPES[step.kind]),
      'response.done',
    ]);
    const deltas = session.events.filter((event) => String(event.type).endsWith('.delta'));
    expect(deltas.map((event) => event.delta)).toEqual(
      FAKE_REALTIME_SCRIPT.map((step) =>
        step.kind === 'audio' ? step.bytes.toString('base64') : step.delta,
      ),
    );
    const audio = session.ofType(GA_DELTA_TYPES.audio).map((event) => String(event.delta));
    // Buffer.equals: a deep toEqual walks the 720,000 bytes one by one.
    expect(
      Buffer.concat(audio.map((delta) => Buffer.from(delta, 'base64'))).equals(FAKE_REALTIME_AUDIO),
    ).toBe(true);
    expect(done).toMatchObject({ response: { usage: FAKE_REALTIME_USAGE } });

    const upstream = lastUpstream();
    expect(upstream.url).toBe(realtimePath());
    expect(upstream.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(upstream.headers['openai-beta']).toBeUndefined();
    expect(upstream.received).toEqual([
      { type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.' } },
      { type: 'response.create' },
    ]);

    session.rt.close();
    expect(await upstream.closed).toEqual({ code: 1000, reason: 'OK' });
    expect((await session.closed).code).toBe(1000);
    await until(() => context().inflight.size === 0, 'the session to be released');

    expect(EXPECTED_QUOTA).toBe(33_580);
    const [log, ...more] = await realtime.consumeLogsAfter(logId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      quota: EXPECTED_QUOTA,
      prompt_tokens: usage.input_tokens,
      completion_tokens: usage.output_tokens,
      is_stream: 1,
      channel_id: realtime.openAiChannel,
      model_name: MODEL,
    });
    expect(JSON.parse(String(log?.other))).toMatchObject({
      realtime: true,
      ws: true,
      response_id: 'resp_fake_1',
      audio_input_tokens: 1000,
      audio_output_tokens: 300,
      text_input_tokens: 264,
      text_output_tokens: 100,
      model_ratio: MODEL_RATIO,
      completion_ratio: COMPLETION_RATIO,
      audio_ratio: AUDIO_RATIO,
      audio_completion_ratio: AUDIO_COMPLETION_RATIO,
    });
    const after = await realtime.accountsUsed();
    expect(after.user - before.user).toBe(EXPECTED_QUOTA);
    expect(after.token - before.token).toBe(EXPECTED_QUOTA);
    expect(quotaBefore - (await realtime.relay.userQuota())).toBe(EXPECTED_QUOTA);
  });

  it('passes the beta header of a beta client on, and the beta events back', async () => {
    const session = await realtime.openSdk(realtime.key, MODEL, true);
    session.rt.send({ type: 'response.create' });
    await session.waitFor('response.done');
    expect(lastUpstream().headers['openai-beta']).toBe('realtime=v1');
    expect(session.ofType('response.audio_transcript.delta')).toHaveLength(
      FAKE_REALTIME_SCRIPT.filter((step) => step.kind === 'transcript').length,
    );
    session.rt.close();
    await session.closed;
  });
});

describe('the upgrade', () => {
  it('refuses a bad or missing key with 401 before any upstream connection', async () => {
    const connections = realtime.fake.connections.length;
    const refused = realtime.fake.refused.length;
    const wrong = await realtime.upgrade(realtimePath(), bearer('sk-not-a-key'));
    expect(wrong).toMatchObject({ ok: false, status: 401, body: { error: { code: 'invalid_api_key' } } });
    const missing = await realtime.upgrade(realtimePath(), {});
    expect(missing).toMatchObject({ ok: false, status: 401, body: { error: { code: 'missing_api_key' } } });
    expect(JSON.stringify(missing)).toMatch(/request id: \w+/);
    expect(realtime.fake.connections.length).toBe(connections);
    expect(realtime.fake.refused.length).toBe(refused);
  });

  it('takes the key from the browser subprotocol, answers a protocol, and never sends the key upstream', async () => {
    const protocols = ['realtime', `openai-insecure-api-key.${realtime.key}`, 'openai-beta.realtime-v1'];
    const opened = await realtime.upgrade(realtimePath(), {}, protocols);
    if (!opened.ok) throw new Error(`refused: ${JSON.stringify(opened)}`);
    expect(opened.socket.protocol).toBe('realtime');
    expect(opened.headers['x-request-id']).toMatch(/^\w+$/);
    const upstream = await until(
      () =>
        realtime.fake.connections.at(-1)?.socket.readyState === WebSocket.OPEN &&
        realtime.fake.connections.at(-1),
      'upstream',
    );
    expect(upstream.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(upstream.headers['openai-beta']).toBe('realtime=v1');
    expect(JSON.stringify(upstream.headers)).not.toContain(realtime.relay.token.key);
    // Binary frames pass through as binary, byte for byte (the fake echoes them).
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
    const echoed = new Promise<[Buffer, boolean]>((resolve) =>
      opened.socket.on('message', (data, isBinary) => isBinary && resolve([data as Buffer, isBinary])),
    );
    opened.socket.send(bytes);
    expect(await echoed).toEqual([bytes, true]);
    expect(upstream.received).toEqual([bytes]);
    opened.socket.close(4001, 'bye');
    expect(await upstream.closed).toEqual({ code: 4001, reason: 'bye' });
  });

  it('refuses what the key may not use: a missing model, a model not allowed, no realtime channel', async () => {
    expect(await realtime.upgrade('/v1/realtime', bearer())).toMatchObject({ ok: false, status: 400 });
    const limited = await realtime.relay.addToken({
      name: 'limited',
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
    });
    expect(await realtime.upgrade(realtimePath(), bearer(`sk-${limited.key}`))).toMatchObject({
      ok: false,
      status: 403,
      body: { error: { code: 'model_not_allowed' } },
    });
    // Only a channel of type 8 serves this model: no realtime channel, and that one is never tried.
    expect(await realtime.upgrade(`/v1/realtime?model=${OTHER_TYPE_MODEL}`, bearer())).toMatchObject({
      ok: false,
      status: 503,
      body: { error: { code: 'model_not_found' } },
    });
    expect(realtime.otherFake.connections.length + realtime.otherFake.refused.length).toBe(0);
    const plain = await fetch(`${realtime.relay.server.url}/v1/realtime?model=${MODEL}`, {
      headers: bearer(),
    });
    expect(plain.status).toBe(426);
  });

  it('still serves upgrade requests for other paths as ordinary requests', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = createConnection(Number(new URL(realtime.relay.server.url).port), '127.0.0.1', () =>
        socket.write(
          'GET /api/status HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply).toContain('"success":true');
  });
});

describe('closing', () => {
  it('ends the client socket when the upstream closes, with its code', async () => {
    const session = await realtime.openSdk();
    await session.waitFor('session.created');
    lastUpstream().socket.close(4000, 'upstream done');
    expect(await session.closed).toEqual({ code: 4000, reason: 'upstream done' });
  });

  it('closes a client frame over 16 MiB with 1009 and never sends it upstream', async () => {
    const opened = await realtime.upgrade(realtimePath(), bearer());
    if (!opened.ok) throw new Error('refused');
    const upstream = realtime.fake.connections.at(-1)!;
    opened.socket.send(Buffer.alloc(16 * 1024 * 1024 + 1));
    expect((await opened.closed).code).toBe(1009);
    expect((await upstream.closed).code).toBe(1009);
    expect(upstream.received).toEqual([]);
  });
});

describe('channels', () => {
  it('speaks Azure on an Azure channel: deployment URL, api-version, api-key header', async () => {
    const logId = await realtime.lastLogId();
    const session = await realtime.openSdk(realtime.key, AZURE_MODEL);
    session.rt.send({ type: 'response.create' });
    await session.waitFor('response.done');
    const upstream = realtime.azureFake.connections.at(-1)!;
    expect(upstream.url).toBe(
      // The mapped model is the deployment, without dots as Azure names deployments.
      `/openai/realtime?api-version=${AZURE_API_VERSION}&deployment=gpt-4o-realtimedeployment`,
    );
    expect(upstream.headers['api-key']).toBe(AZURE_KEY);
    expect(upstream.headers.authorization).toBeUndefined();
    session.rt.close();
    await session.closed;
    const [log] = await realtime.consumeLogsAfter(logId);
    expect(log).toMatchObject({ channel_id: realtime.azureChannel, model_name: AZURE_MODEL });
    expect(JSON.parse(String(log?.other))).toMatchObject({
      upstream_model_name: AZURE_DEPLOYMENT_MODEL,
    });
  });

  it('moves to another channel on a 5xx handshake, and reads a refused key as the upstream error', async () => {
    await realtime.mergeOption('ModelRatio', { [RETRY_MODEL]: MODEL_RATIO });
    await realtime.relay.setOption('RetryTimes', '1');
    await realtime.relay.addChannel({ base_url: realtime.fake.url, key: OPENAI_KEY, models: RETRY_MODEL });
    await realtime.relay.addChannel({ base_url: realtime.fake.url, key: OPENAI_KEY, models: RETRY_MODEL });
    realtime.fake.failNext(503);
    const refusedBefore = realtime.fake.refused.length;
    const session = await realtime.openSdk(realtime.key, RETRY_MODEL);
    await session.waitFor('session.created');
    expect(realtime.fake.refused.slice(refusedBefore)).toEqual([
      { url: `/v1/realtime?model=${RETRY_MODEL}`, status: 503 },
    ]);
    session.rt.close();
    await session.closed;
    await realtime.relay.setOption('RetryTimes', '0');
    const badKeyModel = 'bad-key-realtime';
    await realtime.mergeOption('ModelRatio', { [badKeyModel]: 1 });
    await realtime.relay.addChannel({
      base_url: realtime.fake.url,
      key: 'wrong-upstream-key',
      models: badKeyModel,
    });
    expect(await realtime.upgrade(`/v1/realtime?model=${badKeyModel}`, bearer())).toMatchObject({
      ok: false,
      status: 401,
      body: {
        error: { code: 'invalid_api_key', message: expect.stringContaining('Incorrect API key provided') },
      },
    });
  });

  it.each(['http', 'socks5'] as const)("connects through a channel's %s proxy", async (mode) => {
    const model = `${PROXY_MODEL}-${mode}`;
    await realtime.mergeOption('ModelRatio', { [model]: MODEL_RATIO });
    const proxy = await startTunnelProxy(mode);
    await realtime.relay.addChannel({
      base_url: realtime.fake.url,
      key: OPENAI_KEY,
      models: model,
      setting: JSON.stringify({ proxy: proxy.url }),
    });
    const session = await realtime.openSdk(realtime.key, model);
    await session.waitFor('session.created');
    expect(proxy.tunnels).toEqual([new URL(realtime.fake.url).host]);
    session.rt.close();
    await session.closed;
    await proxy.close();
  });

  it('never connects to an address the policy refuses', async () => {
    await realtime.mergeOption('ModelRatio', { [PROXY_MODEL]: MODEL_RATIO });
    const channel = await realtime.relay.addChannel({
      base_url: realtime.fake.url,
      key: OPENAI_KEY,
      models: PROXY_MODEL,
    });
    // A base URL saved before the policy refused it, say: checked again at every connection.
    await context()
      .database.db.updateTable('channels')
      .set({ base_url: 'http://169.254.169.254' })
      .where('id', '=', channel)
      .execute();
    await context().channelCache.reload();
    const refused = await realtime.upgrade(realtimePath(PROXY_MODEL), bearer());
    expect(refused).toMatchObject({ ok: false, status: 502 });
    expect(JSON.stringify(refused)).toContain('address refused');
  });
});

describe('shutdown', () => {
  it('ends a session with an error event and 1001, and releases it', async () => {
    const session = await realtime.openSdk();
    await session.waitFor('session.created');
    context().inflight.abortAll();
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({ error: { code: 'server_shutting_down' } });
    expect((await session.closed).code).toBe(1001);
    expect((await lastUpstream().closed).code).toBe(1001);
    await until(() => context().inflight.size === 0, 'the session to be released');
  });
});
