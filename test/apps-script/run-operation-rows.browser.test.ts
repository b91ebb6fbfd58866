/**
 * Issue 33: the generic "Run an operation" panel as a sales-ops person uses it, in headless Chromium at the sidebar's
 * 300 px, served by the harness against the sandbox: research once per row from a contacts sheet (name and company
 * columns, mapped by header and shown), a create per row that asks before creating N, an unknown outcome in its own
 * words and style. Screenshots go to apps-script/docs/ (apps-script/README.md shows them).
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { admin, countOf, requestCounts, ROOT } from './setup';

const maybe = browserTest('run an operation per row browser test');
const DOCS = path.join(ROOT, 'apps-script', 'docs');
const ORG = 'Org contacts';
const LEADS = 'Leads';

let sb: SandboxProcess;
let h: Harness;
let page: Page;
const prompts: string[] = [];
let answer = true;
sidebarPerFile(1600, {
  ready: (env) => ({ sb, h, page } = env),
  orgContacts: ORG,
  // A contacts sheet as people keep them: a name and a company per row, and a column the research does not read.
  before: ({ h }) => {
    const leads = h.workbook.addSheet(LEADS);
    [
      ['Name', 'Company', 'Notes'],
      ['Ann Lee', 'Acme', 'met at the fair'],
      ['Bo Chen', 'Globex', ''],
      ['Cy Diaz', 'Initech', 'call back'],
    ].forEach((line, r) => line.forEach((value, c) => leads.setCell(r, c, { value })));
  },
  after: async (page) => {
    page.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void (answer ? dialog.accept() : dialog.dismiss());
    });
    await page.click('#sec-op h2');
  },
});

/** Ticks "once per selected row" (off first, so the columns are read again from the sheet selected now). */
async function perRow(range: string): Promise<void> {
  h.workbook.setActiveRange(range);
  await page.uncheck('#op-per-row');
  await page.check('#op-per-row');
  await page.waitForSelector('#op-msg:has-text("Columns of")');
}

maybe(
  'research once per row from a contacts sheet: the name and company columns fill each contact, as the mapping shows',
  async () => {
    await page.selectOption('#op-pick', 'contacts.research');
    // The closed dropdown names the resource and the operation.
    expect(await page.locator('#op-pick option:checked').textContent()).toBe('Contact › Research');
    await perRow(`'${LEADS}'!A2:C4`);
    const column = (key: string) => page.inputValue(`select[data-col="${key}"]`);
    expect(await column('contacts.contactName')).toBe('Name');
    expect(await column('contacts.companyName')).toBe('Company');
    expect(await column('contacts.email')).toBe('');
    // The mapping is the user's to change: Notes is no email, so it stays unmapped; a typed value would be the same for every row.
    expect(await page.textContent('label[for="op-f-contacts-contactName"]')).toBe('Full Name');
    const submits = countOf(await requestCounts(sb), 'POST /v1/contacts/research');
    await page.click('#op-preview');
    await page.waitForSelector('#op-preview-box li');
    const box = (await page.textContent('#op-preview-box .title'))!;
    expect(box).toBe('Contact › Research: 3 runs, one per selected row. Cost: at most 3 credits (1 per item; recent duplicates are free).');
    expect(await page.$$eval('#op-preview-box li', (lis) => lis.map((li) => li.textContent))).toEqual([
      'Row 2: Contacts: Ann Lee, Acme',
      'Row 3: Contacts: Bo Chen, Globex',
      'Row 4: Contacts: Cy Diaz, Initech',
    ]);
    // The raw request is there for whoever wants it, folded away.
    expect(await page.isVisible('#op-preview-box pre.raw')).toBe(false);
    await page.locator('#sec-op').screenshot({ path: path.join(DOCS, 'run-rows-research.png') });
    await page.click('#op-run');
    await page.waitForSelector('#op-msg:has-text("3 done")');
    expect(prompts.pop()).toBe('Run Research as previewed? It is carried out once and never repeated after an unknown outcome.');
    expect(countOf(await requestCounts(sb), 'POST /v1/contacts/research') - submits).toBe(3);
    const values = h.workbook.mustSheet(LEADS).values();
    expect(values.slice(1, 4).map((r) => r[values[0].indexOf('PDS contacts.research')])).toEqual(['done', 'done', 'done']);
  },
  90_000,
);

maybe(
  'a create per row asks before creating N, and the preview lists every row or says how many more',
  async () => {
    const rows = h.workbook.mustSheet(ORG).values().length - 1;
    expect(rows).toBeGreaterThanOrEqual(22);
    await page.selectOption('#op-pick', 'campaigns.create');
    // The sending accounts are picked by name (several), as their ids are what the campaign takes.
    await page.waitForSelector('#op-f-emailAccountIds option', { state: 'attached' });
    expect(await page.getAttribute('#op-f-emailAccountIds', 'multiple')).not.toBeNull();
    expect(await page.textContent('#op-f-emailAccountIds option')).toMatch(/<[^>]+@[^>]+>/);
    await page.fill('#op-f-name', 'Q4 outreach');
    await perRow(`'${ORG}'!A2:A23`);
    // contactId → Contact IDs: each campaign gets its row's contact.
    expect(await page.inputValue('select[data-col="contactIds"]')).toBe('contactId');
    await page.click('#op-preview');
    await page.waitForSelector('#op-preview-box li');
    expect(await page.textContent('#op-preview-box .title')).toMatch(
      /^Campaign › Create: 22 runs, one per selected row\. Cost: free\. Creates 22 campaigns\.$/,
    );
    const listed = await page.$$eval('#op-preview-box li', (lis) => lis.map((li) => li.textContent));
    expect(listed).toHaveLength(21);
    expect(listed[0]).toMatch(/^Row 2: Name: Q4 outreach · Contact IDs: \d+$/);
    expect(listed[20]).toBe('and 2 more');

    await perRow(`'${ORG}'!A2:A4`);
    await page.click('#op-preview');
    await page.waitForSelector('#op-preview-box .title:has-text("Creates 3 campaigns")');
    expect(await page.$$eval('#op-preview-box li', (lis) => lis.length)).toBe(3);
    await page.locator('#sec-op').screenshot({ path: path.join(DOCS, 'run-rows-create.png') });
    const creates = () => requestCounts(sb).then((c) => countOf(c, 'POST /v2/campaigns'));
    const before = await creates();
    // Asked first, by count; "Cancel" creates nothing.
    answer = false;
    await page.click('#op-run');
    expect(prompts.pop()).toBe('Create 3 campaigns, one per selected row? Each is created once and never repeated after an unknown outcome.');
    expect(await creates()).toBe(before);
    answer = true;
    await page.click('#op-run');
    await page.waitForSelector('#op-msg:has-text("3 done")');
    expect(prompts.pop()).toMatch(/^Create 3 campaigns/);
    expect((await creates()) - before).toBe(3);
  },
  90_000,
);

maybe(
  'an unknown outcome leads with "Unknown — may have been sent", in its own style, not as an error',
  async () => {
    await page.uncheck('#op-per-row');
    await page.selectOption('#op-pick', 'emails.send');
    await page.waitForSelector('#op-f-from option:nth-child(2)', { state: 'attached' });
    const from = await page.$eval('#op-f-from option:nth-child(2)', (o) => o.getAttribute('value')!);
    const contact = h.workbook.mustSheet(ORG).values()[1];
    const header = h.workbook.mustSheet(ORG).values()[0];
    await page.selectOption('#op-f-from', from);
    // The contact is picked from the saved contacts (record-pickers.browser.test.ts), by its ID here.
    await page.waitForSelector('#op-f-contactId option:nth-child(2)', { state: 'attached' });
    await page.selectOption('#op-f-contactId', String(contact[header.indexOf('contactId')]));
    await page.fill('#op-f-to', String(contact[header.indexOf('email')]));
    await page.fill('#op-f-subject', 'Hello');
    await page.fill('#op-f-body', 'Once only');
    await page.click('#op-preview');
    await page.waitForSelector('#op-preview-box li');
    await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/emails/send', kind: 'error500', count: 1 });
    await page.click('#op-run');
    await page.waitForSelector('#op-msg.unknown');
    const text = (await page.textContent('#op-msg'))!;
    expect(text.startsWith('Unknown — may have been sent')).toBe(true);
    expect(await page.$eval('#op-msg', (m) => m.className)).not.toContain('error');
    await page.locator('#sec-op').screenshot({ path: path.join(DOCS, 'run-unknown-outcome.png') });
  },
  90_000,
);
