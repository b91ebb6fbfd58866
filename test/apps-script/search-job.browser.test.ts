/**
 * Issue 24 in the real sidebar (Debian's Chromium): the search panel finds the active sheet's search formulas (a
 * range formula over a column of filter texts and a single one with text and a limit), reads their arguments, offers
 * "Run these N searches as a job", and polls the job to its end: every search sent once, paced, rows in a sheet.
 */
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';

const maybe = browserTest('search job browser test');

let h: Harness;
let page: Page;
const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'IT', 'Operations', 'Support'];
const SENIORITIES = ['VP', 'Director', 'Manager', 'Senior', 'C-Level', 'Entry Level', 'Mid-Level', 'Other', 'VP', 'Director'];
/** 70 distinct searches: more than the 60 a minute cells can answer. */
const TEXTS = Array.from(
  { length: 70 },
  (_, i) => `department=${DEPARTMENTS[i % 7]}; seniority=${SENIORITIES[Math.floor(i / 7)]}${i >= 56 ? '; jobTitle=Head' : ''}`,
);
const LITERAL = 'department=Legal; seniority=VP,Director';

sidebarPerFile(900, {
  ready: (env) => ({ h, page } = env),
  sandbox: { rateLimit: { windowMs: 2000, defaultLimit: 30 } },
  settings: { runBudgetMs: 3000 },
  before: ({ h }) => {
    const sheet = h.workbook.addSheet('Searches');
    sheet.setCell(0, 0, { value: 'filters' });
    TEXTS.forEach((t, i) => sheet.setCell(i + 1, 0, { value: t }));
    sheet.setCell(0, 1, { value: 'search', formula: `=PDS_SEARCH_CONTACTS(A2:A71)` });
    sheet.setCell(0, 3, { value: 'search', formula: `=PDS_SEARCH_CONTACTS("${LITERAL}", 3)` });
    sheet.setCell(1, 3, { value: '', formula: '=PDS_SEARCH_CONTACTS(UPPER(A2))' });
    h.workbook.setActiveRange('Searches!A1');
  },
});

maybe(
  'the offer counts the searches of the formulas, and the job runs each once into a sheet',
  async () => {
    const from = h.http.log.length;
    await page.click('#sec-search h2');
    await page.waitForSelector('#search-job-run:has-text("Run these 71 searches as a job")');
    expect(await page.textContent('#search-job-text')).toMatch(/71 different contacts searches.*Left out: 1 formulas/s);
    await page.fill('#search-job-sheet', 'Job results');
    await page.click('#search-job-run');
    await page.waitForSelector('#search-job-msg:has-text("71 of 71 searches done")', { timeout: 90_000 });

    const calls = h.http.log.slice(from).filter((c) => c.url.includes('/v2/search/contacts'));
    expect(calls.filter((c) => c.status === 429)).toHaveLength(0);
    expect(calls).toHaveLength(71);
    const rows = h.workbook.mustSheet('Job results').values();
    expect(rows[0].slice(0, 2)).toEqual(['searchRow', 'search']);
    const body = rows.slice(1).filter((r) => r[0] !== '');
    // The range's rows ask 1 result each (its default), the literal formula 3.
    for (const t of TEXTS) expect(body.filter((r) => r[1] === t).length).toBe(1);
    const literal = body.filter((r) => r[1] === LITERAL);
    expect(literal.length).toBeGreaterThanOrEqual(1);
    expect(literal.length).toBeLessThanOrEqual(3);
    expect(literal.every((r) => String(r[0]).startsWith('71 #'))).toBe(true);
  },
  150_000,
);
