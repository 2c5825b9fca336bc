/**
 * A Midjourney task end to end: submitted through the gateway with a Midjourney-Proxy client's own
 * request body to a fake Midjourney-Proxy (server/src/test-support/fake-vendors/midjourney-proxy.ts),
 * polled to SUCCESS by the task poller, then found in the console's drawing log with its image — served
 * by the gateway's /mj/image proxy — opening in the viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenView } from '../common/api-types.ts';
import { pollTasks } from '../server/src/jobs/task-polling.ts';
import {
  FAKE_MJ_SECRET,
  type FakeMidjourney,
  startFakeMidjourney,
} from '../server/src/test-support/fake-vendors/midjourney-proxy.ts';
import { ROOT_PASSWORD, ROOT_USERNAME, setOptions } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  FLOW_OPTIONS,
  loggedInEnglishPage,
  openSideBarPage,
  POLL_OPTIONS,
  startConsoleForFile,
  tableCellText,
} from './helpers.ts';

describe.skipIf(!hasChromium)('a Midjourney task through the gateway', () => {
  const site = startConsoleForFile();
  let mj: FakeMidjourney;
  let key = '';

  beforeAll(async () => {
    const { harness, root } = site;
    mj = await startFakeMidjourney();
    const channel = await root.post('/api/channel/', {
      type: 2,
      name: 'midjourney-proxy',
      key: FAKE_MJ_SECRET,
      base_url: mj.url,
      models: 'mj_imagine',
      group: 'default',
    });
    if (!channel.body.success) throw new Error(`channel: ${channel.body.message}`);
    const token = await root.post<TokenView>('/api/token/', {
      name: 'drawing',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
    });
    if (!token.body.success) throw new Error(`token: ${token.body.message}`);
    key = token.body.data!.key;
    await setOptions(root, { ServerAddress: harness.server.url });
  });

  afterAll(async () => {
    await mj?.close();
  });

  it('reaches SUCCESS and shows its image in the drawing log', FLOW_OPTIONS, async () => {
    // Midjourney-Proxy's documented imagine body, as its clients send it.
    const submitted = await fetch(`${site.harness.server.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': `sk-${key}` },
      body: JSON.stringify({ base64Array: [], notifyHook: '', prompt: 'Cat --v 6', state: '' }),
    });
    const answer = (await submitted.json()) as { code: number; result: string };
    expect(answer.code).toBe(1);
    await pollTasks(site.harness.server.context);
    await pollTasks(site.harness.server.context);
    const task = await fetch(`${site.harness.server.url}/mj/task/${answer.result}/fetch`, {
      headers: { 'mj-api-secret': `sk-${key}` },
    });
    const fetched = (await task.json()) as { status: string; imageUrl: string };
    expect(fetched.status).toBe('SUCCESS');
    expect(fetched.imageUrl).toBe(`${site.harness.server.url}/mj/image/${answer.result}`);

    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'midjourney', '/midjourney');
    const row = await site.harness.server.context.database.db
      .selectFrom('midjourneys')
      .select('id')
      .where('mj_id', '=', answer.result)
      .executeTakeFirstOrThrow();
    await expect
      .poll(() => tableCellText(page, 'mj-table', row.id, 'Task ID'), POLL_OPTIONS)
      .toBe(answer.result);
    expect(await tableCellText(page, 'mj-table', row.id, 'Task status')).toBe('Succeeded');
    await page.getByTestId(`mj-image-${row.id}`).click();
    const viewer = page.locator('.ant-image-preview img');
    await viewer.waitFor();
    expect(await viewer.getAttribute('src')).toBe(fetched.imageUrl);
    await expect
      .poll(() => viewer.evaluate((image: HTMLImageElement) => image.naturalWidth), POLL_OPTIONS)
      .toBe(1);
    await page.screenshot({ path: '/tmp/switchyard-mj-relay-viewer.png' });
  });
});
