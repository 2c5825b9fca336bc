/**
 * The one delivery stage (./deliver-reply.ts) treats an unreadable HTTP 200 alike for every format pair:
 * the client gets a 502 in its format, nothing is charged, and with ERROR_LOG_ENABLED the call leaves one
 * error row with the failure (a conversation's reader once sent the 502 without recording it as the call's
 * failure, so no row was written for a Claude client).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '../../../../common/statuses.ts';
import { claudeMessage, failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('an HTTP 200 whose body is no reply', () => {
  const { fixture } = setUpRelayFixture({ environment: { ERROR_LOG_ENABLED: 'true' } });
  let channel: number;
  beforeAll(async () => {
    await fixture.mergeJsonOption('ModelRatio', { 'unreadable-model': 1 });
    channel = await fixture.addChannel({ key: 'unreadable-key', models: 'unreadable-model' });
    fixture.upstream.setBehaviorForKey('unreadable-key', {
      status: 200,
      rawBody: '<html><body>Welcome to nginx!</body></html>',
    });
  });

  const errorRows = async () => {
    await fixture.flush();
    return fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', LogType.error)
      .orderBy('id', 'desc')
      .execute();
  };

  it.each([
    {
      client: 'OpenAI Chat',
      call: () =>
        fixture.openai.chat.completions.create({
          model: 'unreadable-model',
          messages: [{ role: 'user', content: 'hi' }],
        }),
    },
    { client: 'Claude', call: () => claudeMessage(fixture.anthropic(), 'unreadable-model') },
  ])('gives a $client client a 502, charges nothing and records the failure', async ({ call }) => {
    const quota = await fixture.userQuota();
    const rowsBefore = (await errorRows()).length;
    const failure = await failureOf(call());
    expect(failure.status).toBe(502);
    expect(await fixture.userQuota()).toBe(quota);
    const rows = await errorRows();
    expect(rows).toHaveLength(rowsBefore + 1);
    expect(rows[0]).toMatchObject({ model_name: 'unreadable-model', channel_id: channel, quota: 0 });
    expect(JSON.parse(rows[0]!.other!)).toMatchObject({ status_code: 502, error_code: 'bad_upstream_reply' });
  });
});
