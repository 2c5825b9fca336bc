/**
 * GET /metrics after traffic through the real server: the relay counters agree with the consumption log
 * rows (calls, tokens, quota), HTTP requests are counted by route, the writer, cache and process metrics
 * are there; the scrape needs the bearer token, and without METRICS_ENABLED there is no /metrics at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startRelayFixture } from '../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../test-support/test-site.ts';

const TOKEN = 'scrape-secret';
const { fixture } = setUpRelayFixture({ environment: { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN } });
let channelId: number;

/** The value of one sample line of the exposition text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split('}')[0] ?? '';
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

async function scrape(token: string | null): Promise<{ status: number; text: string }> {
  const response = await fetch(`${fixture.server.url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  channelId = await fixture.addChannel({ models: 'gpt-4o' });
});

describe('GET /metrics', () => {
  it('counts relay calls, tokens and quota exactly as the log rows record them', async () => {
    for (let index = 0; index < 3; index += 1) {
      await fixture.openai.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Hi' }],
      });
    }
    const stream = await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    for await (const _chunk of stream);
    await fixture.flush();
    const logs = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select(['quota', 'prompt_tokens', 'completion_tokens'])
      .where('type', '=', 2)
      .where('model_name', '=', 'gpt-4o')
      .execute();
    expect(logs).toHaveLength(4);
    const sum = (column: 'quota' | 'prompt_tokens' | 'completion_tokens') =>
      logs.reduce((total, row) => total + Number(row[column]), 0);

    const { status, text } = await scrape(TOKEN);
    expect(status).toBe(200);
    const labels = { model: 'gpt-4o', channel: String(channelId) };
    expect(sample(text, 'switchyard_relay_calls_total', { ...labels, outcome: 'completed' })).toBe(4);
    expect(sample(text, 'switchyard_quota_charged_total', { model: 'gpt-4o' })).toBe(sum('quota'));
    expect(sample(text, 'switchyard_tokens_total', { model: 'gpt-4o', kind: 'prompt' })).toBe(
      sum('prompt_tokens'),
    );
    expect(sample(text, 'switchyard_tokens_total', { model: 'gpt-4o', kind: 'completion' })).toBe(
      sum('completion_tokens'),
    );
    expect(sample(text, 'switchyard_relay_duration_seconds_count', labels)).toBe(4);
    expect(sample(text, 'switchyard_relay_time_to_first_byte_seconds_count', labels)).toBe(1);
    expect(
      sample(text, 'switchyard_http_requests_total', {
        route: '/v1/chat/completions',
        method: 'POST',
        status: '200',
      }),
    ).toBe(4);
    expect(sample(text, 'switchyard_batch_writer_flush_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'switchyard_cache_entries', { cache: 'channels' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('switchyard_batch_writer_queue_depth');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('refuses a scrape without the bearer token', async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('wrong-token')).status).toBe(401);
  });

  it('does not exist unless METRICS_ENABLED', async () => {
    const plain = await startRelayFixture();
    try {
      const response = await fetch(`${plain.server.url}/metrics`);
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
