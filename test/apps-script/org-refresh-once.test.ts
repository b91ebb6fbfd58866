/**
 * Two refreshes of the org-contacts sheet at once (presses in two sidebars, or a press during the hourly run) each
 * read the sheet's contactIds and would append the same new contacts: a refresh runs under the document lock, and
 * a second one answers in words within a few seconds instead. A sheet inserted by another execution between the
 * look-up and the insert is used, not refused as a taken name.
 */
import { BUSY_ANSWER } from '../../apps-script/src/doc-lock';
import { connectedPerFile } from './setup';

const env = connectedPerFile({ user: 'ops@example.com', sandbox: { seed: { orgContacts: 1200 } } });

function contactIds(name: string): string[] {
  const values = env.h.workbook.mustSheet(name).values();
  const col = values[0].indexOf('contactId');
  return values.slice(1).map((r) => String(r[col]));
}

test('three enables and refreshes pressed at once: every contact once, the others told the sheet is busy', async () => {
  const started = Date.now();
  const runs = await Promise.all([
    env.h.execute({ kind: 'run', fn: 'enableOrgRefresh', args: [{ sheetName: 'Org', days: 365 }] }),
    env.h.execute({ kind: 'run', fn: 'enableOrgRefresh', args: [{ sheetName: 'Org', days: 365 }] }),
    env.h.execute({ kind: 'run', fn: 'enableOrgRefresh', args: [{ sheetName: 'Org', days: 365 }] }),
  ]);
  const failed = runs.filter((r) => !r.ok);
  for (const r of failed) expect(r.error?.message).toMatch(BUSY_ANSWER);
  expect(runs.filter((r) => r.ok).length).toBeGreaterThanOrEqual(1);
  expect(env.h.workbook.sheets.filter((s) => s.name === 'Org')).toHaveLength(1);
  const ids = contactIds('Org');
  expect(ids).toHaveLength(1200);
  expect(new Set(ids).size).toBe(1200);

  const again = await Promise.all([
    env.h.execute({ kind: 'run', fn: 'refreshOrgContactsNow', args: [] }),
    env.h.execute({ kind: 'run', fn: 'refreshOrgContactsNow', args: [] }),
  ]);
  expect(again.some((r) => r.ok)).toBe(true);
  expect(new Set(contactIds('Org')).size).toBe(contactIds('Org').length);
  expect(contactIds('Org')).toHaveLength(1200);
  expect(Date.now() - started).toBeLessThan(120_000);
}, 180_000);

test('a refresh pressed while another is reading pages is told so, and appends nothing', async () => {
  const first = env.h.execute({ kind: 'run', fn: 'enableOrgRefresh', args: [{ sheetName: 'Org 2', days: 365 }] });
  // The first run has made the sheet (its header row) and is reading the organization's pages.
  while (!env.h.workbook.sheet('Org 2')) await new Promise((r) => setTimeout(r, 20));
  const second = await env.h.execute({ kind: 'run', fn: 'refreshOrgContactsNow', args: [] });
  expect(second.ok).toBe(false);
  expect(second.error?.message).toMatch(BUSY_ANSWER);
  expect((await first).ok).toBe(true);
  const ids = contactIds('Org 2');
  expect(ids).toHaveLength(1200);
  expect(new Set(ids).size).toBe(1200);
}, 180_000);
