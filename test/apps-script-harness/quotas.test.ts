/**
 * Issue 24: the daily trigger runtime quota (90 min / user / day, consumer) is modelled, beside the URL Fetch quota
 * (20,000 / day), and a column of cells recalculates 30 executions side by side, each cut at 30 s.
 */
import { DEFAULT_LIMITS } from './limits';
import { TRIGGER_RUNTIME_EXCEEDED } from './trigger-runtime';
import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
function install() { ScriptApp.newTrigger('work').timeBased().everyHours(1).create(); }
function work() { Utilities.sleep(300); return 'done'; }
function cell(x) { Utilities.sleep(200); return x * 2; }
function slowCell() { Utilities.sleep(5000); return 1; }
function touch() { PropertiesService.getUserProperties().getProperty('k'); return 1; }
`;

test('the consumer quotas: 90 min of trigger runtime and 20,000 URL fetches a day', () => {
  expect(DEFAULT_LIMITS.triggerRuntimeMsPerDay).toBe(90 * 60_000);
  expect(DEFAULT_LIMITS.urlFetchCallsPerDay).toBe(20_000);
});

test('trigger runs count against the daily runtime quota: cut where it ends, refused once spent, fresh the next day', async () => {
  const h = harness({ code: CODE, user: 'u@example.com', limits: { triggerRuntimeMsPerDay: 2000 } });
  h.clock.set(new Date('2026-03-02T10:00:00Z'));
  await h.run('install');
  const fire = async () => {
    h.clock.advance(3600_000);
    const [r] = await h.fireTriggers();
    return r;
  };
  const first = await fire();
  expect(first.ok).toBe(true);
  expect(h.triggerRuntime.usedMs('u@example.com')).toBeGreaterThanOrEqual(300);
  // Runs go on until one starts with less left than it needs: that one is cut where the quota ends.
  let last = first;
  while (last.ok) last = await fire();
  expect(last.timedOut).toBe(true);
  expect(h.triggerRuntime.usedMs('u@example.com')).toBeLessThanOrEqual(2000 + 50);
  // Spent: the next trigger is refused before it runs; other executions are not counted nor refused.
  while (h.triggerRuntime.leftMs('u@example.com', 2000) > 0) await fire();
  const refused = await fire();
  expect(refused.error?.message).toBe(TRIGGER_RUNTIME_EXCEEDED);
  expect(refused.durationMs).toBe(0);
  await expect(h.run('work')).resolves.toBe('done');
  // A new UTC day: a fresh quota.
  h.clock.set(new Date('2026-03-04T00:30:00Z'));
  const nextDay = await fire();
  expect(nextDay.ok).toBe(true);
}, 60_000);

test('recalculate runs a column 30 executions at a time, each cut at the custom-function limit', async () => {
  const h = harness({ code: CODE, user: 'u@example.com' });
  const cells = Array.from({ length: 45 }, (_, i) => ({ fn: 'cell', args: [i] }));
  const r = await h.recalculate(cells);
  expect(r.peakSimultaneous).toBe(30);
  expect(r.results.map((x) => x.value)).toEqual(cells.map((_, i) => i * 2));
  expect(r.results.every((x) => x.kind === 'custom' && x.ok)).toBe(true);
  h.setLimits({ customFunctionMs: 2000 });
  const slow = await h.recalculate([{ fn: 'slowCell', args: [] }]);
  expect(slow.results[0].timedOut).toBe(true);
}, 60_000);

test('the properties quota counts reads and writes per user and UTC day: refused once spent, fresh the next day', async () => {
  const h = harness({ code: CODE, user: 'u@example.com', limits: { propertyCallsPerDay: 3 } });
  h.clock.set(new Date('2026-03-02T10:00:00Z'));
  for (let i = 0; i < 3; i++) await h.run('touch');
  expect(h.properties.callsToday()).toBe(3);
  await expect(h.run('touch')).rejects.toThrow('Service invoked too many times for one day: properties.');
  expect(h.properties.callsToday()).toBe(3);
  h.clock.set(new Date('2026-03-03T00:10:00Z'));
  expect(h.properties.callsToday()).toBe(0);
  await expect(h.run('touch')).resolves.toBe(1);
}, 60_000);
