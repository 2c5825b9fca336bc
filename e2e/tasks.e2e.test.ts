/**
 * The drawing log (/midjourney) and the task log (/task) in the built console, over rows written straight
 * into the server's database: admin-only columns and filters, the channel / id / time filters, durations
 * coloured red above a minute, the image viewer, the long-text dialog, a task's record as JSON, a video
 * platform's task (Kling) with its platform, action and video link, the drawing-callback hint for admins,
 * and both pages on a 375 px phone.
 */
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUserAndLogin,
  ROOT_PASSWORD,
  ROOT_USERNAME,
  setOptions,
} from '../server/src/test-support/test-server.ts';
import { hasChromium } from './harness.ts';
import {
  columnTitles,
  englishPage,
  FLOW_OPTIONS,
  loggedInEnglishPage,
  loginThroughConsole,
  openSideBarPage,
  POLL_OPTIONS,
  readClipboard,
  shownRowIds,
  startConsoleForFile,
  tableCellText,
  uniqueUsername,
  visibleText,
  waitForPath,
} from './helpers.ts';
import {
  DRAWN_AT,
  FAIL_REASON,
  IMAGE_URL,
  LONG_PROMPT,
  PROMPT_EN,
  type SeededRows,
  seedTaskLogs,
  TASK_DATA,
} from './task-log-seed.ts';

const PASSWORD = 'password-123';
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const ADMIN_DRAWING_COLUMNS = ['Channel', 'Submit result', 'Task status'];
const KLING_VIDEO = 'https://cdn.example/kling/kling-e2e.mp4';

async function tagColorClass(page: Page, testId: string): Promise<string> {
  const classes = (await page.getByTestId(testId).getAttribute('class')) ?? '';
  return classes.split(/\s+/).find((name) => /^ant-tag-(red|green)$/.test(name)) ?? classes;
}

/** Types a date-time into a filter picker (local time) and confirms it. */
async function setPicker(page: Page, testId: string, value: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Closes the open dialog with its close button. */
async function closeDialog(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
}

async function clearPicker(page: Page, testId: string): Promise<void> {
  const picker = page.locator('.ant-picker', { has: page.getByTestId(testId) });
  await picker.hover();
  await picker.locator('.ant-picker-clear').click();
}

describe.skipIf(!hasChromium)('console drawing log and task log', () => {
  // The seeded unfinished rows were submitted long ago: the server's task polling (server/src/jobs/
  // task-polling.ts) would time them out 15 s after start, in the middle of the tests that show them.
  const site = startConsoleForFile({ UPDATE_TASK: 'false' });
  let username: string;
  let drawing: SeededRows['drawings'];
  let task: SeededRows['tasks'];
  /** A finished Kling video (platform 50) of root's, submitted today on channel 13. */
  let klingTask: number;

  beforeAll(async () => {
    const { harness, root } = site;
    username = uniqueUsername('painter');
    const user = await createUserAndLogin(harness.server, root, username, { password: PASSWORD });
    // The data URL image is shown as stored (with forwarding on, the relay's /mj/image/ would serve it).
    await setOptions(root, { MjForwardUrlEnabled: 'false' });
    const seeded = await seedTaskLogs(
      harness.server.context.database.db,
      user.currentUserId ?? 0,
      root.currentUserId ?? 0,
    );
    drawing = seeded.drawings;
    task = seeded.tasks;
    const submitted = Math.max(dayjs().startOf('day').unix() + 60, dayjs().unix() - 600);
    const inserted = await harness.server.context.database.db
      .insertInto('tasks')
      .values({
        user_id: root.currentUserId ?? 0,
        channel_id: 13,
        platform: '50',
        action: 'generate',
        task_id: 'kling-e2e',
        status: 'SUCCESS',
        progress: '100%',
        quota: 125_000,
        submit_time: submitted + 30,
        finish_time: submitted + 75,
        created_at: submitted + 30,
        properties: JSON.stringify({ model: 'kling-v1' }),
        data: JSON.stringify({
          code: 0,
          data: {
            task_id: 'kling-e2e',
            task_status: 'succeed',
            task_result: { videos: [{ url: KLING_VIDEO }] },
          },
        }),
      })
      .executeTakeFirstOrThrow();
    klingTask = Number(inserted.insertId);
  });

  it(
    'shows root every drawing with the admin columns, filters, viewer and dialogs',
    FLOW_OPTIONS,
    async () => {
      const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD, { clipboard: true });
      await openSideBarPage(page, 'midjourney', '/midjourney');

      await page.getByTestId('mj-callback-off').waitFor();
      expect(await visibleText(page.getByTestId('mj-callback-off'))).toContain('Midjourney callback is off');
      const all = [drawing.root, drawing.describe, drawing.upscale, drawing.imagine];
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toEqual(all);
      expect(await columnTitles(page, 'mj-table')).toEqual([
        'Submitted',
        'Duration',
        'Channel',
        'Type',
        'Task ID',
        'Submit result',
        'Task status',
        'Progress',
        'Result image',
        'Prompt',
        'English prompt',
        'Failure reason',
      ]);
      expect(await tableCellText(page, 'mj-table', drawing.imagine, 'Submitted')).toBe(
        DRAWN_AT.format(FORMAT),
      );
      expect(await tableCellText(page, 'mj-table', drawing.imagine, 'Type')).toBe('Imagine');
      expect(await tableCellText(page, 'mj-table', drawing.describe, 'Submit result')).toBe(
        'Duplicate submission',
      );
      expect(await tableCellText(page, 'mj-table', drawing.describe, 'Task status')).toBe('Failed');
      expect(await tableCellText(page, 'mj-table', drawing.root, 'Progress')).toBe('40%');
      // 75 s is red, 30 s green, an unfinished drawing has no duration.
      expect(await visibleText(page.getByTestId(`mj-duration-${drawing.imagine}`))).toBe('75 s');
      expect(await tagColorClass(page, `mj-duration-${drawing.imagine}`)).toBe('ant-tag-red');
      expect(await tagColorClass(page, `mj-duration-${drawing.upscale}`)).toBe('ant-tag-green');
      expect(await tableCellText(page, 'mj-table', drawing.root, 'Duration')).toBe('-');
      // The channel tag copies its id.
      await page.getByTestId(`mj-channel-${drawing.describe}`).click();
      await expect.poll(() => readClipboard(page), POLL_OPTIONS).toBe('9');
      await site.harness.screenshot(page, 'drawing-log-root');
      await page.screenshot({ path: '/tmp/switchyard-drawing-log-root.png', fullPage: true });

      // The long prompt opens whole in a dialog.
      await page.getByTestId(`mj-prompt-${drawing.imagine}`).click();
      const dialog = page.getByTestId('mj-text-dialog');
      await dialog.waitFor();
      expect(await visibleText(dialog)).toBe(LONG_PROMPT);
      await page.screenshot({ path: '/tmp/switchyard-drawing-log-prompt.png' });
      await closeDialog(page);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId(`mj-fail-${drawing.describe}`).click();
      await expect
        .poll(() => visibleText(page.getByTestId('mj-text-dialog')), POLL_OPTIONS)
        .toBe(FAIL_REASON);
      await closeDialog(page);
      await page.getByTestId('mj-text-dialog').waitFor({ state: 'hidden' });

      // The result image opens in the viewer.
      await page.getByTestId(`mj-image-${drawing.imagine}`).click();
      const viewerImage = page.locator('.ant-image-preview img');
      await viewerImage.waitFor();
      expect(await viewerImage.getAttribute('src')).toBe(IMAGE_URL);
      await expect
        .poll(() => viewerImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(256);
      await page.screenshot({ path: '/tmp/switchyard-drawing-log-image.png' });
      await page.locator('.ant-image-preview-close').click();
      await viewerImage.waitFor({ state: 'hidden' });

      // Filters: channel, task id, time window.
      await page.getByTestId('mj-filter-channel').fill('7');
      await page.getByTestId('mj-search-submit').click();
      await expect
        .poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS)
        .toEqual([drawing.upscale, drawing.imagine]);
      await page.getByTestId('mj-search-reset').click();
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toEqual(all);
      await page.getByTestId('mj-filter-id').fill('mj-e2e-describe');
      await page.getByTestId('mj-search-submit').click();
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toEqual([drawing.describe]);
      await page.getByTestId('mj-search-reset').click();
      await setPicker(page, 'mj-filter-end', DRAWN_AT.add(3, 'minute').format(FORMAT));
      await page.getByTestId('mj-search-submit').click();
      await expect
        .poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS)
        .toEqual([drawing.upscale, drawing.imagine]);
      await page.getByTestId('mj-search-reset').click();
      await setPicker(page, 'mj-filter-start', DRAWN_AT.add(4, 'minute').format(FORMAT));
      await page.getByTestId('mj-search-submit').click();
      await expect
        .poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS)
        .toEqual([drawing.root, drawing.describe]);

      // Callbacks are on only with MjNotifyEnabled and a saved ServerAddress (docs/tasks.md "Callbacks"):
      // the option alone leaves them off, and the hint stays.
      await setOptions(site.root, { MjNotifyEnabled: 'true' });
      const [statusReply] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/status'),
        page.reload(),
      ]);
      expect(((await statusReply.json()) as { data: { mj_notify_enabled: boolean } }).data).toMatchObject({
        mj_notify_enabled: false,
      });
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toEqual(all);
      expect(await visibleText(page.getByTestId('mj-callback-off'))).toContain('Midjourney callback is off');
      // With the server address saved too, callbacks are on and the hint goes.
      await setOptions(site.root, { ServerAddress: site.harness.server.url });
      await page.reload();
      await page.getByTestId('mj-table').waitFor();
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toEqual(all);
      await expect.poll(() => page.getByTestId('mj-callback-off').count(), POLL_OPTIONS).toBe(0);
      await setOptions(site.root, { MjNotifyEnabled: 'false', ServerAddress: '' });
    },
  );

  it('shows root every task with its channel, filters and the record JSON', FLOW_OPTIONS, async () => {
    const page = await loggedInEnglishPage(site.harness, ROOT_USERNAME, ROOT_PASSWORD);
    await openSideBarPage(page, 'task', '/task');

    // The start filter defaults to today's 00:00: yesterday's task is left out.
    expect(await page.getByTestId('task-filter-start').inputValue()).toBe(
      dayjs().startOf('day').format(FORMAT),
    );
    const today = [klingTask, task.root, task.lyrics, task.music];
    await expect.poll(() => shownRowIds(page, 'task-table'), POLL_OPTIONS).toEqual(today);
    expect(await columnTitles(page, 'task-table')).toEqual([
      'Submitted',
      'Finished',
      'Progress',
      'Duration',
      'Channel',
      'Platform',
      'Type',
      'Task ID',
      'Task status',
      'Video',
      'Failure reason',
    ]);
    expect(await tableCellText(page, 'task-table', task.music, 'Platform')).toBe('Suno');
    // A video platform's task: its platform and action by name, its video a link with a preview.
    expect(await tableCellText(page, 'task-table', klingTask, 'Platform')).toBe('Kling');
    expect(await tableCellText(page, 'task-table', klingTask, 'Type')).toBe('Image to video');
    expect(await tableCellText(page, 'task-table', task.music, 'Video')).toBe('-');
    const videoLink = page.getByTestId(`task-video-${klingTask}`);
    expect(await visibleText(videoLink)).toBe('Open video');
    expect(await videoLink.getAttribute('href')).toBe(KLING_VIDEO);
    expect(await videoLink.getAttribute('target')).toBe('_blank');
    await videoLink.hover();
    const preview = page.getByTestId(`task-video-preview-${klingTask}`);
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toBe(KLING_VIDEO);
    await page.mouse.move(0, 0);
    expect(await tableCellText(page, 'task-table', task.lyrics, 'Type')).toBe('Generate lyrics');
    expect(await tableCellText(page, 'task-table', task.root, 'Task status')).toBe('In progress');
    expect(await tableCellText(page, 'task-table', task.root, 'Finished')).toBe('-');
    expect(await tableCellText(page, 'task-table', task.music, 'Channel')).toBe('11');
    expect(await visibleText(page.getByTestId(`task-duration-${task.music}`))).toBe('42 s');
    expect(await tagColorClass(page, `task-duration-${task.music}`)).toBe('ant-tag-green');
    expect(await visibleText(page.getByTestId(`task-duration-${task.lyrics}`))).toBe('90 s');
    expect(await tagColorClass(page, `task-duration-${task.lyrics}`)).toBe('ant-tag-red');
    await site.harness.screenshot(page, 'task-log-root');
    await page.screenshot({ path: '/tmp/switchyard-task-log-root.png', fullPage: true });

    // The task id opens the whole record, with the upstream's data.
    await page.getByTestId(`task-id-${task.music}`).click();
    const dialog = page.getByTestId('task-text-dialog');
    await dialog.waitFor();
    const record = JSON.parse(await visibleText(dialog)) as Record<string, unknown>;
    expect(record).toMatchObject({
      id: task.music,
      task_id: 'task-e2e-music',
      channel_id: 11,
      data: TASK_DATA,
    });
    await page.screenshot({ path: '/tmp/switchyard-task-log-record.png' });
    await closeDialog(page);
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('task-filter-channel').fill('12');
    await page.getByTestId('task-search-submit').click();
    await expect.poll(() => shownRowIds(page, 'task-table'), POLL_OPTIONS).toEqual([task.root, task.lyrics]);
    await page.getByTestId('task-search-reset').click();
    await expect.poll(() => shownRowIds(page, 'task-table'), POLL_OPTIONS).toEqual(today);
    await clearPicker(page, 'task-filter-start');
    await page.getByTestId('task-search-submit').click();
    await expect
      .poll(() => shownRowIds(page, 'task-table'), POLL_OPTIONS)
      .toEqual([klingTask, task.root, task.yesterday, task.lyrics, task.music].sort((a, b) => b - a));
    await page.getByTestId('task-filter-id').fill('task-e2e-yesterday');
    await page.getByTestId('task-search-submit').click();
    await expect.poll(() => shownRowIds(page, 'task-table'), POLL_OPTIONS).toEqual([task.yesterday]);
  });

  it(
    'shows a user only their own rows, without the admin columns, filter or hint',
    FLOW_OPTIONS,
    async () => {
      const page = await loggedInEnglishPage(site.harness, username, PASSWORD);

      await openSideBarPage(page, 'midjourney', '/midjourney');
      await expect
        .poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS)
        .toEqual([drawing.describe, drawing.upscale, drawing.imagine]);
      const drawingTitles = await columnTitles(page, 'mj-table');
      for (const title of ADMIN_DRAWING_COLUMNS) expect(drawingTitles).not.toContain(title);
      expect(drawingTitles).toContain('Prompt');
      expect(await page.getByTestId('mj-filter-channel').count()).toBe(0);
      expect(await page.getByTestId('mj-callback-off').count()).toBe(0);
      expect(await tagColorClass(page, `mj-duration-${drawing.imagine}`)).toBe('ant-tag-red');
      await page.getByTestId(`mj-prompt-en-${drawing.imagine}`).click();
      await expect.poll(() => visibleText(page.getByTestId('mj-text-dialog')), POLL_OPTIONS).toBe(PROMPT_EN);
      await closeDialog(page);
      await page.getByTestId('mj-text-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('mj-filter-id').fill('mj-e2e-root');
      await page.getByTestId('mj-search-submit').click();
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toEqual([]);
      await site.harness.screenshot(page, 'drawing-log-user');
      await page.getByTestId('mj-search-reset').click();
      await expect.poll(() => shownRowIds(page, 'mj-table'), POLL_OPTIONS).toHaveLength(3);
      await page.screenshot({ path: '/tmp/switchyard-drawing-log-user.png', fullPage: true });

      await openSideBarPage(page, 'task', '/task');
      await expect
        .poll(() => shownRowIds(page, 'task-table'), POLL_OPTIONS)
        .toEqual([task.lyrics, task.music]);
      expect(await columnTitles(page, 'task-table')).not.toContain('Channel');
      expect(await page.getByTestId('task-filter-channel').count()).toBe(0);
      await page.getByTestId(`task-id-${task.lyrics}`).click();
      const record = JSON.parse(await visibleText(page.getByTestId('task-text-dialog'))) as Record<
        string,
        unknown
      >;
      expect(record).toMatchObject({ task_id: 'task-e2e-lyrics', status: 'FAILURE' });
      expect(record).not.toHaveProperty('channel_id');
      await closeDialog(page);
      await page.screenshot({ path: '/tmp/switchyard-task-log-user.png', fullPage: true });
    },
  );

  it('keeps both pages usable on a 375 px phone', FLOW_OPTIONS, async () => {
    const page = await englishPage(site.harness);
    await page.setViewportSize({ width: 375, height: 740 });
    await loginThroughConsole(page, username, PASSWORD);
    for (const [path, table, name] of [
      ['/midjourney', 'mj-table', 'drawing-log'],
      ['/task', 'task-table', 'task-log'],
    ] as const) {
      await page.goto(path);
      await waitForPath(page, path);
      await expect.poll(async () => (await shownRowIds(page, table)).length, POLL_OPTIONS).toBeGreaterThan(0);
      // The table scrolls inside its own box; the page itself never gets wider than the phone.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, path).toBeLessThanOrEqual(375);
      const submit = await page.getByTestId(`${table.replace('-table', '')}-search-submit`).boundingBox();
      expect(submit?.x, path).toBeGreaterThanOrEqual(0);
      await site.harness.screenshot(page, `${name}-mobile`);
      await page.screenshot({ path: `/tmp/switchyard-${name}-mobile.png`, fullPage: true });
    }
  });
});
