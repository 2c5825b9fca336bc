/**
 * The system-load guard (server/src/relay/http/load-guard.ts): with thresholds set below the machine's real
 * use, relay calls get 503 in each client's format (the direct path's OpenAI calls too) and nothing is
 * charged or sent upstream; model lists still answer; turned off, calls pass again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('system-load guard', () => {
  const { fixture } = setUpRelayFixture();

  beforeAll(async () => {
    await fixture.addChannel({ key: 'upstream-key-load-guard' });
  });

  afterAll(async () => {
    await fixture.setOption('performance_setting.monitor_enabled', 'false');
  });

  const chat = () =>
    fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'busy?' }],
    });

  /**
   * Sets the thresholds and turns the guard on; resolves once a call is refused for `code` (the sample is
   * taken at once; a refusal left from the thresholds before is waited out).
   */
  async function overload(thresholds: Record<string, string>, code: string): Promise<void> {
    for (const [key, value] of Object.entries(thresholds))
      await fixture.setOption(`performance_setting.monitor_${key}_threshold`, value);
    await fixture.setOption('performance_setting.monitor_enabled', 'true');
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const reply = await fixture.postWithKey('/v1/embeddings', {
        model: 'text-embedding-3-small',
        input: 'x',
      });
      const text = await reply.text();
      if (reply.status === 503 && text.includes(code)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the guard did not refuse');
  }

  it('refuses calls with 503 in each client format while memory use is above its threshold', async () => {
    await overload({ cpu: '0', memory: '1', disk: '0' }, 'system_memory_overloaded');
    const requestsBefore = fixture.upstream.requests.length;
    const before = await fixture.userQuota();

    const openai = await failureOf(chat());
    expect(openai.status).toBe(503);
    expect(openai.code).toBe('system_memory_overloaded');
    expect(openai.message).toMatch(/memory use \(\d+%\) is above the 1% the administrator set/);

    const claude = await fixture
      .anthropic()
      .messages.create({ model: 'gpt-4o', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] })
      .then(
        () => null,
        (error: { status: number; error: { type: string; error: { type: string } } }) => error,
      );
    expect(claude?.status).toBe(503);
    expect(claude?.error.type).toBe('error');

    const gemini = await fetch(`${fixture.server.url}/v1beta/models/gpt-4o:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': `sk-${fixture.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(gemini.status).toBe(503);
    expect(((await gemini.json()) as { error: { code: number; status: string } }).error).toMatchObject({
      code: 503,
      status: 'UNAVAILABLE',
    });

    const responses = await failureOf(fixture.openai.responses.create({ model: 'gpt-4o', input: 'hi' }));
    expect(responses.status).toBe(503);

    // A Realtime session is refused at its handshake, before it starts.
    const realtime = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const address = `${fixture.server.url.replace('http', 'ws')}/v1/realtime?model=gpt-4o-realtime-preview`;
      const socket = new WebSocket(address, { headers: { authorization: `Bearer sk-${fixture.token.key}` } });
      socket.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          socket.terminate();
        });
      });
      socket.on('open', () => reject(new Error('the session opened')));
      socket.on('error', () => undefined);
    });
    expect(realtime.status).toBe(503);
    expect(realtime.body).toContain('system_memory_overloaded');

    // The task platforms' routes too (Midjourney, Suno, OpenAI's videos, new-api's video generations).
    for (const path of ['/mj/submit/imagine', '/suno/submit/music', '/v1/videos', '/v1/video/generations']) {
      const task = await fetch(`${fixture.server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'a cat', model: 'kling-v1' }),
      });
      expect({ path, status: task.status, said: (await task.text()).includes('memory use') }).toEqual({
        path,
        status: 503,
        said: true,
      });
    }

    expect(fixture.upstream.requests.length).toBe(requestsBefore);
    expect(await fixture.userQuota()).toBe(before);

    const models = await fixture.openai.models.list();
    expect(models.data.length).toBeGreaterThan(0);
  });

  it('checks the disk of the data folder, and lets calls through once turned off', async () => {
    await overload({ cpu: '0', memory: '0', disk: '1' }, 'system_disk_overloaded');
    expect((await failureOf(chat())).code).toBe('system_disk_overloaded');

    await fixture.setOption('performance_setting.monitor_enabled', 'false');
    const completion = await chat();
    expect(completion.choices[0]?.message.content).toBe('Hello from fake upstream');
  });

  it('leaves calls alone while no threshold is passed', async () => {
    await fixture.setOption('performance_setting.monitor_memory_threshold', '100');
    await fixture.setOption('performance_setting.monitor_disk_threshold', '100');
    await fixture.setOption('performance_setting.monitor_cpu_threshold', '100');
    await fixture.setOption('performance_setting.monitor_enabled', 'true');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await chat()).choices[0]?.message.content).toBe('Hello from fake upstream');
    await fixture.setOption('performance_setting.monitor_enabled', 'false');
  });
});
