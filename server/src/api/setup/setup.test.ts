import { describe, expect } from 'vitest';
import type { PublicStatus, SetupStatus } from '../../../../common/api/status.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('setup on $name', (dialect) => {
  const { server, anonymous: client, run } = setUpSite({ dialect, fresh: true });
  const valid = { username: 'admin', password: 'correct-horse', confirmPassword: 'correct-horse' };

  run('reports a fresh system', async () => {
    const response = await client.get('/api/setup');
    expect(response.body).toEqual({
      success: true,
      message: '',
      data: { status: false, root_init: false, database_type: dialect.name },
    });
  });

  run.each([
    [{ ...valid, username: '   ' }, 'Username cannot be empty'],
    [{ ...valid, password: 'short', confirmPassword: 'short' }, 'Password length must not be less than 8'],
    [{ ...valid, confirmPassword: 'different-1' }, 'The two passwords entered differ'],
    [
      { ...valid, SelfUseModeEnabled: true, DemoSiteEnabled: true },
      'Choose one usage mode: self-use and demo site cannot both be on',
    ],
  ])('refuses %o and changes nothing', async (payload, message) => {
    const response = await client.post('/api/setup', payload);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, message });
    expect((await client.get<SetupStatus>('/api/setup')).body.data).toMatchObject({
      status: false,
      root_init: false,
    });
  });

  run('rejects wrongly typed input with a 400', async () => {
    const response = await client.post('/api/setup', { ...valid, SelfUseModeEnabled: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/SelfUseModeEnabled/);
  });

  run('initializes once: root account, usage mode, then refuses', async () => {
    const response = await client.post('/api/setup', {
      ...valid,
      SelfUseModeEnabled: true,
      DemoSiteEnabled: false,
    });
    expect(response.body).toEqual({ success: true, message: 'System initialized' });
    expect((await client.get('/api/setup')).body.data).toEqual({
      status: true,
      root_init: true,
      database_type: dialect.name,
    });
    const again = await client.post('/api/setup', valid);
    expect(again.body).toEqual({ success: false, message: 'The system has already been initialized' });
    const status = await client.get<PublicStatus>('/api/status');
    expect(status.body.data).toMatchObject({ setup: true, self_use_mode_enabled: true });
    const login = await client.login('admin', 'correct-horse');
    expect(login.body.data).toMatchObject({ username: 'admin', role: 100, status: 1 });
  });

  run('answers in Chinese by default', async () => {
    const response = await fetch(`${server.url}/api/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(valid),
    });
    expect(await response.json()).toEqual({ success: false, message: '系统已经初始化完成' });
  });
});

describe.each(matrix)('setup run by another instance, on $name', (dialect) => {
  const { server, anonymous: client, run } = setUpSite({ dialect, fresh: true });

  run('is seen here at once, by the setup status and the public status', async () => {
    expect((await client.get<SetupStatus>('/api/setup')).body.data?.status).toBe(false);
    // Another instance (or worker) on the same database ran the setup.
    await server.context.database.db
      .insertInto('setups')
      .values({ version: 'other-instance', initialized_at: Math.floor(Date.now() / 1000) })
      .execute();
    expect((await client.get<SetupStatus>('/api/setup')).body.data?.status).toBe(true);
    expect((await client.get<PublicStatus>('/api/status')).body.data?.setup).toBe(true);
  });
});
