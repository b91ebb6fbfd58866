/**
 * Issue 33: the enrichment preview names another person's run of the same sheet before anyone presses Start
 * ("colleague@example.com started an enrichment of this sheet … ago"), instead of only counting its rows as under way.
 * In headless Chromium at 300 px against the sandbox; the colleague starts from their own session of the harness.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';
import { connect, ROOT } from './setup';

const maybe = browserTest('another person’s run browser test');
const COLLEAGUE = 'colleague@example.com';
const request = { kind: 'contacts', fields: ['title'], scope: 'sheet' };

let h: Harness;
let page: Page;
sidebarPerFile(900, {
  // Research stays under way for minutes: the colleague's run still has the rows when the preview is made.
  sandbox: { research: { queuedMs: 120_000, researchingMs: 120_000 } },
  harness: { sheets: ['Leads'] },
  ready: (env) => ({ h, page } = env),
  before: async ({ sb, h }) => {
    await connect(h, sb, {}, COLLEAGUE);
    const leads = h.workbook.mustSheet('Leads');
    [
      ['Name', 'Company'],
      ['Ann Lee', 'Acme'],
      ['Bo Chen', 'Globex'],
      ['Cy Diaz', 'Initech'],
    ].forEach((line, r) => line.forEach((value, c) => leads.setCell(r, c, { value })));
    h.workbook.setActiveRange('Leads!A1');
  },
});

async function preview(): Promise<string> {
  await page.click('#enr-preview');
  await page.waitForSelector('#enr-preview-msg:has-text("qualify")');
  return (await page.textContent('#enr-preview-msg'))!;
}

maybe(
  "the preview names the colleague's run of this sheet and since when, and says its rows are skipped",
  async () => {
    await page.click('#sec-enrich-sheet > h2');
    await page.click('#enr-load');
    await page.waitForSelector('#enr-sheet:has-text("Sheet \\"Leads\\"")');
    // Nobody else's run yet: the preview names none.
    expect(await preview()).not.toMatch(/started an enrichment/);

    const colleagues = (await h.runAs(COLLEAGUE, 'previewSheetEnrichment', request)) as { items: number };
    await h.runAs(COLLEAGUE, 'startSheetEnrichment', request, colleagues.items);
    const lines = (await preview()).split('\n');
    expect(lines[0]).toBe(`${COLLEAGUE} started an enrichment of this sheet less than a minute ago: the rows it has are skipped.`);
    expect(lines.join('\n')).toMatch(/0 of 3 rows of "Leads" qualify/);
    expect(lines.join('\n')).toMatch(/Skipped: 3 under way/);
    expect(await page.isEnabled('#enr-start')).toBe(false);
    await page.locator('#sec-enrich-sheet').screenshot({ path: path.join(ROOT, 'apps-script', 'docs', 'addon-enrich-others-run.png') });
  },
  90_000,
);
