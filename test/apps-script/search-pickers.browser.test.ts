/**
 * Issue 15 in the real sidebar (Debian's Chromium): the search form shows pickers for the filters with a
 * published set of values, switches them with the search kind, and sends what is picked.
 */
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';

const maybe = browserTest('search pickers browser test');

let h: Harness;
let page: Page;
sidebarPerFile(900, {
  ready: (env) => ({ h, page } = env),
});

maybe(
  'pickers of the published values, per search kind, and a search with picked values',
  async () => {
    await page.click('#sec-connect h2');
    await page.click('#sec-search h2');
    await page.waitForSelector('#pick-seniority');
    const sizes = await page.$$eval('#pick-companySize option', (os) => os.map((o) => (o as unknown as { value: string }).value));
    expect(sizes).toContain('201 - 500');
    expect(await page.$eval('#pick-seniority', (s) => (s as unknown as { multiple: boolean }).multiple)).toBe(true);
    expect(await page.$eval('#pick-locationType option', (o) => o.textContent)).toContain('bothOR');

    await page.selectOption('#search-kind', 'companies');
    await page.waitForSelector('#pick-foundedOn');
    expect(await page.$('#pick-seniority')).toBeNull();

    await page.selectOption('#search-kind', 'contacts');
    await page.waitForSelector('#pick-seniority');
    await page.selectOption('#pick-seniority', ['Director']);
    await page.fill('#search-filters', 'department=Sales');
    await page.fill('#search-limit', '12');
    await page.fill('#search-sheet', 'Picked directors');
    await page.click('#search-import');
    await page.waitForSelector('#search-msg:has-text("Imported 12 rows")');
    const values = h.workbook.mustSheet('Picked directors').values();
    expect(values.slice(1).every((r) => r[values[0].indexOf('seniority')] === 'Director' && r[values[0].indexOf('department')] === 'Sales')).toBe(true);
  },
  60_000,
);
