import { closeAll, harness } from './test-helpers';

afterEach(closeAll);

const CODE = `
function globalsSeen() {
  return {
    require: typeof require, process: typeof process, setTimeout: typeof setTimeout, setInterval: typeof setInterval,
    fetch: typeof fetch, Buffer: typeof Buffer, global: typeof global, module: typeof module,
    SpreadsheetApp: typeof SpreadsheetApp, UrlFetchApp: typeof UrlFetchApp, HtmlService: typeof HtmlService,
    Logger: typeof Logger, console: typeof console,
  };
}
var counter = 0;
function bump() { counter++; return counter; }
function realmChecks() {
  var v = SpreadsheetApp.getActiveSheet().getRange('A1:B1').getValues();
  return [v instanceof Array, v[0] instanceof Array, new Date() instanceof Date, Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'x') instanceof Array];
}
function now() { return Date.now(); }
function throwsTypeError() { return null.x; }
function spin() { while (true) {} }
function sleepy(ms) { Utilities.sleep(ms); return 'woke'; }
function sleepThenSpin() { Utilities.sleep(800); while (true) {} }
function catchesTimeout() { try { Utilities.sleep(5000); } catch (e) { return 'caught: ' + e.message; } }
function logs(secret) { Logger.log('value=%s', 42); console.log('obj', {a: 1}); console.error('bad'); return Logger.getLog(); }
`;

test('only ECMAScript built-ins and the Apps Script globals exist inside the vm', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('globalsSeen')).toEqual({
    require: 'undefined',
    process: 'undefined',
    setTimeout: 'undefined',
    setInterval: 'undefined',
    fetch: 'undefined',
    Buffer: 'undefined',
    global: 'undefined',
    module: 'undefined',
    SpreadsheetApp: 'object',
    UrlFetchApp: 'object',
    HtmlService: 'object',
    Logger: 'object',
    console: 'object',
  });
});

test('each execution gets a fresh global scope, as in Apps Script', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('bump')).toBe(1);
  expect(await h.run('bump')).toBe(1);
});

test('values from services are of the script realm (instanceof works)', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('realmChecks')).toEqual([true, true, true, true]);
});

test('Date inside the vm follows the harness clock', async () => {
  const h = harness({ code: CODE });
  h.clock.advance(3_600_000);
  const seen = (await h.run('now')) as number;
  expect(Math.abs(seen - (Date.now() + 3_600_000))).toBeLessThan(2000);
});

test('script errors come back with their name and message', async () => {
  const h = harness({ code: CODE });
  await expect(h.run('throwsTypeError')).rejects.toMatchObject({ scriptErrorName: 'TypeError', message: expect.stringMatching(/null/) });
  await expect(h.run('noSuchFunction')).rejects.toThrow('Script function not found: noSuchFunction');
});

test('a busy loop is cut at the execution limit', async () => {
  const h = harness({ code: CODE, limits: { executionMs: 1500 } });
  const t = Date.now();
  const r = await h.execute({ kind: 'run', fn: 'spin' });
  expect(r).toMatchObject({ ok: false, timedOut: true, error: { message: 'Exceeded maximum execution time' } });
  expect(Date.now() - t).toBeLessThan(4000);
});

test('custom functions have 30 s by default and their own overridable limit', async () => {
  const h = harness({ code: CODE, limits: { customFunctionMs: 1000, executionMs: 60_000 } });
  const r = await h.execute({ kind: 'custom', fn: 'spin' });
  expect(r.timedOut).toBe(true);
  expect(r.durationMs).toBeLessThan(3000);
});

test('Utilities.sleep really waits and counts toward the limit', async () => {
  const h = harness({ code: CODE, limits: { executionMs: 1500 } });
  const t = Date.now();
  expect(await h.run('sleepy', 300)).toBe('woke');
  expect(Date.now() - t).toBeGreaterThanOrEqual(300);
  // 800 ms of sleep + a spin: cut at 1.5 s, i.e. the sleep counted.
  const r = await h.execute({ kind: 'run', fn: 'sleepThenSpin' });
  expect(r.timedOut).toBe(true);
  expect(r.durationMs).toBeGreaterThanOrEqual(1400);
  expect(r.durationMs).toBeLessThan(3500);
  // A sleep past the deadline is cut at the deadline; catching the error does not save the execution.
  const c = await h.execute({ kind: 'run', fn: 'catchesTimeout' });
  expect(c).toMatchObject({ ok: false, timedOut: true });
  expect(c.durationMs).toBeLessThan(3500);
});

test('Logger and console output is captured per execution', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('logs')).toBe('value=42');
  expect(h.logs.map((l) => [l.source, l.level, l.message])).toEqual([
    ['Logger', 'INFO', 'value=42'],
    ['console', 'INFO', 'obj {"a":1}'],
    ['console', 'ERROR', 'bad'],
  ]);
  expect(h.logText()).toContain('value=42');
});
