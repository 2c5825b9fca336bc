/**
 * Browser-test harness: the real server on a random port serving the built console, and Debian's
 * Chromium driven by playwright-core. Without /usr/bin/chromium the suites are skipped with a visible
 * message (CI always installs it).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../server/src/test-support/test-server.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`[switchyard e2e] ${CHROMIUM_PATH} not found: browser tests are SKIPPED`);

const distPath = fileURLToPath(new URL('../web/dist', import.meta.url));
export const artifactsPath = fileURLToPath(new URL('./artifacts', import.meta.url));

export interface BrowserHarness {
  server: TestServer;
  browser: Browser;
  newContext(): Promise<BrowserContext>;
  newPage(context?: BrowserContext): Promise<Page>;
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startBrowserHarness(environment: Record<string, string> = {}): Promise<BrowserHarness> {
  const server = await startTestServer({ environment: { WEB_DIST_PATH: distPath, ...environment } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(artifactsPath, { recursive: true });
  const contexts: BrowserContext[] = [];
  const newContext = async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    return context;
  };
  return {
    server,
    browser,
    newContext,
    async newPage(context) {
      const page = await (context ?? (await newContext())).newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `${artifactsPath}/${name}.png`, fullPage: true });
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
    },
  };
}
