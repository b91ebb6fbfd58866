/**
 * Issue 33: where a panel asks for a contact or a template, it offers the user's saved contacts (by name and email)
 * and templates (by name, a task's with its kind), from the picker table the n8n node's list searches read too
 * (shared/catalogue/pickers.ts), instead of an ID typed in. In headless Chromium at 300 px against the sandbox.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness } from '../apps-script-harness';
import { ROOT } from './setup';

const maybe = browserTest('record pickers browser test');
const SHEET = 'Org contacts';

let h: Harness;
let page: Page;
sidebarPerFile(1400, {
  orgContacts: SHEET,
  ready: (env) => ({ h, page } = env),
  after: (p) => {
    p.on('dialog', (dialog) => void dialog.accept());
  },
});

/** The options of a picker once loaded: [value, text], without its empty first choice. */
async function choices(selector: string): Promise<string[][]> {
  await page.waitForSelector(`${selector} option:nth-child(2)`, { state: 'attached' });
  return page.$$eval(`${selector} option`, (os) => os.map((o) => [o.getAttribute('value') ?? '', o.textContent ?? '']).filter(([v]) => v));
}

/** The sheet's saved contacts: contactId → "Full Name <email>". */
function savedContacts(): Map<string, string> {
  const [head, ...rows] = h.workbook.mustSheet(SHEET).values();
  const at = (name: string) => head.indexOf(name);
  return new Map(rows.map((r) => [String(r[at('contactId')]), `${String(r[at('fullName')])} <${String(r[at('email')])}>`]));
}

/** The JSON bodies the add-on sent to `path` (method POST) since `from`. */
const sentTo = (route: RegExp, from: number) =>
  h.http.log
    .slice(from)
    .filter((e) => e.method === 'POST' && route.test(e.url))
    .map((e) => JSON.parse(e.requestBody) as Record<string, unknown>);

maybe(
  'the email panel picks a saved contact by name and email; the template panel a template by name',
  async () => {
    const saved = savedContacts();
    expect(saved.size).toBeGreaterThan(10);
    await page.click('#sec-email h2');
    const contacts = await choices('#email-contact');
    // Every saved contact of the sheet is offered, named as the sheet names it; no raw field name is the label.
    expect(contacts.length).toBe(saved.size);
    for (const [value, text] of contacts) expect(text).toBe(saved.get(value));
    expect(await page.textContent('label[for="email-contact"]')).toBe('Contact (one of your saved contacts)');
    const [contactId, name] = contacts[2];
    await page.selectOption('#email-contact', contactId);
    await page.click('#email-accounts');
    await page.waitForSelector('#email-msg:has-text("accounts")');
    await page.fill('#email-to', 'ann@example.com');
    await page.fill('#email-subject', 'Hello');
    await page.fill('#email-body', 'Hi');
    const from = h.http.log.length;
    await page.locator('#sec-email').screenshot({ path: path.join(ROOT, 'apps-script', 'docs', 'pick-contact.png') });
    await page.click('#email-send');
    await page.waitForSelector('#email-msg.ok');
    expect(sentTo(/\/emails\/send$/, from)).toEqual([expect.objectContaining({ contactId: Number(contactId) })]);
    expect(name).toMatch(/^\S.* <[^>]+@[^>]+>$/);

    await page.click('#sec-template-email h2');
    const templates = await choices('#tmail-template');
    expect(templates.map(([, text]) => text)).toEqual(['Intro (A)', 'Follow-up (A)', 'Break-up (A)']);
  },
  90_000,
);

maybe(
  "a task's template is picked with its kind, and sent with each task",
  async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A2:A2`);
    await page.click('#sec-tasks-calls h2');
    const templates = await choices('#task-template');
    expect(templates.map(([, text]) => text)).toEqual(['Intro (A) (email)', 'Follow-up (A) (email)', 'Break-up (A) (email)']);
    expect(await page.$eval('#task-template option', (o) => o.textContent)).toBe('(none)');
    await page.fill('#task-name', 'Follow up by email');
    await page.selectOption('#task-type', 'manual-email');
    await page.selectOption('#task-template', templates[1][0]);
    const from = h.http.log.length;
    await page.click('#tasks-create');
    await page.waitForSelector('#tasks-calls-msg:has-text("1 tasks created")');
    expect(sentTo(/\/tasks$/, from)).toEqual([expect.objectContaining({ templateId: Number(templates[1][0]), taskType: 'manual-email' })]);
  },
  60_000,
);

maybe(
  'Run an operation: a contact ID and a task template are pickers there too, and a per-row run still takes the column',
  async () => {
    const saved = savedContacts();
    await page.click('#sec-op h2');
    await page.selectOption('#op-pick', 'tasks.create');
    expect(await page.$eval('#op-f-contactId', (e) => e.tagName)).toBe('SELECT');
    const contacts = await choices('#op-f-contactId');
    expect(contacts.length).toBe(saved.size);
    for (const [value, text] of contacts) expect(text).toBe(saved.get(value));
    // The label stays the n8n node's (run-operation-words compares them); what it is says whose.
    expect(await page.textContent('label[for="op-f-contactId"]')).toBe('Contact ID *');
    const templates = await choices('#op-f-templateId');
    expect(templates.map(([, text]) => text)).toContain('Intro (A) (email)');
    for (const op of ['calls.log', 'emails.send', 'emails.createDraft']) {
      await page.selectOption('#op-pick', op);
      expect(`${op}: ${await page.$eval('#op-f-contactId', (e) => e.tagName)}`).toBe(`${op}: SELECT`);
    }
    await page.selectOption('#op-pick', 'tasks.create');
    h.workbook.setActiveRange(`'${SHEET}'!A3:A4`);
    await page.check('#op-per-row');
    await page.waitForSelector('#op-msg:has-text("Columns of")');
    expect(await page.inputValue('select[data-col="contactId"]')).toBe('contactId');
    await page.locator('#sec-op').screenshot({ path: path.join(ROOT, 'apps-script', 'docs', 'pick-task-template.png') });
  },
  60_000,
);
