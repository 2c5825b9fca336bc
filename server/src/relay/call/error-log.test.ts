/**
 * ERROR_LOG_ENABLED (server/src/relay/call/error-log.ts): a call answered with an upstream failure leaves one
 * log row of type 5 with the failure; with the variable off (the default) it leaves none; a successful call
 * never does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '../../../../common/statuses.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const errorBody = {
  error: { message: 'context too long', type: 'invalid_request_error', code: 'context_length_exceeded' },
};

describe.each([
  { enabled: true, rows: 1 },
  { enabled: false, rows: 0 },
])('ERROR_LOG_ENABLED=$enabled', ({ enabled, rows }) => {
  const { fixture } = setUpRelayFixture({ environment: { ERROR_LOG_ENABLED: String(enabled) } });
  let channel: number;
  beforeAll(async () => {
    await fixture.mergeJsonOption('ModelRatio', { 'error-model': 1 });
    channel = await fixture.addChannel({ key: 'refusing-key', models: 'error-model' });
    fixture.upstream.setBehaviorForKey('refusing-key', { status: 400, errorBody });
  });

  const errorRows = async () => {
    await fixture.flush();
    return fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', LogType.error)
      .execute();
  };

  it(enabled ? 'records the failed call once, with its failure' : 'records nothing', async () => {
    const failure = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'error-model',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(failure.status).toBe(400);
    const logged = await errorRows();
    expect(logged).toHaveLength(rows);
    if (!enabled) return;
    const row = logged[0]!;
    expect(row).toMatchObject({
      user_id: fixture.userId,
      model_name: 'error-model',
      channel_id: channel,
      token_id: fixture.token.id,
      quota: 0,
      content: 'context too long',
    });
    expect(JSON.parse(row.other!)).toMatchObject({
      status_code: 400,
      error_code: 'context_length_exceeded',
      error_type: 'invalid_request_error',
      admin_info: { use_channel: [channel] },
      attempts: [
        {
          channel_id: channel,
          model: 'error-model',
          status: 400,
          class: 'context_too_long',
          action: 'returned',
        },
      ],
    });
  });

  it('records nothing for a call that succeeds', async () => {
    fixture.upstream.setBehaviorForKey('refusing-key', undefined);
    await fixture.openai.chat.completions.create({
      model: 'error-model',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(await errorRows()).toHaveLength(rows);
  });
});
