/**
 * Issue 20 point 4 in Sheets: a service that echoes the API key back, in a 2xx answer and in an error, in every
 * form (a test proxy rewrites the sandbox's answers), never gets it into anything the add-on writes or returns:
 * cells, the run log sheet, sidebar results and errors, logs, document and script properties.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { leakForms, leaksIn } from '../support/secret-leaks';
import { startRewritingProxy, type RewritingProxy } from './rewriting-proxy';
import { addOnHarness, connect, everythingButUserProperties, startSandbox } from './setup';

let sb: SandboxProcess;
let proxy: RewritingProxy;
let h: Harness;

/** Every string field of every record gets one form of the key, in turn. */
function echo(body: string, key: string): string {
  const forms = leakForms(key).map((f) => f.text);
  let n = 0;
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return `${v} ${forms[n++ % forms.length]}`;
    if (Array.isArray(v)) return v.map(visit);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, visit(x)]));
    return v;
  };
  try {
    return JSON.stringify(visit(JSON.parse(body)));
  } catch {
    return body;
  }
}

beforeAll(async () => {
  sb = await startSandbox();
  proxy = await startRewritingProxy(sb.info.v1, (req, status, body) => {
    const key = String(req.headers.token ?? '');
    if (!key) return body;
    // A search for 7 results is refused with the key in the error's message.
    if (req.url.includes('/search') && /"limit":7\b|limit=7\b|"size":7\b/.test(`${req.url} ${req.body}`))
      return {
        status: 400,
        body: JSON.stringify({
          message: `invalid token ${leakForms(key)
            .map((f) => f.text)
            .join(' ')}`,
        }),
      };
    return status < 300 && req.url.includes('/search') ? echo(body, key) : body;
  });
  h = addOnHarness({ user: 'rep@example.com' });
  await connect(h, sb, { baseUrlV1: proxy.via(sb.info.v1), baseUrlV2: proxy.via(sb.info.v2) });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await sb?.stop();
});

test('a 2xx answer echoing the key in every form: cells, run log, sidebar results, logs and properties hold none of it', async () => {
  const key = sb.info.apiKey;
  await h.run('setRunLog', { enabled: true, sheetName: 'PDS run log', maxRows: 50 });
  const preview = await h.run('searchPreview', { kind: 'companies', filters: '', limit: 5 });
  const imported = await h.run('importSearch', { kind: 'companies', filters: '', limit: 10, sheetName: 'Echoed' });
  const once = await h.run('importOnce', {
    name: 'echo',
    query: { source: 'search', kind: 'companies', filters: '', limit: 10 },
    target: { sheetName: 'Echoed 2' },
  });
  const status = await h.run('getConnectionStatus');
  const cells = h.workbook.mustSheet('Echoed').values();
  expect(cells.length).toBe(11); // the import did write (the echo was hidden, not the records)
  expect(JSON.stringify(cells)).toContain('[redacted]');
  const written = [everythingButUserProperties(h), JSON.stringify([preview, imported, once, status])].join('\n');
  expect(leaksIn(written, key)).toEqual([]);
}, 60_000);

test('an error answer echoing the key: the sidebar error and the logs hold none of it', async () => {
  const key = sb.info.apiKey;
  const failed = await h.execute({ kind: 'run', fn: 'searchPreview', args: [{ kind: 'companies', filters: '', limit: 7 }] });
  expect(failed.ok).toBe(false);
  expect(failed.error!.message).toMatch(/invalid token/);
  expect(leaksIn(`${failed.error!.message} ${failed.error!.stack ?? ''} ${h.logText()}`, key)).toEqual([]);
}, 60_000);
