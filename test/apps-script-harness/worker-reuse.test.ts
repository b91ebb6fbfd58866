/**
 * Executions reuse worker threads (worker-pool.ts) without becoming less like Apps Script: every execution still
 * starts with a fresh global scope, the time limit still cuts, and a cut worker is never reused.
 */
import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
var counter = 0;
function bump() {
  counter++;
  globalThis.leaked = (globalThis.leaked || 0) + 1;
  Array.prototype.extra = function () { return 'patched'; };
  return [counter, globalThis.leaked, typeof [].extra];
}
function seen() { return [typeof leaked, typeof [].extra, counter]; }
function spin() { while (true) {} }
function echo(x) { return x; }
function sleepy(ms) { Utilities.sleep(ms); return 'woke'; }
`;

test('globals, built-in patches and top-level state do not survive from one execution to the next on one worker', async () => {
  const h = harness({ code: CODE });
  for (let i = 0; i < 5; i++) expect(await h.run('bump')).toEqual([1, 1, 'function']);
  expect(await h.run('seen')).toEqual(['undefined', 'undefined', 0]);
  // One after another: one worker ran all six, each in its own context.
  expect(h.workersStarted).toBe(1);
});

test('a column of cells is answered by at most `simultaneousExecutionsPerUser` workers, each cell its own value', async () => {
  const h = harness({ code: CODE, limits: { simultaneousExecutionsPerUser: 5 } });
  const r = await h.recalculate(Array.from({ length: 40 }, (_, i) => ({ fn: 'echo', args: [i] })));
  expect(r.results.map((x) => x.value)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  expect(r.peakSimultaneous).toBe(5);
  expect(h.workersStarted).toBeLessThanOrEqual(5);
});

test('the custom-function limit still cuts, and the cut worker is ended and replaced, never reused', async () => {
  const h = harness({ code: CODE, limits: { customFunctionMs: 1000 } });
  expect(await h.callCustomFunction('echo', 1)).toBe(1);
  expect(h.workersStarted).toBe(1);
  const t = Date.now();
  const cut = await h.execute({ kind: 'custom', fn: 'spin' });
  expect(cut).toMatchObject({ ok: false, timedOut: true, error: { message: 'Exceeded maximum execution time' } });
  expect(Date.now() - t).toBeLessThan(3000);
  // The spin ran on the reused worker; the next execution needs a new one.
  expect(await h.callCustomFunction('echo', 2)).toBe(2);
  expect(h.workersStarted).toBe(2);
  // A wait cut at the deadline ends its worker too.
  const slept = await h.execute({ kind: 'custom', fn: 'sleepy', args: [5000] });
  expect(slept.timedOut).toBe(true);
  expect(await h.callCustomFunction('echo', 3)).toBe(3);
  expect(h.workersStarted).toBe(3);
});

test('a reused worker gives each execution its own time limit, counted from its own start', async () => {
  // Three 2.5 s sleeps on one worker, each within its own 4 s (7.5 s together): a limit counted from the worker's
  // first execution would cut the second.
  const h = harness({ code: CODE, limits: { customFunctionMs: 4000 } });
  for (let i = 0; i < 3; i++) expect(await h.callCustomFunction('sleepy', 2500)).toBe('woke');
  expect(h.workersStarted).toBe(1);
});
