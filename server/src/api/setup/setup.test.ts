import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import {
  type ApiClient,
  anonymousClient,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('setup on $name', ({ name, skipReason, create }) => {
  let server: TestServer;
  let client: ApiClient;
  const valid = { username: 'admin', password: 'correct-horse', confirmPassword: 'correct-horse' };

  beforeAll(async () => {
    if (skipReason) return;
    server = await startTestServer({ database: await create() });
    client = anonymousClient(server);
  });
  afterAll(async () => server?.close());

  it.skipIf(skipReason !== null)('reports a fresh system', async () => {
    const response = await client.get('/api/setup');
    expect(response.body).toEqual({
      success: true,
      message: '',
      data: { status: false, root_init: false, database_type: name },
    });
  });

  it.skipIf(skipReason !== null).each([
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
    expect((await client.get<{ status: boolean; root_init: boolean }>('/api/setup')).body.data).toMatchObject(
      {
        status: false,
        root_init: false,
      },
    );
  });

  it.skipIf(skipReason !== null)('rejects wrongly typed input with a 400', async () => {
    const response = await client.post('/api/setup', { ...valid, SelfUseModeEnabled: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/SelfUseModeEnabled/);
  });

  it.skipIf(skipReason !== null)('initializes once: root account, usage mode, then refuses', async () => {
    const response = await client.post('/api/setup', {
      ...valid,
      SelfUseModeEnabled: true,
      DemoSiteEnabled: false,
    });
    expect(response.body).toEqual({ success: true, message: 'System initialized' });
    expect((await client.get('/api/setup')).body.data).toEqual({
      status: true,
      root_init: true,
      database_type: name,
    });
    const again = await client.post('/api/setup', valid);
    expect(again.body).toEqual({ success: false, message: 'The system has already been initialized' });
    const status = await client.get<{ setup: boolean; self_use_mode_enabled: boolean }>('/api/status');
    expect(status.body.data).toMatchObject({ setup: true, self_use_mode_enabled: true });
    const login = await client.login('admin', 'correct-horse');
    expect(login.body.data).toMatchObject({ username: 'admin', role: 100, status: 1 });
  });

  it.skipIf(skipReason !== null)('answers in Chinese by default', async () => {
    const response = await fetch(`${server.url}/api/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(valid),
    });
    expect(await response.json()).toEqual({ success: false, message: '系统已经初始化完成' });
  });
});
