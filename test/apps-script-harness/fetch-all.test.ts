/**
 * UrlFetchApp.fetchAll as Apps Script runs it, the rules the core's gasFetchAll relies on (issue 13): the arguments of
 * every request are checked before any leaves; the requests go out together; a request without an HTTP answer fails
 * the whole call (muteHttpExceptions mutes only HTTP statuses), after the others were sent; each request counts
 * toward the daily quota.
 */
import { closeAll, harness, startEchoServer, type EchoServer } from './test-helpers';

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(() => echo.stop());
afterEach(closeAll);

const CODE = `
function all(urls) {
  try {
    return UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, muteHttpExceptions: true }; })).map(function (r) { return r.getResponseCode(); });
  } catch (e) { return e.name + ': ' + e.message; }
}
`;

test('a bad argument in any request refuses the whole batch before anything is sent', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('all', [`${echo.base}/echo`, 'not a url'])).toBe('Exception: Invalid argument: not a url');
  expect(h.http.quotaUsed()).toBe(0);
  expect(h.http.log).toHaveLength(0);
});

test('one request without an answer fails the whole call even when muted; the others were sent and counted', async () => {
  const h = harness({ code: CODE });
  const out = await h.run('all', [`${echo.base}/slow?ms=200`, 'http://127.0.0.1:1/x', `${echo.base}/status/503`]);
  expect(out).toBe('Exception: Address unavailable: http://127.0.0.1:1/x');
  expect(h.http.quotaUsed()).toBe(3);
  expect(h.http.log.filter((e) => e.status !== null).map((e) => e.status)).toEqual(expect.arrayContaining([200, 503]));
});

test('each request of a batch counts toward the daily quota; a batch that crosses it fails', async () => {
  const h = harness({ code: CODE, limits: { urlFetchCallsPerDay: 3 } });
  expect(await h.run('all', [`${echo.base}/echo`, `${echo.base}/echo`])).toEqual([200, 200]);
  expect(await h.run('all', [`${echo.base}/echo`, `${echo.base}/echo`])).toBe('Exception: Service invoked too many times for one day: urlfetch.');
});
