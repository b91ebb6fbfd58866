/**
 * Issue 12 in the real sidebar (Debian's Chromium): the search filter form generated from the catalogue (caps
 * shown, a filter over its cap refused before anything is sent), the saved imports list (save, run now, pause,
 * delete) and the run log, at the sidebar's width. Screenshots go to test-artifacts/.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { admin } from './setup';

const maybe = browserTest('imports browser test');

let sb: SandboxProcess;
let h: Harness;
let page: Page;
sidebarPerFile(1000, {
  ready: (env) => ({ sb, h, page } = env),
  sandbox: { seed: { orgContacts: 60 } },
  after: (page) => page.click('#sec-connect h2'),
});

async function shot(name: string, selector: string): Promise<void> {
  await (await page.$(selector))!.screenshot({ path: path.join(ARTIFACTS, name) });
}

/** Nothing in the page is wider than the sidebar: wide content scrolls inside its own box. */
async function pageOverflow(): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

maybe(
  'the filter form: caps shown, a filter over its cap refused before sending, a preview that scrolls inside the sidebar',
  async () => {
    await page.click('#sec-search h2');
    await page.waitForSelector('#pick-department');
    expect(await page.textContent('label[for="pick-department"]')).toContain('at most 5');
    expect(await page.$eval('#pick-department', (s) => (s as unknown as { multiple: boolean }).multiple)).toBe(true);
    expect(await page.$eval('#pick-companyDomain', (e) => e.tagName)).toBe('TEXTAREA');
    expect(await page.textContent('label[for="pick-companyDomain"]')).toContain('one per line, at most 100');
    expect(await page.$('#search-advanced #search-filters')).not.toBeNull();

    const sent = h.http.log.length;
    await page.selectOption('#pick-department', ['Sales', 'Marketing', 'Engineering', 'Finance', 'IT', 'Legal']);
    await page.click('#search-import');
    await page.waitForSelector('#search-msg.error');
    expect(await page.textContent('#search-msg')).toBe('department: at most 5 values (6 given). Nothing was sent.');
    expect(h.http.log.length).toBe(sent);

    await page.selectOption('#pick-department', ['Sales']);
    await page.selectOption('#pick-seniority', ['Director']);
    await page.fill('#search-limit', '15');
    await page.click('#search-preview');
    await page.waitForSelector('#search-msg:has-text("shown")');
    expect(await page.$eval('#search-table', (e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await pageOverflow()).toBe(0);
    await shot('imports-filter-form.png', '#sec-search');
  },
  60_000,
);

maybe(
  'saved imports: saved from the search form with a schedule, listed with last run, rows and next run; run now, pause, delete',
  async () => {
    await page.fill('#search-sheet', 'Sales directors');
    await page.selectOption('#search-mode', 'merge');
    await page.click('#search-save-import');
    await page.fill('#imp-name', 'Sales directors');
    await page.selectOption('#imp-every', 'day');
    await page.fill('#imp-hour', '7');
    await page.click('#imp-save');
    await page.waitForSelector('#imp-msg:has-text("daily at 07:00 UTC")');
    await page.waitForSelector('#imp-list .card');

    // A second one from the org's saved contacts, weekly.
    await page.fill('#imp-name', 'Org contacts weekly');
    await page.selectOption('#imp-source', 'orgContacts');
    await page.fill('#imp-sheet', 'Org weekly');
    await page.fill('#imp-key', 'contactId');
    await page.selectOption('#imp-every', 'week');
    await page.selectOption('#imp-weekday', '1');
    // Records without a key: appended only when ticked, and the confirmation and the list say which.
    await page.check('#imp-keyless');
    await page.click('#imp-save');
    await page.waitForSelector('#imp-msg:has-text("weekly on Monday")');
    expect(await page.textContent('#imp-msg')).toMatch(/records without a key appended\.$/);
    await page.waitForFunction("document.querySelectorAll('#imp-list .card').length === 2");
    expect(await page.locator('#imp-list .card').nth(1).textContent()).toMatch(/by contactId \(records without a key appended\)/);
    expect(await page.locator('#imp-list .card').first().textContent()).toMatch(/\(records without a key counted, not written\)/);
    expect(h.triggers.map((t) => t.handler)).toEqual(['scheduledRun']);

    const first = page.locator('#imp-list .card').first();
    await first.locator('button', { hasText: 'Run now' }).click();
    await page.waitForSelector('#imp-msg:has-text("15 new")');
    await page.waitForFunction("/15 rows written/.test(document.querySelector('#imp-list .card').textContent)");
    const values = h.workbook.mustSheet('Sales directors').values();
    expect(values).toHaveLength(16);
    expect(values.slice(1).every((r) => r[values[0].indexOf('department')] === 'Sales' && r[values[0].indexOf('seniority')] === 'Director')).toBe(true);

    await page.locator('#imp-list .card').nth(1).locator('button', { hasText: 'Pause' }).click();
    await page.waitForFunction("/\\(paused\\)/.test(document.querySelectorAll('#imp-list .card')[1].textContent)");
    expect(await pageOverflow()).toBe(0);
    await shot('imports-saved-list.png', '#sec-imports');

    page.once('dialog', (d) => void d.accept());
    await page.locator('#imp-list .card').nth(1).locator('button', { hasText: 'Delete' }).click();
    await page.waitForFunction("document.querySelectorAll('#imp-list .card').length === 1");
  },
  60_000,
);

maybe(
  'the run log: opted in from the sidebar, each run listed with rows, credits and requests',
  async () => {
    await page.click('#sec-runlog h2');
    await page.check('#log-enabled');
    await page.fill('#log-max', '50');
    await page.click('#log-save');
    await page.waitForSelector('#log-msg:has-text("Logging to")');
    await page.locator('#imp-list .card').first().locator('button', { hasText: 'Run now' }).click();
    await page.waitForSelector('#imp-msg:has-text("0 new")');
    await page.click('#log-load');
    await page.waitForFunction("document.querySelectorAll('#log-table tr').length === 2");
    const cells = await page.$$eval('#log-table tr:nth-child(2) td', (tds) => tds.map((td) => td.textContent));
    expect(cells.slice(1)).toEqual(['import "Sales directors" → Sales directors', '15', '0', '0', '1', '']);
    expect(await pageOverflow()).toBe(0);
    await shot('imports-run-log.png', '#sec-runlog');
  },
  60_000,
);

maybe(
  'a long Run now shows its counts so far and can be stopped: the rows written stay',
  async () => {
    await page.evaluate("document.getElementById('sec-imports').classList.add('open')");
    await page.fill('#imp-name', 'Slow org read');
    await page.selectOption('#imp-source', 'orgContacts');
    await page.fill('#imp-sheet', 'Slow org');
    await page.fill('#imp-key', 'contactId');
    await page.selectOption('#imp-every', 'never');
    await page.click('#imp-save');
    await page.waitForSelector('#imp-msg:has-text("Slow org read")');
    await page.waitForFunction("document.querySelectorAll('#imp-list .card').length === 2");
    await h.run('saveConnectionSettings', { pageSizeLimit: 10 });
    await admin(sb, 'POST', '/faults', { endpoint: 'GET /v1/contacts', kind: 'latency', latencyMs: 1500, share: 1 });
    try {
      const card = page.locator('#imp-list .card').nth(1);
      await card.locator('button', { hasText: 'Run now' }).click();
      await page.waitForSelector('#imp-progress.on');
      await page.waitForSelector('#imp-msg:has-text("written so far")', { timeout: 15_000 });
      await shot('imports-run-progress.png', '#sec-imports');
      await card.locator('button', { hasText: 'Stop' }).click();
      await page.waitForSelector('#imp-msg:has-text("stopped: the rows written stay")', { timeout: 15_000 });
    } finally {
      await admin(sb, 'DELETE', '/faults');
      await h.run('saveConnectionSettings', { pageSizeLimit: 500 });
    }
    const written = h.workbook.mustSheet('Slow org').values().length - 1;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(60);
    await page.waitForFunction("/Stopped from the sidebar/.test(document.querySelectorAll('#imp-list .card')[1].textContent)");
  },
  60_000,
);
