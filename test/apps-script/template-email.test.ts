/**
 * Issue 11 in Google Sheets, through the harness against the sandbox: PDS_TEMPLATES (a free read), and the sidebar's
 * "email the selected rows from a template": a preview of the first rows first (nothing sent), then one confirmed
 * send, bulk or per row, that a second click or a retry cannot repeat.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, admin, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;
let contacts: { contactId: string; email: string; firstName: string }[];

beforeAll(async () => {
  sb = await startSandbox();
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Mail'] });
  await connect(h, sb);
  const period = `startDate=2020-01-01T00:00:00Z&endDate=2030-01-01T00:00:00Z&limit=5`;
  contacts = ((await (await fetch(`${sb.info.v1}/contacts?${period}`, { headers: { token: sb.info.apiKey } })).json()) as { data: typeof contacts }).data;
  // The sheet a contacts import makes: a contactId and an email column; a fifth row with no email.
  const sheet = h.workbook.mustSheet('Mail');
  const rows = [['contactId', 'fullName', 'email'], ...contacts.slice(0, 4).map((c) => [c.contactId, c.firstName, c.email]), [contacts[4].contactId, 'x', '']];
  rows.forEach((row, r) => row.forEach((value, c) => sheet.setCell(r, c, { value })));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

type Table = (string | number | boolean)[][];
type Preview = {
  recipients: number;
  skipped: { row: number; reason: string }[];
  previews: { row: number; subject: string; body: string; missingVariables: string[] }[];
  confirmation: string;
};
type Result = { mode: string; sent: number; emailIds: string[]; failures: { row: number; message: string }[]; unknown: { row: number; message: string }[] };

test('PDS_TEMPLATES lists the templates with a header row; a search text and a type narrow it; a bad type names the rule', async () => {
  const all = (await h.callCustomFunction('PDS_TEMPLATES')) as Table;
  expect(all[0]).toEqual(['templateId', 'name', 'type', 'contentCategory', 'subject', 'body', 'emailFooterId']);
  expect(all.length).toBeGreaterThanOrEqual(4);
  const intro = (await h.callCustomFunction('PDS_TEMPLATES', 'intro')) as Table;
  expect(intro.slice(1).map((r) => r[1])).toEqual(['Intro (A)']);
  expect(((await h.callCustomFunction('PDS_TEMPLATES', '', 'call')) as Table).length).toBe(1);
  await expect(h.callCustomFunction('PDS_TEMPLATES', '', 'fax')).rejects.toThrow(/type: must be one of email/);
}, 60_000);

test('preview renders the first rows and sends nothing; the bulk send goes once; the same confirmation cannot send again', async () => {
  h.workbook.setActiveRange('Mail!A2:C6');
  const from = sb.info.user.email;
  const before = await requestCounts(sb);
  const preview = (await h.run('previewTemplateEmail', { mode: 'bulk', from, templateId: 101, previewRows: 2 })) as Preview;
  expect(preview.recipients).toBe(4);
  expect(preview.skipped).toEqual([{ row: 6, reason: 'no email address' }]);
  expect(preview.previews.map((p) => p.row)).toEqual([2, 3]);
  expect(preview.previews[0].body).toContain(`Hi ${contacts[0].firstName},`);
  expect(preview.previews[0].subject).not.toContain('{{');
  const afterPreview = await requestCounts(sb);
  expect(countOf(afterPreview, 'POST /v2/emails/preview') - countOf(before, 'POST /v2/emails/preview')).toBe(2);
  expect(countOf(afterPreview, 'POST /v2/emails/send-bulk')).toBe(countOf(before, 'POST /v2/emails/send-bulk'));

  const sent = (await h.run('sendTemplateEmail', { mode: 'bulk', from, templateId: 101, previewRows: 2 }, preview.confirmation)) as Result;
  expect(sent).toMatchObject({ mode: 'bulk', sent: 4, failures: [] });
  await expect(h.run('sendTemplateEmail', { mode: 'bulk', from, templateId: 101, previewRows: 2 }, preview.confirmation)).rejects.toThrow(
    /already made or started.*Nothing was sent/,
  );
  expect(countOf(await requestCounts(sb), 'POST /v2/emails/send-bulk') - countOf(before, 'POST /v2/emails/send-bulk')).toBe(1);
}, 60_000);

test('per row: one send per row; a changed selection needs a new preview; a lost answer is reported, not repeated', async () => {
  h.workbook.setActiveRange('Mail!A2:C4');
  const from = sb.info.user.email;
  const req = { mode: 'perRow', from, templateId: 102 };
  const first = (await h.run('previewTemplateEmail', req)) as Preview;
  h.workbook.setActiveRange('Mail!A2:C5');
  await expect(h.run('sendTemplateEmail', req, first.confirmation)).rejects.toThrow(/changed since the preview: preview again. Nothing was sent/);

  await expect(h.run('sendTemplateEmail', req, 'made-up')).rejects.toThrow(/never previewed: preview again/);
  const second = (await h.run('previewTemplateEmail', req)) as Preview;
  expect(second.recipients).toBe(4);
  await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/emails/send', kind: 'lostAnswer', count: 1 });
  const before = countOf(await requestCounts(sb), 'POST /v2/emails/send');
  const sent = (await h.run('sendTemplateEmail', req, second.confirmation)) as Result;
  expect(sent.sent).toBe(3);
  // Issue 20: the lost answer is "unknown — may have been sent" in the summary and in its row, never "not sent".
  expect(sent.failures).toEqual([]);
  expect(sent.unknown).toEqual([{ row: 2, message: expect.stringMatching(/may have been carried out.*not repeated/) }]);
  const [head, ...rows] = h.workbook.mustSheet('Mail').values();
  const status = rows.map((r) => String(r[head.indexOf('PDS email status')]));
  expect(status[0]).toMatch(/^unknown — may have been sent/);
  expect(status.slice(1, 3)).toEqual([expect.stringMatching(/^sent \S+/), expect.stringMatching(/^sent \S+/)]);
  expect(status.some((s) => /not sent/i.test(s))).toBe(false);
  expect(countOf(await requestCounts(sb), 'POST /v2/emails/send') - before).toBe(4);
}, 60_000);

test('bad requests name the field before anything is read or sent', async () => {
  h.workbook.setActiveRange('Mail!A2:C3');
  await expect(h.run('previewTemplateEmail', { mode: 'all', from: 'a@b.co', templateId: 101 })).rejects.toThrow(/request.mode: must be bulk .* or perRow/);
  await expect(h.run('previewTemplateEmail', { mode: 'bulk', templateId: 101 })).rejects.toThrow(/request.from: choose the account/);
  await expect(h.run('previewTemplateEmail', { mode: 'bulk', from: 'nope', templateId: 101 })).rejects.toThrow(/from: must be an email address/);
  await expect(h.run('previewTemplateEmail', { mode: 'bulk', from: 'a@b.co', templateId: 'x1' })).rejects.toThrow(/templateId: must be a whole-number id/);
}, 60_000);
