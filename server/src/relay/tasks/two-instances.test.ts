/**
 * Two gateway instances on one database (each database the suite can reach) polling the same Midjourney
 * task as it fails: exactly one of them wins the conditional update to FAILURE, so the task is refunded
 * once — one refund log row, the user's quota back to what it was (server/src/relay/tasks/finalize.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../jobs/task-polling.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import {
  FAKE_MJ_SECRET,
  type FakeMidjourney,
  startFakeMidjourney,
} from '../../test-support/fake-vendors/midjourney-proxy.ts';
import { type RelayFixture, startRelayFixture } from '../../test-support/relay-fixture.ts';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { pollMidjourney } from './midjourney/poll.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('two instances polling one failing task on $name', ({ skipReason, create }) => {
  let fixture: RelayFixture;
  let other: TestServer;
  let mj: FakeMidjourney;
  const it = test.skipIf(skipReason !== null);

  beforeAll(async () => {
    if (skipReason) return;
    const database = await create();
    fixture = await startRelayFixture({ database });
    mj = fixture.adopt(await startFakeMidjourney());
    await fixture.addChannel({ type: 2, key: FAKE_MJ_SECRET, base_url: mj.url, models: 'mj_imagine' });
    // The second instance shares the database; only the first drops it when the suite ends.
    other = await startTestServer({
      database: { ...database, drop: async () => undefined },
      environment: { BATCH_UPDATE_INTERVAL: '3600' },
    });
  });

  afterAll(async () => {
    await other?.close();
    await fixture?.close();
  });

  it('refund it exactly once', async () => {
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
});
