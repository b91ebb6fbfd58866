/** The add-on sidebar in Debian's headless Chromium (playwright-core), served by the harness: what each browser test shares. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Harness } from '../apps-script-harness';
import { ROOT } from './setup';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
/** Where screenshots go (CI keeps them as artifacts; the READMEs show copies). */
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** `test` when Chromium is installed, else `test.skip` with a warning naming what is skipped. */
export function browserTest(what: string): typeof test {
  if (!hasChromium) console.warn(`SKIPPED ${what}: ${CHROMIUM} is missing (apt-get install -y chromium).`);
  return hasChromium ? test : test.skip;
}

export interface OpenSidebar {
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** Shows the sidebar in the harness, serves it (its google.script.run calls go to the harness) and opens it at 300 px wide. */
export async function openSidebar(h: Harness, height = 900): Promise<OpenSidebar> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await h.run('showSidebar');
  const server = await h.serveSidebar(h.ui.sidebars[0] as { content: string; title: string; width: number | null; height: number | null });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 300, height } });
  // Google's add-on stylesheet is not reachable offline: answer it empty so the page loads at once.
  await page.route('https://ssl.gstatic.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  await page.goto(server.url);
  return {
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
