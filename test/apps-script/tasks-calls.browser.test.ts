/**
 * The sidebar's "Tasks and calls for selected contacts" block in a real headless Chromium (as in
 * sidebar.browser.test.ts), its google.script.run calls served by the harness against the sandbox: a confirmed
 * "create a task per selected contact", the call outcomes loaded, and a call logged per selected contact.
 */
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';

const maybe = browserTest('tasks and calls sidebar browser test');
const SHEET = 'Org contacts';

let h: Harness;
let page: Page;
sidebarPerFile(1200, {
  ready: (env) => ({ h, page } = env),
  orgContacts: SHEET,
});

maybe(
  'create a task and log a call for each selected contact, confirmed once',
  async () => {
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    h.workbook.setActiveRange(`'${SHEET}'!A2:A3`);
    await page.click('#sec-tasks-calls h2');
    await page.fill('#task-name', 'Call from the sidebar');
    await page.selectOption('#task-type', 'call');
    await page.selectOption('#task-priority', '2');
    await page.click('#tasks-create');
    await page.waitForSelector('#tasks-calls-msg:has-text("2 tasks created")');
    expect(prompts).toEqual(['Create one task per selected contact? Rows that already have a task are skipped.']);
    const values = h.workbook.mustSheet(SHEET).values();
    const column = values[0].indexOf('PDS task');
    expect(values.slice(1, 3).every((r) => /^task \d+$/.test(String(r[column])))).toBe(true);

    await page.click('#call-choices');
    await page.waitForSelector('#call-disposition option:has-text("Meeting booked")', { state: 'attached' });
    await page.selectOption('#call-disposition', { label: 'Meeting booked' });
    await page.fill('#call-minutes', '2.5');
    await page.click('#calls-log');
    await page.waitForSelector('#tasks-calls-msg:has-text("2 calls logged")');
    const calls = h.workbook.mustSheet(SHEET).values();
    expect(calls.slice(1, 3).every((r) => /^call \d+$/.test(String(r[calls[0].indexOf('PDS call')])))).toBe(true);
    const feed = (await h.callCustomFunction('PDS_ACTIVITY', '', 'Meeting booked', 10)) as unknown[][];
    expect(feed.length - 1).toBe(2);
  },
  60_000,
);
