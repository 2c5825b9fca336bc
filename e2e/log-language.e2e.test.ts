/**
 * Log content and relay errors in the reader's language, in the built console: a consumption row, a
 * redemption row and a quota change by root read in Chinese and in English from the facts the server
 * stored (common/log-facts.ts), and a playground call refused for lack of quota explained in Chinese.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage, LogView } from '../common/api-types.ts';
import { LogType } from '../common/statuses.ts';
import { createUserAndLogin } from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  createFakeChannel,
  englishPage,
  FLOW_OPTIONS,
  loginThroughConsole,
  openaiClientOf,
  openSideBarPage,
  POLL_OPTIONS,
  setUserQuota,
  startConsoleAndUpstreamForFile,
  uniqueUsername,
  visibleText,
} from './helpers.ts';

const PASSWORD = 'password-123';
/** $100 at the default 500,000 quota per dollar. */
const USER_QUOTA = 50_000_000;
/** $0.20. */
const CODE_QUOTA = 100_000;
/** The greeting pair comes first; the first message the user sends is the third. */
const FIRST_REPLY_INDEX = 3;

interface ExpectedRow {
  id: number;
  zh: string;
  en: string;
}

/** The content cell of each expected row, as the log page of `context` shows it. */
async function shownContents(page: Page, rows: ExpectedRow[]): Promise<string[]> {
  return Promise.all(rows.map((row) => visibleText(page.getByTestId(`log-content-${row.id}`))));
}

describe.skipIf(!hasChromium)('log content and relay errors in the reader language', () => {
  const site = startConsoleAndUpstreamForFile();
  let username: string;
  let rows: ExpectedRow[];

  beforeAll(async () => {
    const { harness, root, upstream } = site;
    await createFakeChannel(root, upstream.url, { name: 'language-fake', models: 'gpt-4o-mini' });
    username = uniqueUsername('reader');
    const user = await createUserAndLogin(harness.server, root, username, { password: PASSWORD });
    await setUserQuota(root, user.currentUserId ?? 0, USER_QUOTA);
    const codes = await root.post<string[]>('/api/redemption/', {
      name: 'language',
      quota: CODE_QUOTA,
      count: 1,
    });
    expect((await user.post('/api/user/topup', { key: codes.body.data?.[0] })).body.success).toBe(true);
    const openai = await openaiClientOf(user, harness.server.url, 'language-key');
    await openai.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    await harness.server.context.writer.flush();
    const logs = await user.get<ListPage<LogView>>('/api/log/self/', { p: 1, page_size: 100, type: 0 });
    const ofType = (type: number) => {
      const log = logs.body.data?.items.find((item) => item.type === type);
      if (!log) throw new Error(`no log row of type ${type}`);
      return log;
    };
    const redemption = ofType(LogType.topup);
    const codeId = (JSON.parse(redemption.other) as { content_params: { code_id: number } }).content_params
      .code_id;
    rows = [
      {
        // gpt-4o-mini's built-in ratios: 0.075, completions ×4.
        id: ofType(LogType.consume).id,
        zh: '模型倍率 0.075，补全倍率 4，分组倍率 1',
        en: 'model ratio 0.075, completion ratio 4, group ratio 1',
      },
      {
        id: redemption.id,
        zh: `使用兑换码充值 $0.20（兑换码 #${codeId}）`,
        en: `Redeemed a code: +$0.20 (code #${codeId})`,
      },
      {
        id: ofType(LogType.manage).id,
        zh: '管理员 root 将用户额度从 $0.00 修改为 $100.00',
        en: 'Administrator root changed the quota from $0.00 to $100.00',
      },
    ];
  });

  /** Logs the reader in on `page` and opens the usage log there. */
  async function openLogPage(page: Page): Promise<Page> {
    await loginThroughConsole(page, username, PASSWORD);
    await openSideBarPage(page, 'log', '/log');
    return page;
  }

  it('says the rows in Chinese by default and in English when chosen', FLOW_OPTIONS, async () => {
    const { harness } = site;
    const zhPage = await openLogPage(await harness.newPage());
    await expect.poll(() => shownContents(zhPage, rows), POLL_OPTIONS).toEqual(rows.map((row) => row.zh));
    await harness.screenshot(zhPage, 'log-content-zh');

    const enPage = await openLogPage(await englishPage(harness));
    await expect.poll(() => shownContents(enPage, rows), POLL_OPTIONS).toEqual(rows.map((row) => row.en));
    await harness.screenshot(enPage, 'log-content-en');
  });

  it('explains a playground call refused for lack of quota in Chinese', FLOW_OPTIONS, async () => {
    const { harness, root } = site;
    const broke = uniqueUsername('broke');
    await createUserAndLogin(harness.server, root, broke, { password: PASSWORD });
    const page = await harness.newPage();
    await loginThroughConsole(page, broke, PASSWORD);
    await openSideBarPage(page, 'playground', '/playground');
    await expect
      .poll(() => visibleText(page.getByTestId('playground-model')), POLL_OPTIONS)
      .toContain('gpt-4o-mini');
    await page.getByTestId('playground-input').fill('你好');
    await page.getByTestId('playground-send').click();
    const reply = page.locator(`[data-testid="playground-message-${FIRST_REPLY_INDEX}"][data-state="error"]`);
    await reply.waitFor();
    expect(await visibleText(reply)).toMatch(/^用户额度不足，请充值后再试（请求 ID：\S+）$/);
    await harness.screenshot(page, 'playground-error-zh');
  });
});
