/**
 * Issue 24: every custom-function cell is its own execution, and each PropertiesService call counts against the
 * user's 50,000 a day. A cell reads the settings and the stored credential with one getProperties() call, so three
 * recalculations of a 10,000-cell column fit in a day (two calls per cell used it up).
 */
import { connectedPerFile } from './setup';

const env = connectedPerFile({ user: 'owner@example.com', sandbox: { seed: { orgContacts: 40 } } });

test('a column of look-up cells spends one properties call per cell', async () => {
  const cells = Array.from({ length: 40 }, (_, i) => ({ fn: 'PDS_LOOKUP_CONTACT', args: [String(10001 + i), 'contactId,fullName', 365, false] }));
  // The first pass builds the look-up index; the second is the warm recalculation a user repeats through the day.
  await env.h.recalculate(cells);
  const before = env.h.properties.callsToday();
  const warm = await env.h.recalculate(cells);
  expect(warm.results.every((r) => r.ok)).toBe(true);
  expect(env.h.properties.callsToday() - before).toBeLessThanOrEqual(cells.length);
}, 180_000);

test('what an execution writes it reads back: settings, and a refused key that puts the working one back', async () => {
  const before = (await env.h.run('getConnectionStatus')) as { settings: { baseUrlV1: string } };
  const moved = `${before.settings.baseUrlV1}/moved`;
  const saved = (await env.h.run('saveConnectionSettings', { baseUrlV1: moved })) as { settings: { baseUrlV1: string } };
  expect(saved.settings.baseUrlV1).toBe(moved);
  const back = (await env.h.run('saveConnectionSettings', { baseUrlV1: before.settings.baseUrlV1 })) as { settings: { baseUrlV1: string } };
  expect(back.settings.baseUrlV1).toBe(before.settings.baseUrlV1);
  await expect(env.h.run('connectApiKey', 'not-a-key-the-service-knows')).rejects.toThrow();
  const status = (await env.h.run('getConnectionStatus')) as { connected: boolean; method: string | null };
  expect(status).toMatchObject({ connected: true, method: 'apiKey' });
  expect(((await env.h.run('testConnection')) as { ok: boolean }).ok).toBe(true);
}, 60_000);
