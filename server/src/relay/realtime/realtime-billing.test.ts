/**
 * Billing of realtime sessions against the real server and the fake OpenAI Realtime upstream
 * (server/src/test-support/fake-vendors/realtime-upstream.ts), as docs/realtime.md states it: every
 * response billed once, for what reached the client — from the upstream's usage when it reports it (a
 * cancelled response.done), else counted from the deltas delivered — when the client leaves mid-response,
 * the upstream closes or the server shuts down; and a bound reserved before every response (a client's
 * response.create, or the audio a server VAD turns into one), refused with an error event when the
 * balances cannot cover it.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_REALTIME_INSTRUCTIONS,
  FAKE_REALTIME_SCRIPT,
  FAKE_REALTIME_USAGE,
  usageAfter,
} from '../../test-support/fake-vendors/realtime-upstream.ts';
import {
  AUDIO_COMPLETION_RATIO,
  COMPLETION_RATIO,
  MODEL,
  MODEL_RATIO,
  quotaOf,
  type RealtimeFixture,
  type RealtimeUsageShape,
  type SdkSession,
  startRealtimeFixture,
  until,
} from '../../test-support/realtime-fixture.ts';

/** 24 kHz 16-bit mono PCM is 48,000 bytes a second; OpenAI counts one output audio token per 50 ms. */
const OUTPUT_AUDIO_BYTES_PER_TOKEN = 2_400;
const EXPECTED_QUOTA = quotaOf(FAKE_REALTIME_USAGE);
/** Deltas of a response after which the fake stalls in the tests that cut a response short. */
const PART = 8;
/**
 * The bound of a first response with `inf` output tokens: the session's instructions, and 4,096 output
 * tokens of audio (docs/realtime.md).
 */
const DEFAULT_BOUND = Math.round(
  (countTokens(FAKE_REALTIME_INSTRUCTIONS) + 4096 * AUDIO_COMPLETION_RATIO * COMPLETION_RATIO) * MODEL_RATIO,
);

let realtime: RealtimeFixture;
const context = () => realtime.relay.server.context;
const lastUpstream = () => realtime.fake.connections.at(-1)!;

beforeAll(async () => {
  realtime = await startRealtimeFixture();
});

afterEach(() => realtime.fake.behave());

afterAll(async () => realtime?.close());

type Json = Record<string, unknown>;

function deltasOf(session: SdkSession): Json[] {
  return session.events.filter((event) => String(event.type).endsWith('.delta'));
}

/** The output tokens of what the client received: o200k_base text, audio by its decoded size. */
function receivedOutput(events: Json[]): { text: number; audio: number } {
  let text = '';
  let audioBytes = 0;
  for (const event of events) {
    if (event.type === 'response.output_audio.delta')
      audioBytes += Buffer.from(String(event.delta), 'base64').length;
    else text += String(event.delta);
  }
  return { text: countTokens(text), audio: Math.ceil(audioBytes / OUTPUT_AUDIO_BYTES_PER_TOKEN) };
}

/** FAKE_REALTIME_USAGE's input (the upstream's report) with `output` as the output. */
function usageWithOutput(output: { text: number; audio: number }): RealtimeUsageShape {
  return {
    ...FAKE_REALTIME_USAGE,
    output_tokens: output.text + output.audio,
    output_token_details: { text_tokens: output.text, audio_tokens: output.audio },
  };
}

/** What the gateway bills from its own counts: the session's instructions as the prompt, and `output`. */
function countedQuota(output: { text: number; audio: number }): number {
  const prompt = countTokens(FAKE_REALTIME_INSTRUCTIONS);
  return Math.round(
    (prompt + (output.text + output.audio * AUDIO_COMPLETION_RATIO) * COMPLETION_RATIO) * MODEL_RATIO,
  );
}

const otherOf = (row: Json | undefined) => JSON.parse(String(row?.other)) as Json;

async function released(): Promise<void> {
  await until(() => context().inflight.size === 0, 'the session to be released', 10_000);
}

/** A limited key of the fixture's user, and an SDK session with it. */
async function sessionWithKey(remainQuota: number) {
  const token = await realtime.relay.addToken({
    name: `limited-${remainQuota}`,
    unlimited_quota: false,
    remain_quota: remainQuota,
  });
  return { token, session: await realtime.openSdk(`sk-${token.key}`) };
}

describe('every response billed once', () => {
  it('bills two responses as two log rows, and a repeated response.done not again', async () => {
    const before = await realtime.accountsUsed();
    const logId = await realtime.lastLogId();
    const session = await realtime.openSdk();
    for (const count of [1, 2]) {
      session.rt.send({ type: 'response.create' });
      await session.waitFor('response.done', count);
    }
    const second = session.ofType('response.done')[1]?.response as Json;
    lastUpstream().send({ type: 'response.done', response: second });
    await session.waitFor('response.done', 3);
    session.rt.close();
    await session.closed;
    await released();
    const logs = await realtime.consumeLogsAfter(logId);
    expect(logs.map((row) => [row.quota, otherOf(row).response_id])).toEqual([
      [EXPECTED_QUOTA, expect.stringMatching(/^resp_fake_/)],
      [EXPECTED_QUOTA, second.id],
    ]);
    const requestIds = logs.map((row) => otherOf(row).request_id);
    expect(requestIds[0]).toBeTruthy();
    expect(requestIds[1]).toBe(requestIds[0]);
    expect(otherOf(logs[0])).toMatchObject({ ending: 'response_done', billed_from: 'upstream_usage' });
    const after = await realtime.accountsUsed();
    expect(after.user - before.user).toBe(2 * EXPECTED_QUOTA);
  });

  it('bills a response the server VAD started, reserved before its audio went upstream', async () => {
    const { token, session } = await sessionWithKey(1_000_000);
    const logId = await realtime.lastLogId();
    // One second of 24 kHz PCM: the fake's VAD takes it as a whole turn and answers it.
    session.rt.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(48_000).toString('base64') });
    await session.waitFor('response.done');
    expect(lastUpstream().received.map((event) => (event as Json).type)).toEqual([
      'input_audio_buffer.append',
    ]);
    session.rt.close();
    await session.closed;
    await released();
    const logs = await realtime.consumeLogsAfter(logId);
    expect(logs.map((row) => row.quota)).toEqual([EXPECTED_QUOTA]);
    expect(await realtime.keyBalance(token.id)).toEqual({
      used: EXPECTED_QUOTA,
      remain: 1_000_000 - EXPECTED_QUOTA,
    });
  });
  it('gives back the reservation of a response.create the upstream refused', async () => {
    realtime.fake.behave({ holdAfterDeltas: PART });
    const { token, session } = await sessionWithKey(1_000_000);
    const remain = () => context().accounts.token(token.id)?.remainQuota;
    session.rt.send({ type: 'response.create', event_id: 'event_client_1' });
    await until(() => deltasOf(session).length === PART, 'part of the first response');
    expect(remain()).toBe(1_000_000 - DEFAULT_BOUND);
    // One response at a time in a conversation: the upstream refuses the second request.
    session.rt.send({ type: 'response.create', event_id: 'event_client_2' });
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({
      error: { code: 'conversation_already_has_active_response', event_id: 'event_client_2' },
    });
    expect(remain()).toBe(1_000_000 - DEFAULT_BOUND);
    session.rt.send({ type: 'response.cancel' });
    await session.waitFor('response.done');
    const cost = quotaOf(usageAfter(PART) as unknown as RealtimeUsageShape);
    await until(() => remain() === 1_000_000 - cost, 'the first response to be settled');
    session.rt.close();
    await released();
    expect(await realtime.keyBalance(token.id)).toEqual({ used: cost, remain: 1_000_000 - cost });
  });
});

describe('a client that leaves mid-response', () => {
  it('is billed what it received, on its user and key, from the cancelled response.done', async () => {
    realtime.fake.behave({ holdAfterDeltas: PART });
    const usedBefore = await realtime.accountsUsed();
    const { token, session } = await sessionWithKey(1_000_000);
    const logId = await realtime.lastLogId();
    session.rt.send({ type: 'response.create' });
    await until(() => deltasOf(session).length === PART, 'part of the response');
    const upstream = lastUpstream();
    session.rt.close();
    await released();
    const output = receivedOutput(deltasOf(session));
    const expected = quotaOf(usageWithOutput(output));
    expect(upstream.received.at(-1)).toEqual({
      type: 'response.cancel',
      response_id: expect.stringMatching(/^resp_fake_/),
    });
    expect(usageAfter(PART)).toMatchObject({ output_tokens: output.text + output.audio });
    const [log, ...more] = await realtime.consumeLogsAfter(logId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ quota: expected, completion_tokens: output.text + output.audio });
    expect(otherOf(log)).toMatchObject({
      response_status: 'cancelled',
      ending: 'client_disconnected',
      billed_from: 'upstream_usage',
      text_output_tokens: output.text,
      audio_output_tokens: output.audio,
    });
    expect(await realtime.keyBalance(token.id)).toEqual({ used: expected, remain: 1_000_000 - expected });
    expect((await realtime.accountsUsed()).user - usedBefore.user).toBe(expected);
  });

  it('that closes after the last delta but before response.done is billed the whole output', async () => {
    realtime.fake.behave({ holdAfterDeltas: FAKE_REALTIME_SCRIPT.length });
    const { token, session } = await sessionWithKey(1_000_000);
    const logId = await realtime.lastLogId();
    session.rt.send({ type: 'response.create' });
    await until(() => deltasOf(session).length === FAKE_REALTIME_SCRIPT.length, 'every delta');
    session.rt.close();
    await released();
    expect(session.ofType('response.done')).toEqual([]);
    const [log, ...more] = await realtime.consumeLogsAfter(logId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      quota: EXPECTED_QUOTA,
      completion_tokens: FAKE_REALTIME_USAGE.output_tokens,
    });
    expect(otherOf(log)).toMatchObject({ response_status: 'cancelled', ending: 'client_disconnected' });
    expect(await realtime.keyBalance(token.id)).toEqual({
      used: EXPECTED_QUOTA,
      remain: 1_000_000 - EXPECTED_QUOTA,
    });
  });

  it('is billed from the delivered deltas when the upstream never sends response.done', async () => {
    realtime.fake.behave({ holdAfterDeltas: FAKE_REALTIME_SCRIPT.length, omitResponseDone: true });
    const { token, session } = await sessionWithKey(1_000_000);
    const logId = await realtime.lastLogId();
    session.rt.send({ type: 'response.create' });
    await until(() => deltasOf(session).length === FAKE_REALTIME_SCRIPT.length, 'every delta');
    const upstream = lastUpstream();
    session.rt.close();
    await released();
    const output = receivedOutput(deltasOf(session));
    // Counted as the upstream reports it: 100 text and 300 audio tokens.
    const reported = FAKE_REALTIME_USAGE.output_token_details;
    expect(output).toEqual({ text: reported.text_tokens, audio: reported.audio_tokens });
    const expected = countedQuota(output);
    const [log, ...more] = await realtime.consumeLogsAfter(logId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      quota: expected,
      prompt_tokens: countTokens(FAKE_REALTIME_INSTRUCTIONS),
      completion_tokens: output.text + output.audio,
    });
    expect(otherOf(log)).toMatchObject({
      ending: 'client_disconnected',
      billed_from: 'delivered',
      audio_output_tokens: output.audio,
    });
    expect(otherOf(log).response_status).toBeUndefined();
    expect(await realtime.keyBalance(token.id)).toEqual({ used: expected, remain: 1_000_000 - expected });
    expect((await upstream.closed).code).toBe(1000);
  });
});

describe('the bound reserved per response', () => {
  it('refuses a response.create the key cannot cover with an error event, and sends none upstream', async () => {
    const { token, session } = await sessionWithKey(50_000);
    const logId = await realtime.lastLogId();
    // `inf` output tokens: DEFAULT_BOUND (4,096 tokens of audio at most) is more than the key holds.
    session.rt.send({ type: 'response.create' });
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({
      type: 'error',
      error: { type: 'insufficient_quota', code: 'insufficient_token_quota' },
    });
    expect(String((error?.error as Json | undefined)?.message)).toMatch(/\(request id: \w+\)$/);
    const upstream = lastUpstream();
    expect(upstream.received).toEqual([]);
    // A response bounded by its own max_output_tokens fits, and is billed what it cost.
    session.rt.send({ type: 'response.create', response: { max_output_tokens: 500 } });
    await session.waitFor('response.done');
    expect(upstream.received).toEqual([{ type: 'response.create', response: { max_output_tokens: 500 } }]);
    session.rt.close();
    await released();
    expect((await realtime.consumeLogsAfter(logId)).map((row) => row.quota)).toEqual([EXPECTED_QUOTA]);
    expect(await realtime.keyBalance(token.id)).toEqual({
      used: EXPECTED_QUOTA,
      remain: 50_000 - EXPECTED_QUOTA,
    });
  });

  it('refuses a response.create however its JSON spells it', async () => {
    const { session } = await sessionWithKey(50_000);
    // An escaped type, and a type given twice (JSON parsers keep the last): both are a response.create.
    session.rt.socket.send('{"type":"response.cre\\u0061te"}');
    session.rt.socket.send('{"type":"input_audio_buffer.append","audio":"","type":"response.create"}');
    const errors = await session.waitFor('error', 2);
    expect(errors.map((error) => (error.error as Json).code)).toEqual([
      'insufficient_token_quota',
      'insufficient_token_quota',
    ]);
    expect(lastUpstream().received).toEqual([]);
    session.rt.close();
    await released();
  });

  it('refuses audio a server VAD could answer beyond the key, and ends the session', async () => {
    const { token, session } = await sessionWithKey(50_000);
    session.rt.send({ type: 'input_audio_buffer.append', audio: Buffer.alloc(4_800).toString('base64') });
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({ error: { type: 'insufficient_quota', code: 'insufficient_token_quota' } });
    expect((await session.closed).code).toBe(1008);
    expect((await lastUpstream().closed).code).toBe(1000);
    expect(lastUpstream().received).toEqual([]);
    await released();
    expect(await realtime.keyBalance(token.id)).toEqual({ used: 0, remain: 50_000 });
  });

  it('bills, then ends the session with an error event and 1008 when a bill takes the key below zero', async () => {
    // The bound (400 output tokens and the instructions) fits; the upstream's prompt makes it cost more.
    const { token, session } = await sessionWithKey(20_000);
    const logId = await realtime.lastLogId();
    session.rt.send({ type: 'response.create', response: { max_output_tokens: 400 } });
    await session.waitFor('response.done');
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({
      type: 'error',
      error: { type: 'insufficient_quota', code: 'token_exhausted' },
    });
    expect(String(error?.event_id)).toMatch(/^event_/);
    expect(session.events.map((event) => event.type).slice(-2)).toEqual(['response.done', 'error']);
    expect((await session.closed).code).toBe(1008);
    expect((await lastUpstream().closed).code).toBe(1000);
    expect((await realtime.consumeLogsAfter(logId)).map((row) => row.quota)).toEqual([EXPECTED_QUOTA]);
    expect(await realtime.keyBalance(token.id)).toMatchObject({ remain: 20_000 - EXPECTED_QUOTA });
    expect(
      await realtime.upgrade(`/v1/realtime?model=${MODEL}`, { authorization: `Bearer sk-${token.key}` }),
    ).toMatchObject({
      ok: false,
      status: 401,
      body: { error: { code: 'token_exhausted' } },
    });
  });
});

describe('the upstream and a shutdown', () => {
  it('bills what was delivered when the upstream closes mid-response', async () => {
    realtime.fake.behave({ holdAfterDeltas: PART });
    const { token, session } = await sessionWithKey(1_000_000);
    const logId = await realtime.lastLogId();
    session.rt.send({ type: 'response.create' });
    await until(() => deltasOf(session).length === PART, 'part of the response');
    lastUpstream().socket.close(1011, 'upstream failure');
    expect((await session.closed).code).toBe(1011);
    await released();
    const output = receivedOutput(deltasOf(session));
    const expected = countedQuota(output);
    const [log, ...more] = await realtime.consumeLogsAfter(logId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ quota: expected, completion_tokens: output.text + output.audio });
    expect(otherOf(log)).toMatchObject({ ending: 'upstream_closed', billed_from: 'delivered' });
    expect(await realtime.keyBalance(token.id)).toEqual({ used: expected, remain: 1_000_000 - expected });
  });

  // Last: a shutdown ends every session opened afterwards too.
  it('cancels the response in progress at a shutdown and bills what was delivered', async () => {
    realtime.fake.behave({ holdAfterDeltas: PART });
    const { token, session } = await sessionWithKey(1_000_000);
    const logId = await realtime.lastLogId();
    session.rt.send({ type: 'response.create' });
    await until(() => deltasOf(session).length === PART, 'part of the response');
    const upstream = lastUpstream();
    context().inflight.abortAll();
    const [error] = await session.waitFor('error');
    expect(error).toMatchObject({ error: { code: 'server_shutting_down' } });
    expect((await session.closed).code).toBe(1001);
    expect((await upstream.closed).code).toBe(1001);
    await released();
    expect(upstream.received.at(-1)).toMatchObject({ type: 'response.cancel' });
    const expected = quotaOf(usageWithOutput(receivedOutput(deltasOf(session))));
    const [log, ...more] = await realtime.consumeLogsAfter(logId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ quota: expected });
    expect(otherOf(log)).toMatchObject({ ending: 'shutdown', response_status: 'cancelled' });
    expect(await realtime.keyBalance(token.id)).toEqual({ used: expected, remain: 1_000_000 - expected });
  });
});
