/**
 * Issue 12: the enrichment panel of the built Sidebar.html in headless Chromium (playwright-core), its
 * google.script.run calls served by the harness against the sandbox: the field picker, the run conditions and
 * their free preview, progress and cancel. Screenshots go to test-artifacts/ (the README shows copies).
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';

const maybe = browserTest('enrichment browser test');

let h: Harness;
let page: Page;
sidebarPerFile(900, {
  ready: (env) => ({ h, page } = env),
  sandbox: { research: { queuedMs: 300, researchingMs: 1500 } },
  harness: { sheets: ['Accounts'] },
  settings: { researchBatchLimit: 2 },
  before: async ({ h }) => {
    await h.run('importSearch', { kind: 'companies', filters: '', limit: 12, sheetName: 'Found' });
    const [head, ...rows] = h.workbook.mustSheet('Found').values();
    const name = head.indexOf('name');
    const domain = head.indexOf('domain');
    const sheet = h.workbook.mustSheet('Accounts');
    [
      ['Company', 'Domain', 'Industry', 'Owner'],
      ...rows.slice(0, 8).map((r, i) => [r[name], r[domain], i === 1 ? 'Known already' : '', i % 2 ? 'ana' : 'bo']),
    ].forEach((r, i) => r.forEach((v, j) => sheet.setCell(i, j, { value: v as string })));
    h.workbook.setActiveRange('Accounts!A1');
  },
});

async function shot(name: string, selector = '#sec-enrich-sheet'): Promise<void> {
  await page.locator(selector).screenshot({ path: path.join(ARTIFACTS, name) });
}

maybe(
  'field picker: the record schema as a list, columns of the same name shown, remembered for the sheet',
  async () => {
    await page.click('#sec-enrich-sheet > h2');
    await page.click('#enr-load');
    await page.waitForSelector('#enr-sheet:has-text("Sheet \\"Accounts\\"")');
    await page.selectOption('#enr-kind', 'companies');
    await page.waitForSelector('#enr-fields span:text-is("staffCountRange")');
    // The defaults for companies are picked; Industry is written to the sheet's own column.
    expect(await page.textContent('#enr-fields')).toContain('industry→ Industry');
    await page.fill('#enr-filter', 'fund');
    await page.check('#enr-fields label:has(span:text-is("fundingTotal")) input');
    await page.fill('#enr-filter', '');
    await page.click('#enr-save');
    await page.waitForSelector('#enr-preview-msg:has-text("Saved for this sheet")');
    const saved = (await h.run('enrichmentPanel')) as { settings: { kind: string; fields: string[] } };
    expect(saved.settings.kind).toBe('companies');
    expect(saved.settings.fields).toContain('fundingTotal');
    // Fits the sidebar: nothing wider than the 300 px viewport.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(300);
    await shot('addon-enrich-field-picker.png');
  },
  60_000,
);

maybe(
  'run conditions: the preview says how many rows qualify and the most it could cost, before anything is sent',
  async () => {
    await page.selectOption('#enr-empty', 'Industry');
    await page.fill('#enr-max', '5');
    await page.click('#enr-preview');
    await page.waitForSelector('#enr-preview-msg:has-text("qualify")');
    const text = await page.textContent('#enr-preview-msg');
    expect(text).toMatch(/5 of 8 rows of "Accounts" qualify: 5 to research/);
    expect(text).toMatch(/at most 5 credits/);
    expect(text).toMatch(/1 with the column filled, 2 over the credit cap/);
    expect(await page.isEnabled('#enr-start')).toBe(true);
    // The preview table scrolls inside the sidebar instead of overflowing it.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(300);
    await shot('addon-enrich-preview.png');
  },
  60_000,
);

maybe(
  'progress and cancel: rows not sent yet stay unsent, rows sent get their results',
  async () => {
    await page.click('#enr-start');
    await page.waitForSelector('#enr-progress:has-text("not sent yet")');
    await page.click('#enr-cancel');
    await page.waitForSelector('#enr-auto-msg:has-text("rows cancelled before sending")');
    await page.waitForSelector('#enr-progress.ok', { timeout: 30_000 });
    expect(await page.textContent('#enr-progress')).toMatch(/2 of 2 finished.*3 cancelled/);
    const [head, ...rows] = h.workbook.mustSheet('Accounts').values();
    const status = rows.map((r) => r[head.indexOf('PDS status')]);
    expect(status.filter((s) => s === 'cancelled (not sent)')).toHaveLength(3);
    await shot('addon-enrich-cancel.png');
  },
  60_000,
);

maybe(
  'new rows every hour: the opt-in says which rows, with the cap, and uses the one hourly trigger',
  async () => {
    await page.check('#enr-auto');
    await page.waitForSelector('#enr-auto-msg:has-text("On: rows added from now on")');
    expect(await page.textContent('#enr-auto-msg')).toMatch(/every hour, at most 5 credits a run/);
    expect(h.triggers.filter((t) => t.handler === 'scheduledRun')).toHaveLength(1);
    await shot('addon-enrich-auto.png');
  },
  60_000,
);
