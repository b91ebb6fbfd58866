import { closeAll, harness, startEchoServer, type EchoServer } from './test-helpers';

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(() => echo.stop());
afterEach(closeAll);

const CODE = `
function get(url, params) {
  var r = UrlFetchApp.fetch(url, params);
  return { code: r.getResponseCode(), text: r.getContentText(), headers: r.getHeaders(), all: r.getAllHeaders(), blob: r.getBlob().getDataAsString() };
}
function code(url, params) { return UrlFetchApp.fetch(url, params).getResponseCode(); }
function many(urls) {
  return UrlFetchApp.fetchAll(urls.map(function (u) { return { url: u, muteHttpExceptions: true }; })).map(function (r) { return [r.getResponseCode(), r.getContentText()]; });
}
function errorMessage(url, params) { try { UrlFetchApp.fetch(url, params); return 'no error'; } catch (e) { return e.name + ': ' + e.message; } }
`;

test('fetch returns status, headers (as sent by the server) and body; payload objects are form-encoded', async () => {
  const h = harness({ code: CODE });
  const r = (await h.run('get', `${echo.base}/echo?q=1`, {
    method: 'post',
    payload: { name: 'Ada Lovelace', n: 2 },
    headers: { Authorization: 'Bearer s3cret' },
  })) as { code: number; text: string; headers: Record<string, string>; all: Record<string, unknown>; blob: string };
  expect(r.code).toBe(200);
  const seen = JSON.parse(r.text) as { method: string; body: string; rawHeaders: string[] };
  expect(seen.method).toBe('POST');
  expect(seen.body).toBe('name=Ada%20Lovelace&n=2');
  const sent = Object.fromEntries(seen.rawHeaders.reduce<string[][]>((a, v, i) => (i % 2 ? a : [...a, [v.toLowerCase(), seen.rawHeaders[i + 1]]]), []));
  expect(sent['content-type']).toBe('application/x-www-form-urlencoded');
  expect(sent.authorization).toBe('Bearer s3cret');
  expect(sent['user-agent']).toMatch(/Google-Apps-Script/);
  expect(r.headers['X-Custom-Header']).toBe('Yes');
  expect(r.headers['Set-Cookie']).toBe('a=1, b=2');
  expect(r.all['Set-Cookie']).toEqual(['a=1', 'b=2']);
  expect(r.blob).toBe(r.text);
  expect(h.http.log[0]).toMatchObject({ method: 'POST', status: 200, requestHeaders: { Authorization: 'Bearer s3cret' } });
  expect(h.http.quotaUsed()).toBe(1);
});

test('JSON payload with contentType is sent verbatim', async () => {
  const h = harness({ code: CODE });
  const r = (await h.run('get', `${echo.base}/echo`, { method: 'put', contentType: 'application/json', payload: JSON.stringify({ a: 1 }) })) as {
    text: string;
  };
  const seen = JSON.parse(r.text) as { method: string; body: string; rawHeaders: string[] };
  expect(seen).toMatchObject({ method: 'PUT', body: '{"a":1}' });
  expect(seen.rawHeaders).toContain('application/json');
});

test('status >= 400 throws the Apps Script message unless muteHttpExceptions', async () => {
  const h = harness({ code: CODE });
  const msg = (await h.run('errorMessage', `${echo.base}/status/404`)) as string;
  expect(msg).toMatch(
    new RegExp(`^Exception: Request failed for ${echo.base.replace(/[.]/g, '\\.')} returned code 404\\. Truncated server response: \\{"error":"status 404"`),
  );
  expect(msg).toMatch(/\.\.\. \(use muteHttpExceptions option to examine full response\)$/);
  expect(await h.run('code', `${echo.base}/status/503`, { muteHttpExceptions: true })).toBe(503);
});

test('redirects are followed by default, not with followRedirects: false', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('code', `${echo.base}/redirect?to=/echo`)).toBe(200);
  expect(await h.run('code', `${echo.base}/redirect?to=/echo`, { followRedirects: false })).toBe(302);
});

test('fetchAll runs requests in parallel and returns them in order', async () => {
  const h = harness({ code: CODE });
  const t = Date.now();
  const out = (await h.run('many', [`${echo.base}/slow?ms=600`, `${echo.base}/slow?ms=600`, `${echo.base}/status/500`])) as [number, string][];
  expect(Date.now() - t).toBeLessThan(1500);
  expect(out.map((x) => x[0])).toEqual([200, 200, 500]);
  expect(out[0][1]).toBe('slept 600');
  expect(h.http.quotaUsed()).toBe(3);
});

test('connection refused and unknown hosts throw like Apps Script', async () => {
  const h = harness({ code: CODE });
  expect(await h.run('errorMessage', 'http://127.0.0.1:1/x')).toBe('Exception: Address unavailable: http://127.0.0.1:1/x');
  expect(await h.run('errorMessage', 'http://no-such-host.invalid/')).toBe('Exception: DNS error: http://no-such-host.invalid/');
  expect(await h.run('errorMessage', 'not a url')).toBe('Exception: Invalid argument: not a url');
});

test('URL length, response size and the daily quota are enforced', async () => {
  const h = harness({ code: CODE, limits: { urlFetchResponseBytes: 1000, urlFetchCallsPerDay: 4 } });
  expect(await h.run('errorMessage', `${echo.base}/echo?${'x'.repeat(2100)}`)).toBe('Exception: Limit Exceeded: URLFetch URL Length.');
  expect(await h.run('errorMessage', `${echo.base}/big?bytes=1001`)).toBe('Exception: Limit Exceeded: URLFetch response size.');
  expect(await h.run('code', `${echo.base}/big?bytes=1000`)).toBe(200);
  await h.run('code', `${echo.base}/echo`);
  await h.run('code', `${echo.base}/echo`);
  expect(h.http.quotaUsed()).toBe(4);
  expect(await h.run('errorMessage', `${echo.base}/echo`)).toBe('Exception: Service invoked too many times for one day: urlfetch.');
  // Quotas are per user and per (harness-clock) day.
  expect(await h.runAs('other@x.test', 'code', `${echo.base}/echo`)).toBe(200);
  h.clock.advance(24 * 3_600_000);
  expect(await h.run('code', `${echo.base}/echo`)).toBe(200);
});

test('a slow request is cut at the execution deadline', async () => {
  const h = harness({ code: CODE, limits: { executionMs: 1000 } });
  const r = await h.execute({ kind: 'run', fn: 'code', args: [`${echo.base}/slow?ms=3000`] });
  expect(r).toMatchObject({ ok: false, timedOut: true, error: { message: 'Exceeded maximum execution time' } });
  expect(r.durationMs).toBeLessThan(2500);
});
