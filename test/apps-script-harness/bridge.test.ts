/**
 * The synchronous bridge between an execution's worker and the host: a reply is matched to the call it answers, and
 * an HTTPResponse's argument-less getters cost no round trip.
 */
import { MessagePort } from 'node:worker_threads';
import { workerExecArgv } from './worker-pool';
import { closeAll, harness, startEchoServer, type EchoServer } from './test-helpers';

afterEach(closeAll);

const CODE = `
function lateReply() {
  var props = PropertiesService.getScriptProperties();
  var first;
  try { first = props.getProperty('late'); } catch (e) { first = 'lost: ' + e.message; }
  Utilities.sleep(1500);
  return [first, props.getProperty('third')];
}
function longStrings() {
  var s = new Array(40001).join('x') + '"quote\\n';
  var range = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
  range.setValues([[s, 'short']]);
  try { range.setValues([[s]]); } catch (e) { /* refused: one column where the range has two */ }
  var back = range.getValues()[0];
  return [back[0] === s, back[1], s];
}
function fetchAndRead(urls) {
  var rs = UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, muteHttpExceptions: true }; }));
  return rs.map(function (r) { return [r.getResponseCode(), r.getContentText().length, typeof r.getHeaders(), typeof r.getAllHeaders()]; });
}
`;

test("a reply that reaches the worker long after the host raised its flag is still this call's, never a later call's", async () => {
  const h = harness({ code: CODE });
  h.properties.script.map.set('late', 'late value');
  h.properties.script.map.set('third', 'third value');
  // Delay the delivery of one reply by 6 s while the host raises the flag at once (as a busy machine once did):
  // the old bridge gave up after 5 s and the next call took that stale reply as its own.
  const post = MessagePort.prototype.postMessage;
  let delayed = false;
  const spy = jest.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (
    this: MessagePort,
    message: unknown,
    transfer?: Parameters<MessagePort['postMessage']>[1],
  ) {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    if (!delayed && text?.includes('late value')) {
      delayed = true;
      setTimeout(() => post.call(this, message, transfer), 6000);
      return;
    }
    post.call(this, message, transfer);
  });
  try {
    expect(await h.run('lateReply')).toEqual(['late value', 'third value']);
    expect(delayed).toBe(true);
  } finally {
    spy.mockRestore();
  }
}, 30_000);

describe('HTTP responses', () => {
  let echo: EchoServer;
  beforeAll(async () => {
    echo = await startEchoServer();
  });
  afterAll(() => echo.stop());

  test('getResponseCode, getContentText, getHeaders and getAllHeaders are answered without a round trip each', async () => {
    const h = harness({ code: CODE });
    const urls = [`${echo.base}/echo`, `${echo.base}/big?bytes=30000`, `${echo.base}/big?bytes=10`];
    const result = await h.execute({ kind: 'run', fn: 'fetchAndRead', args: [urls] });
    expect(result.ok).toBe(true);
    const read = result.value as [number, number, string, string][];
    expect(read.map((r) => r[0])).toEqual([200, 200, 200]);
    // Each read agrees with the log's body, long or short (long ones travel beside the reply's JSON).
    read.forEach((r, i) => expect(r[1]).toBe(h.http.log[i].responseBody.length));
    expect(read[1][1]).toBe(30000);
    expect(read.every((r) => r[2] === 'object' && r[3] === 'object')).toBe(true);
    // The fetchAll itself; before, 4 more per response.
    expect(result.serviceCalls).toBe(1);
    expect(result.peakHeapBytes).toBeGreaterThan(0);
  });
});

test("an execution's worker starts without the parent's module loaders (tsx's cost ~100 ms a start), other flags kept", () => {
  const tsx = ['--require', '/x/tsx/dist/preflight.cjs', '--import', 'file:///x/tsx/dist/loader.mjs', '--cpu-prof', '--loader=/x/l.mjs', '-r', 'y'];
  expect(workerExecArgv(tsx)).toEqual(['--cpu-prof']);
});

test('long strings sent to a service and returned by the run arrive whole (they travel beside the JSON)', async () => {
  const h = harness({ code: CODE });
  const [same, short, s] = (await h.run('longStrings')) as [boolean, string, string];
  expect(s).toHaveLength(40007); // 40,000 x, `"quote` and a newline
  expect(same).toBe(true);
  expect(short).toBe('short');
  expect(h.workbook.mustSheet('Sheet1').values()[0][0]).toBe(s);
});
