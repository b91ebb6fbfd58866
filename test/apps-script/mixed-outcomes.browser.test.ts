/**
 * Issue 33: a per-row send whose rows end differently (one whose answer was lost, one refused, one sent) says first
 * what needs the user: "Unknown — may have been sent" in its own style, then each refused row with the service's
 * reason, then what was sent. In headless Chromium at 300 px against the sandbox.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { admin, ROOT } from './setup';

const maybe = browserTest('mixed outcomes browser test');
const ORG = 'Org contacts';

let sb: SandboxProcess;
let h: Harness;
let page: Page;
sidebarPerFile(1200, {
  orgContacts: ORG,
  ready: (env) => ({ sb, h, page } = env),
  // Two saved contacts and one the service does not know: its send is refused by the service, not by the add-on.
  before: ({ h }) => {
    const [head, ...rows] = h.workbook.mustSheet(ORG).values();
    const mail = h.workbook.addSheet('Mail');
    [
      ['contactId', 'email'],
      ...rows.slice(0, 2).map((r) => [r[head.indexOf('contactId')], r[head.indexOf('email')]]),
      ['999999', 'nobody@example.com'],
    ].forEach((line, r) => line.forEach((value, c) => mail.setCell(r, c, { value: String(value) })));
  },
  after: (p) => {
    p.on('dialog', (dialog) => void dialog.accept());
  },
});

maybe(
  'a template sent per row: the unknown row leads, in its own style, then the refused row with its reason, then the count sent',
  async () => {
    h.workbook.setActiveRange('Mail!A2:B4');
    await page.click('#sec-template-email h2');
    await page.click('#tmail-accounts');
    await page.waitForSelector('#tmail-msg:has-text("accounts")');
    await page.waitForSelector('#tmail-template option:nth-child(2)', { state: 'attached' });
    await page.selectOption('#tmail-template', { label: 'Intro (A)' });
    await page.check('#tmail-per-row');
    await page.click('#tmail-preview');
    await page.waitForSelector('#tmail-msg:has-text("Nothing was sent")');
    // The first send's answer is lost: it may have gone out.
    await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/emails/send', kind: 'lostAnswer', count: 1 });
    await page.click('#tmail-send');
    await page.waitForSelector('#tmail-msg:has-text("sent.")');
    const lines = (await page.textContent('#tmail-msg'))!.split('\n');
    expect(lines[0]).toMatch(/^Unknown — may have been sent: 1 row \(the answer was lost; not repeated: check before doing it again\): row 2\.$/);
    expect(lines[1]).toBe('Not done: 1 row:');
    expect(lines[2]).toMatch(/^Row 4: .*no contact 999999 in this organization.*\.$/);
    expect(lines[3]).toBe('1 sent.');
    expect(lines).toHaveLength(4);
    expect(await page.$eval('#tmail-msg', (m) => m.className)).toBe('msg unknown');
    await page.locator('#sec-template-email').screenshot({ path: path.join(ROOT, 'apps-script', 'docs', 'mixed-outcomes.png') });
  },
  90_000,
);

maybe(
  'refused rows with no unknown one: the refusals first, in the error style',
  async () => {
    await page.click('#tmail-preview');
    await page.waitForSelector('#tmail-msg:has-text("Nothing was sent")');
    await page.click('#tmail-send');
    await page.waitForSelector('#tmail-msg:has-text("sent.")');
    const lines = (await page.textContent('#tmail-msg'))!.split('\n');
    expect(lines[0]).toBe('Not done: 1 row:');
    expect(lines[1]).toMatch(/^Row 4: .*no contact 999999/);
    expect(lines[2]).toBe('2 sent.');
    expect(await page.$eval('#tmail-msg', (m) => m.className)).toBe('msg error');
  },
  60_000,
);
