/**
 * The built Sidebar.html in a real headless Chromium (Debian's /usr/bin/chromium driven by playwright-core),
 * its google.script.run calls served by the harness against the sandbox: connect, search and import, enrich
 * with progress. Screenshots go to test-artifacts/. CI must install Chromium (apt-get install -y chromium).
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { creditsOf } from './setup';

const maybe = browserTest('add-on sidebar browser test');

let sb: SandboxProcess;
let h: Harness;
let page: Page;
// Not connected: the first test connects through the sidebar.
sidebarPerFile(900, {
  ready: (env) => ({ sb, h, page } = env),
  sandbox: { research: { queuedMs: 300, researchingMs: 1200 } },
  settings: false,
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
}

maybe(
  'connect: service addresses, API key, test with credits and rate-limit headroom',
  async () => {
    await page.waitForSelector('#status:has-text("Not connected")');
    await page.click('details summary');
    await page.fill('#base-v1', sb.info.v1);
    await page.fill('#base-v2', sb.info.v2);
    await page.fill('#auth-url', sb.info.auth);
    await page.click('#save-settings');
    await page.waitForSelector('#connect-msg:has-text("Addresses saved")');
    await page.fill('#api-key', 'pk_wrong');
    await page.click('#connect-key');
    await page.waitForSelector('#connect-msg.error');
    await page.fill('#api-key', sb.info.apiKey);
    await page.click('#connect-key');
    await page.waitForSelector('#connect-msg:has-text("Connected as")');
    const text = await page.textContent('#connect-msg');
    expect(text).toContain(sb.info.user.email);
    expect(text).toMatch(/Credits: 1000/);
    expect(text).toMatch(/Rate limit: \d+ of 60 left/);
    await page.waitForSelector('#status:has-text("Connected with an API key")');
    expect(await page.inputValue('#api-key')).toBe('');
    await shot('addon-sidebar-connect.png');
  },
  60_000,
);

maybe(
  'search and import into a sheet',
  async () => {
    await page.click('#sec-connect h2');
    await page.click('#sec-search h2');
    await page.fill('#search-filters', 'seniority=Director; department=Sales');
    await page.fill('#search-limit', '25');
    await page.fill('#search-sheet', 'Sales directors');
    await page.click('#search-preview');
    await page.waitForSelector('#search-table table tr:nth-child(3)');
    await page.click('#search-import');
    await page.waitForSelector('#search-msg:has-text("Imported 25 rows")');
    const values = h.workbook.mustSheet('Sales directors').values();
    expect(values.length).toBe(26);
    expect(values.slice(1).every((r) => r[values[0].indexOf('department')] === 'Sales')).toBe(true);
    await shot('addon-sidebar-search-import.png');
  },
  60_000,
);

maybe(
  'enrich the selected rows: cost preview, confirmation, live progress to the end',
  async () => {
    h.workbook.setActiveRange("'Sales directors'!A2:A13");
    await page.click('#sec-search h2');
    await page.click('#sec-enrich h2');
    await page.click('#enrich-preview');
    await page.waitForSelector('#enrich-preview-msg:has-text("at most 12 credits")');
    expect(await page.textContent('#enrich-preview-msg')).toContain('12 rows of "Sales directors" (rows 2–13)');
    await page.click('#enrich-confirm');
    await page.waitForSelector('#enrich-progress:has-text("of 12 finished")');
    await page.waitForSelector('#enrich-progress:has-text("12 of 12 finished")', { timeout: 60_000 });
    expect(await page.getAttribute('#enrich-bar', 'style')).toContain('width: 100%');
    const values = h.workbook.mustSheet('Sales directors').values();
    const status = values[0].indexOf('PDS status');
    expect(values.slice(1, 13).every((r) => /^(done|not found)$/.test(String(r[status])))).toBe(true);
    const done = values.slice(1, 13).filter((r) => r[status] === 'done').length;
    expect(1000 - (await creditsOf(sb))).toBe(done);
    // The sidebar polled through google.script.run, every 2 s.
    expect(h.executions.filter((e) => e.fn === 'pollEnrichment').length).toBeGreaterThan(0);
    await shot('addon-sidebar-enrich.png');
  },
  90_000,
);
