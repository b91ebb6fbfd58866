/**
 * Issue 20 point 5: creating a campaign and starting it. When the start fails, the message names the campaign that
 * was created, and running the action again starts that campaign: no second campaign is created.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, admin, connect, countOf, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox();
  await admin(sb, 'PATCH', '/orgs/A', { maxActiveContactsFeature: true });
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Team'] });
  await connect(h, sb);
  const period = `startDate=2020-01-01T00:00:00Z&endDate=2030-01-01T00:00:00Z&limit=4`;
  const contacts = (
    (await (await fetch(`${sb.info.v1}/contacts?${period}`, { headers: { token: sb.info.apiKey } })).json()) as { data: { contactId: string }[] }
  ).data;
  const sheet = h.workbook.mustSheet('Team');
  [['contactId'], ...contacts.map((c) => [c.contactId])].forEach((row, r) => row.forEach((value, c) => sheet.setCell(r, c, { value })));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const creates = async () => countOf(await requestCounts(sb), 'POST /v2/campaigns');

test('a start that fails names the created campaign; the same action again starts it, creating nothing', async () => {
  h.workbook.setActiveRange('Team!A2:A5');
  const req = { name: 'Q4 outreach', maxActiveContacts: 3, start: true };
  await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/campaigns/{id}/actions', kind: 'error500', count: 1 });
  const before = await creates();
  const failed = await h.execute({ kind: 'run', fn: 'createCampaignFromSelection', args: [req] });
  expect(failed.ok).toBe(false);
  const named = /The campaign "Q4 outreach" \((\w+)\) was created with 4 contacts, but starting it/.exec(failed.error!.message);
  expect(named).not.toBeNull();
  expect(failed.error!.message).toMatch(/Create it again to start this one \(no second campaign is made\)/);
  expect((await creates()) - before).toBe(1);

  const again = (await h.run('createCampaignFromSelection', req)) as { campaignId: string; status: string; contactsAdded: number };
  expect(again).toMatchObject({ campaignId: named![1], status: 'active', contactsAdded: 4 });
  expect((await creates()) - before).toBe(1);
  // Started: a later create of another campaign is a new one, as asked.
  await h.run('createCampaignFromSelection', { ...req, name: 'Another' });
  expect((await creates()) - before).toBe(2);
}, 60_000);
