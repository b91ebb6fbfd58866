/**
 * The harness is as strict as Google where size matters (issue 29): an execution holding more heap than the ceiling
 * fails with Apps Script's words, and what its sheet calls cost on Google (sheet-cost.ts) is waited for within its
 * time, so a write too large for the limit fails as it would on Google. Both are on by default; NOT_STRICT turns them off.
 */
import { NOT_STRICT } from './limits';
import { PUBLISHED_SHEET_COSTS } from './sheet-cost';
import { closeAll, harness, startEchoServer, type EchoServer } from './test-helpers';

afterEach(closeAll);

const CODE = `
function hold(mb, withCalls, catchIt) {
  var keep = [];
  try {
    for (var i = 0; i < mb; i++) {
      // One MB of live heap per step (131,072 elements of 8 bytes).
      keep.push(new Array(131072).fill(i));
      if (withCalls) Logger.log('step %s', i);
    }
  } catch (e) {
    if (!catchIt) throw e;
  }
  return keep.length;
}
function write(rows, cols, chars, times) {
  var sheet = SpreadsheetApp.getActiveSheet();
  if (sheet.getMaxColumns() < cols) sheet.insertColumnsAfter(sheet.getMaxColumns(), cols - sheet.getMaxColumns());
  var text = new Array(chars + 1).join('x');
  var values = [];
  for (var r = 0; r < rows; r++) { var row = []; for (var c = 0; c < cols; c++) row.push(text); values.push(row); }
  for (var t = 0; t < times; t++) sheet.getRange(1, 1, rows, cols).setValues(values);
  return times;
}
function fetchRounds(url, rounds, perRound, keepAll) {
  var kept = [];
  var chars = 0;
  for (var i = 0; i < rounds; i++) {
    var rs = UrlFetchApp.fetchAll(new Array(perRound).fill(url));
    rs.forEach(function (r) { chars += r.getContentText().length; });
    if (keepAll) kept.push(rs);
  }
  return chars;
}
function writeThenFlush() {
  SpreadsheetApp.getActiveSheet().getRange(1, 1).setValue('a');
  SpreadsheetApp.flush();
  SpreadsheetApp.flush();
  return SpreadsheetApp.getActiveSheet().getRange(1, 1).getValue();
}
`;

describe('heap ceiling', () => {
  test('an execution past the ceiling fails with "Exceeded memory limit.", even when the script catches the error', async () => {
    const h = harness({ code: CODE, limits: { heapCeilingMb: 24 } });
    const r = await h.execute({ kind: 'run', fn: 'hold', args: [64, true, false] });
    expect(r).toMatchObject({ ok: false, timedOut: false, error: { message: 'Exceeded memory limit.' } });
    const caught = await h.execute({ kind: 'run', fn: 'hold', args: [64, true, true] });
    expect(caught).toMatchObject({ ok: false, error: { message: 'Exceeded memory limit.' } });
  });

  test('a script that allocates without calling any service is stopped by the worker heap limit above the ceiling, same words', async () => {
    const h = harness({ code: CODE, limits: { heapCeilingMb: 24 } });
    const r = await h.execute({ kind: 'run', fn: 'hold', args: [400, false, false] });
    expect(r).toMatchObject({ ok: false, error: { message: 'Exceeded memory limit.' } });
  });

  test('under the ceiling it runs, and the worker is reused; past it the worker is not', async () => {
    const h = harness({ code: CODE, limits: { heapCeilingMb: 24 } });
    expect(await h.run('hold', 4, true, false)).toBe(4);
    expect(await h.run('hold', 4, true, false)).toBe(4);
    expect(h.workersStarted).toBe(1);
    await h.execute({ kind: 'run', fn: 'hold', args: [64, true, false] });
    expect(await h.run('hold', 1, false, false)).toBe(1);
    expect(h.workersStarted).toBe(2);
  });

  test('on by default (128 MB), off with NOT_STRICT', async () => {
    expect(harness({ code: CODE }).limits.heapCeilingMb).toBe(128);
    const h = harness({ code: CODE, limits: { ...NOT_STRICT } });
    expect(await h.run('hold', 48, true, false)).toBe(48);
  });
});

describe('heap ceiling and HTTP bodies', () => {
  let echo: EchoServer;
  beforeAll(async () => {
    echo = await startEchoServer();
  });
  afterAll(() => echo?.stop());

  // 40 answers of 2 MB (80 MB) in rounds of 4 under a 24 MB ceiling: the script lets go of each round's answers.
  test('answers the script no longer holds are collected within the execution, as on Google', async () => {
    const h = harness({ code: CODE, limits: { heapCeilingMb: 24 } });
    expect(await h.run('fetchRounds', `${echo.base}/big?bytes=2000000`, 10, 4, false)).toBe(80_000_000);
  }, 60_000);

  test('answers the script keeps count against the ceiling', async () => {
    const h = harness({ code: CODE, limits: { heapCeilingMb: 24 } });
    const r = await h.execute({ kind: 'run', fn: 'fetchRounds', args: [`${echo.base}/big?bytes=2000000`, 10, 4, true] });
    expect(r).toMatchObject({ ok: false, error: { message: 'Exceeded memory limit.' } });
  }, 60_000);
});

describe('sheet cost model', () => {
  test('a write is waited for as Google takes it: cells and characters, charged to the execution', async () => {
    const h = harness({ code: CODE });
    // 200 cells of 500 characters: 200 × 0.1 + 100,000 × 0.004 = 420 ms, plus a few calls.
    const r = await h.execute({ kind: 'run', fn: 'write', args: [20, 10, 500, 1] });
    expect(r.ok).toBe(true);
    const m = PUBLISHED_SHEET_COSTS;
    expect(r.sheetCostMs).toBeGreaterThanOrEqual(200 * m.writeCellMs + 100_000 * m.writeCharMs);
    expect(r.durationMs).toBeGreaterThanOrEqual(400);
    // The bill by what was paid for: the write of that sheet, and the calls; together the whole charge.
    const sheet = h.workbook.sheets[0].name;
    expect(r.sheetCostFor?.[`write ${sheet}`]).toBeCloseTo(200 * m.writeCellMs + 100_000 * m.writeCharMs, 6);
    expect(r.sheetCostFor?.call).toBeGreaterThan(0);
    expect(Object.values(r.sheetCostFor ?? {}).reduce((a, b) => a + b, 0)).toBeCloseTo(r.sheetCostMs, 6);
  });

  test('an execution whose writes cost more than its limit fails with "Exceeded maximum execution time"', async () => {
    // Each write: 1,000 cells of 1,000 characters = 100 ms + 4,000 ms on Google; the limit is 3 s.
    const h = harness({ code: CODE, limits: { executionMs: 3000 } });
    const r = await h.execute({ kind: 'run', fn: 'write', args: [100, 10, 1000, 5] });
    expect(r).toMatchObject({ ok: false, timedOut: true, error: { message: 'Exceeded maximum execution time' } });
    // Charged for the first write (4.1 s), which the 3 s could not wait for.
    expect(r.sheetCostMs).toBeGreaterThan(4000);
    // The same with the model off: nothing charged, the harness's own speed (a minute's limit, for a loaded machine).
    h.setLimits({ ...NOT_STRICT, executionMs: 60_000 });
    const free = await h.execute({ kind: 'run', fn: 'write', args: [100, 10, 1000, 5] });
    expect(free).toMatchObject({ ok: true, value: 5, sheetCostMs: 0 });
  });

  test('flush() commits pending writes once; a flush with nothing pending costs only its call', async () => {
    const h = harness({ code: CODE });
    const r = await h.execute({ kind: 'run', fn: 'writeThenFlush' });
    expect(r.value).toBe('a');
    const m = PUBLISHED_SHEET_COSTS;
    expect(r.sheetCostMs).toBeGreaterThanOrEqual(m.commitMs);
    expect(r.sheetCostMs).toBeLessThan(2 * m.commitMs);
  });
});
