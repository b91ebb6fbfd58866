/**
 * Issue 33: a saved search's filters are edited as labelled fields, the filters of its kind of search in the words
 * the n8n node gives the Search operation's fields, not as raw JSON (JSON stays under Advanced). In headless Chromium
 * at 300 px against the sandbox: the labels compared with the node's, the kind switching the fields, a create sent
 * with the picked values.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { operation } from '../../shared';
import { fieldSpecs } from '../../n8n-nodes/nodes/Prospecting/description/derive';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';
import { ROOT } from './setup';

const maybe = browserTest('saved search filters browser test');

let h: Harness;
let page: Page;
sidebarPerFile(1800, {
  ready: (env) => ({ h, page } = env),
  after: async (p) => {
    p.on('dialog', (dialog) => void dialog.accept());
    await p.click('#sec-op h2');
  },
});

/** The filter fields shown: filter name → its label (without " *"). */
const shownFilters = (): Promise<Record<string, string>> =>
  page.evaluate<Record<string, string>>(`(() => {
    const out = {};
    document.querySelectorAll('#op-fields [data-entry^="values."]').forEach((c) => {
      out[c.getAttribute('data-entry').slice(7)] = document.querySelector('label[for="' + c.id + '"]').textContent.replace(/ \\*$/, '');
    });
    return out;
  })()`);

/** The n8n node's label of each field of a search operation. */
const nodeLabels = (id: string) => Object.fromEntries(fieldSpecs(operation(id)).map((s) => [s.name, s.displayName]));

maybe(
  "a saved search's filters as labelled fields, in the n8n node's words for the Search operation; the kind switches them",
  async () => {
    await page.selectOption('#op-pick', 'savedSearches.create');
    expect(await page.textContent('[data-records="values"] > label')).toBe('Filters *');
    // No JSON box in the default view: it is folded under Advanced.
    expect(await page.isVisible('[data-records="values"] textarea[data-raw]')).toBe(false);
    for (const kind of ['contacts', 'companies'] as const) {
      await page.selectOption('#op-f-type', kind);
      const shown = await shownFilters();
      const node = nodeLabels(`${kind}.search`);
      const names = Object.keys(shown);
      expect(names.length).toBeGreaterThan(15);
      for (const name of names) expect(`${kind}: ${name}: ${shown[name]}`).toBe(`${kind}: ${name}: ${node[name]}`);
      // No raw API field name in the panel's default view.
      const text = await page.evaluate<string>(`document.querySelector('#sec-op .body').innerText`);
      expect(names.filter((n) => /[A-Z]/.test(n) && new RegExp(`\\b${n}\\b`).test(text))).toEqual([]);
    }
    expect(Object.keys(await shownFilters())).toContain('foundedOn');
    expect(Object.keys(await shownFilters())).not.toContain('seniority');
    await page.selectOption('#op-f-type', 'contacts');
    expect(Object.keys(await shownFilters())).toContain('seniority');

    await page.fill('#op-f-name', 'Sales heads, mid-size');
    await page.fill('#op-f-values-jobTitle', 'Head of Sales');
    await page.selectOption('#op-f-values-seniority', ['VP', 'Director']);
    await page.selectOption('#op-f-values-companySize', ['501 - 1,000']);
    await page.click('#op-preview');
    await page.waitForSelector('#op-preview-box li');
    // The preview names each filter by its label.
    expect(await page.textContent('#op-preview-box li')).toBe(
      'Name: Sales heads, mid-size · Type: contacts · Filters: Company Sizes = 501 - 1,000, Seniorities = VP; Director, Job Titles = Head of Sales',
    );
    await page.locator('#sec-op').screenshot({ path: path.join(ROOT, 'apps-script', 'docs', 'saved-search-filters.png') });
    const from = h.http.log.length;
    await page.click('#op-run');
    await page.waitForSelector('#op-msg:has-text("1 done")');
    const sent = h.http.log.slice(from).filter((e) => e.method === 'POST' && /\/saved-searches$/.test(e.url));
    expect(sent.map((e) => (JSON.parse(e.requestBody) as { values: unknown }).values)).toEqual([
      { jobTitle: ['Head of Sales'], seniority: ['VP', 'Director'], companySize: ['501 - 1,000'] },
    ]);
  },
  120_000,
);

maybe('an update, which has no type, chooses the kind of search its filters are', async () => {
  await page.selectOption('#op-pick', 'savedSearches.update');
  expect(await page.isVisible('[data-records="values"] select.kind')).toBe(true);
  expect(Object.keys(await shownFilters())).toContain('seniority');
  await page.selectOption('[data-records="values"] select.kind', 'companies');
  expect(Object.keys(await shownFilters())).toEqual(expect.arrayContaining(['foundedOn', 'latestFundingTotals']));
  expect(Object.keys(await shownFilters())).not.toContain('seniority');
});
