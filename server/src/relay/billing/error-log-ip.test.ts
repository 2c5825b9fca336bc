/**
 * The error log (ERROR_LOG_ENABLED, server/src/relay/call/error-log.ts) fills logs.ip as a charged call's
 * row does (./client-ip-log.test.ts): the client IP only while the user's setting `record_ip_log` is on,
 * empty otherwise, as new-api records it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '../../../../common/statuses.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const { fixture } = setUpRelayFixture({ environment: { ERROR_LOG_ENABLED: 'true' } });
const errorBody = { error: { message: 'upstream refused', type: 'invalid_request_error' } };

/** Makes one call the refusing upstream fails; the error-log row it left. */
async function failedCallRow() {
  const failure = await failureOf(
    fixture.openai.chat.completions.create({
      model: 'error-ip-model',
      messages: [{ role: 'user', content: 'hi' }],
    }),
  );
  expect(failure.status).toBe(400);
  await fixture.flush();
  const rows = await fixture.server.context.logDatabase.db
    .selectFrom('logs')
    .selectAll()
    .where('type', '=', LogType.error)
    .orderBy('id', 'desc')
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!;
}

describe('the client IP in error-log rows', () => {
  beforeAll(async () => {
    await fixture.mergeJsonOption('ModelRatio', { 'error-ip-model': 1 });
    await fixture.addChannel({ key: 'refusing-key-ip', models: 'error-ip-model' });
    fixture.upstream.setBehaviorForKey('refusing-key-ip', { status: 400, errorBody });
  });

  it('is left out unless the user asks for it, recorded while asked, left out again when turned off', async () => {
    expect(await failedCallRow()).toMatchObject({ user_id: fixture.userId, ip: '' });

    const on = await fixture.user.put('/api/user/setting', { notify_type: 'email', record_ip_log: true });
    expect(on.body.success, JSON.stringify(on.body)).toBe(true);
    expect(await failedCallRow()).toMatchObject({ user_id: fixture.userId, ip: '127.0.0.1' });

    const off = await fixture.user.put('/api/user/setting', { notify_type: 'email', record_ip_log: false });
    expect(off.body.success, JSON.stringify(off.body)).toBe(true);
    expect(await failedCallRow()).toMatchObject({ user_id: fixture.userId, ip: '' });
  });
});
