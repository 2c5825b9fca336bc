/**
 * one-api keeps a token's limits in `tokens.models` (allowed models, comma-separated) and `tokens.subnet`
 * (IP ranges); Switchyard honours them beside new-api's model_limits and allow_ips, with the same refusals
 * (server/src/relay/cache/cached-accounts.ts, server/src/relay/http/auth.ts). The rows are written as
 * one-api writes them: model_limits_enabled off, allow_ips empty.
 */
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('one-api token limits', () => {
  const { fixture } = setUpRelayFixture();

  async function oneApiToken(name: string, limits: { models?: string; subnet?: string }) {
    const token = await fixture.addToken({ name });
    await fixture.server.context.database.db
      .updateTable('tokens')
      .set({
        model_limits_enabled: 0,
        model_limits: '',
        allow_ips: null,
        models: limits.models ?? null,
        subnet: limits.subnet ?? null,
      })
      .where('id', '=', token.id)
      .execute();
    await fixture.server.context.accounts.reloadToken(token.id);
    return fixture.clientFor(`sk-${token.key}`);
  }

  const ask = (client: ReturnType<typeof fixture.clientFor>, model: string) =>
    client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

  it('refuses a model outside tokens.models with new-api’s model-limit refusal', async () => {
    await fixture.addChannel({ key: 'one-api-limits-key' });
    const client = await oneApiToken('one-api-models', { models: 'gpt-4o-mini, text-embedding-3-small' });
    const served = await ask(client, 'gpt-4o-mini');
    expect(served.choices).toHaveLength(1);
    const refused = await failureOf(ask(client, 'gpt-4o'));
    expect(refused).toMatchObject({ status: 403, code: 'model_not_allowed' });
    expect(refused.message).toMatch(/may not use model gpt-4o/);
  });

  it('refuses a caller outside tokens.subnet with new-api’s allow_ips refusal', async () => {
    const outside = await oneApiToken('one-api-subnet', { models: 'gpt-4o-mini', subnet: '10.0.0.0/8' });
    const refused = await failureOf(ask(outside, 'gpt-4o-mini'));
    expect(refused).toMatchObject({ status: 403, code: 'ip_not_allowed' });
    const inside = await oneApiToken('one-api-loopback', { subnet: '10.0.0.0/8,127.0.0.0/8' });
    expect((await ask(inside, 'gpt-4o')).choices).toHaveLength(1);
  });
});
