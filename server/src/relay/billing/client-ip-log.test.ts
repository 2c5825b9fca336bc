/**
 * logs.ip as new-api fills it: the client IP is recorded in a user's log rows (server/src/relay/billing/ledger.ts;
 * the error log, server/src/relay/call/error-log.ts, follows the same switch) only when the user's setting `record_ip_log` is on (PUT /api/user/setting), empty otherwise.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const { fixture } = setUpRelayFixture();
const chat = { model: 'gpt-4o', messages: [{ role: 'user' as const, content: 'hello' }] };

describe('the client IP in log rows', () => {
  beforeAll(async () => {
    await fixture.addChannel({ key: 'upstream-key-ip' });
  });

  it('is left out unless the user asks for it, then recorded', async () => {
    const unasked = await fixture.charged(() => fixture.openai.chat.completions.create(chat));
    expect(unasked.log).toMatchObject({ model_name: 'gpt-4o', ip: '' });

    const saved = await fixture.user.put('/api/user/setting', { notify_type: 'email', record_ip_log: true });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const asked = await fixture.charged(() => fixture.openai.chat.completions.create(chat));
    expect(asked.log).toMatchObject({ model_name: 'gpt-4o', ip: '127.0.0.1' });

    // Saving the other settings without the switch keeps it.
    await fixture.user.put('/api/user/setting', { notify_type: 'email', quota_warning_threshold: 10 });
    const kept = await fixture.charged(() => fixture.openai.chat.completions.create(chat));
    expect(kept.log).toMatchObject({ ip: '127.0.0.1' });
  });
});
