/**
 * Two gateway instances on one database (each database the suite can reach) polling the same failing task
 * — a Midjourney task, a Kling video — : exactly one of them wins the conditional update to FAILURE, so
 * the task is refunded once — one refund log row, the user's quota back to what it was
 * (server/src/relay/tasks/finalize.ts).
 */
import { beforeAll, describe, expect } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../jobs/task-polling.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { FAKE_MJ_SECRET, startFakeMidjourney } from '../../test-support/fake-vendors/midjourney-proxy.ts';
import { FAKE_KLING_KEY, startFakeKling } from '../../test-support/fake-vendors/video/kling.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { pollMidjourney } from './midjourney/poll.ts';
import { pollVideos } from './video/poll.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('two instances polling one failing task on $name', (dialect) => {
  // The second instance (a peer) shares the fixture's database; only the fixture drops it.
  const { fixture, peers, run: it } = setUpRelayFixture({ dialect, peers: { count: 1 } });

  beforeAll(async () => {
    if (dialect.skipReason) return;
    await fixture.addVendorChannel(startFakeMidjourney, {
      type: 2,
      key: FAKE_MJ_SECRET,
      models: 'mj_imagine',
    });
    await fixture.addVendorChannel(startFakeKling, { type: 50, key: FAKE_KLING_KEY, models: 'kling-v1' });
    await fixture.mergeJsonOption('ModelPrice', { 'kling-v1': 0.2 });
  });

  it('refund it exactly once', async () => {
    const other = peers[0]!;
    const before = await fixture.userQuota();
    const response = await fetch(`${fixture.server.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': `sk-${fixture.token.key}` },
      body: JSON.stringify({ prompt: 'this will fail', base64Array: [] }),
    });
    const { result: id } = (await response.json()) as { result: string };
    await fixture.flush();
    expect(before - (await fixture.userQuota())).toBe(50_000);
    await pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS);
    await other.context.channelCache.reload();
    const [first, second] = await Promise.all([
      pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS),
      pollMidjourney(other.context, TASK_TIMEOUT_MS),
    ]);
    expect(first.failed + second.failed).toBe(1);
    await other.context.writer.flush();
    expect(await fixture.userQuota()).toBe(before);
    const refunds = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select('quota')
      .where('type', '=', 4)
      .where('content', 'like', `%${id}%`)
      .execute();
    expect(refunds.map((row) => Number(row.quota))).toEqual([50_000]);
  });

  it('refund a failing Kling video exactly once', async () => {
    const other = peers[0]!;
    const before = await fixture.userQuota();
    const response = await fixture.postWithKey('/v1/video/generations', {
      model: 'kling-v1',
      prompt: 'this will fail',
    });
    const { id } = (await response.json()) as { id: string };
    await fixture.flush();
    expect(before - (await fixture.userQuota())).toBe(100_000);
    await pollVideos(fixture.server.context, TASK_TIMEOUT_MS);
    await other.context.channelCache.reload();
    const [first, second] = await Promise.all([
      pollVideos(fixture.server.context, TASK_TIMEOUT_MS),
      pollVideos(other.context, TASK_TIMEOUT_MS),
    ]);
    expect(first.failed + second.failed).toBe(1);
    await other.context.writer.flush();
    expect(await fixture.userQuota()).toBe(before);
    const refunds = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select('quota')
      .where('type', '=', 4)
      .where('content', 'like', `%${id}%`)
      .execute();
    expect(refunds.map((row) => Number(row.quota))).toEqual([100_000]);
  });
});
