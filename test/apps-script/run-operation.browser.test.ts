/**
 * The sidebar's "Run an operation" and "Call an MCP tool" panels in a real headless Chromium (as the other browser
 * tests), their google.script.run calls served by the harness against the sandbox: operations grouped by resource with
 * the n8n names, a form from the entry's schema with its pickers, a preview, a confirmed run per selected row written
 * back into the rows, and a tool of the live tools/list called with its answer written to a sheet.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';

const maybe = browserTest('run an operation sidebar browser test');
const SHEET = 'Org contacts';

let h: Harness;
let page: Page;
sidebarPerFile(1400, {
  ready: (env) => ({ h, page } = env),
  orgContacts: SHEET,
});

maybe(
  'pick an operation, fill its form, preview, confirm, and run it once per selected row',
  async () => {
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    await page.click('#sec-op h2');
    const groups = await page.$$eval('#op-pick optgroup', (els) => els.map((g) => g.getAttribute('label')));
    expect(groups).toEqual(expect.arrayContaining(['Campaign', 'Task', 'List', 'Email Account', 'Saved Search']));
    expect(await page.$eval('#op-pick optgroup[label="Task"]', (g) => [...g.querySelectorAll('option')].map((o) => o.textContent))).toEqual(
      expect.arrayContaining(['Task › Create', 'Task › Get Many', 'Task › Change State']),
    );
    // A field the entry marks as a picker offers the user's records by name (here: the sending accounts).
    await page.selectOption('#op-pick', 'emails.sendBulk');
    await page.waitForSelector('#op-f-from option:nth-child(2)', { state: 'attached' });
    expect(await page.$eval('#op-f-from option:nth-child(2)', (o) => o.getAttribute('value'))).toMatch(/@/);
    await page.selectOption('#op-pick', 'tasks.create');
    await page.waitForSelector('#op-f-taskType');
    await page.fill('#op-f-name', 'Call from the run panel');
    await page.selectOption('#op-f-taskType', 'call');
    await page.fill('#op-f-priority', '2');
    await page.check('#op-per-row');
    await page.selectOption('#op-out', 'rows');
    h.workbook.setActiveRange(`'${SHEET}'!A2:A3`);
    await page.click('#op-preview');
    await page.waitForSelector('#op-preview-box:has-text("2 runs")');
    expect(await page.textContent('#op-preview-box')).toMatch(/Row 2: POST http\S+\/v2\/tasks \{"name":"Call from the run panel"/);
    await page.locator('#sec-op').screenshot({ path: path.join(ARTIFACTS, 'run-operation-preview.png') });
    await page.click('#op-run');
    await page.waitForSelector('#op-msg:has-text("2 done")');
    expect(prompts).toEqual(['Create 2 tasks, one per selected row? Each is created once and never repeated after an unknown outcome.']);
    const values = h.workbook.mustSheet(SHEET).values();
    expect(values.slice(1, 3).map((r) => r[values[0].indexOf('PDS tasks.create')])).toEqual(['done', 'done']);
    await page.locator('#sec-op').screenshot({ path: path.join(ARTIFACTS, 'run-operation-done.png') });
  },
  60_000,
);

maybe(
  'call a tool of the live tools/list and write its answer to a sheet',
  async () => {
    await page.click('#sec-mcp h2');
    await page.click('#mcp-load');
    await page.waitForSelector('#mcp-msg:has-text("54 tools loaded")');
    await page.selectOption('#mcp-pick', 'get_campaign_metrics');
    await page.waitForSelector('#mcp-f-campaignId');
    await page.fill('#mcp-f-campaignId', 'nope');
    await page.click('#mcp-run');
    await page.waitForSelector('#mcp-msg.error');
    expect(await page.textContent('#mcp-msg')).toMatch(/get_campaign_metrics: the tool answered an error: No campaign nope/);
    await page.selectOption('#mcp-pick', 'list_email_accounts');
    await page.selectOption('#mcp-out', 'sheet');
    await page.fill('#mcp-sheet', 'Accounts');
    await page.click('#mcp-run');
    await page.waitForSelector('#mcp-msg:has-text("1 done")');
    expect(await page.textContent('#mcp-msg')).toMatch(/Written: Accounts: \d+ added/);
    expect(h.workbook.mustSheet('Accounts').values()[0]).toEqual(expect.arrayContaining(['emailAccountId', 'email']));
    await page.locator('#sec-mcp').screenshot({ path: path.join(ARTIFACTS, 'call-mcp-tool.png') });
  },
  60_000,
);
