/**
 * Benchmark: PDS_LOOKUP_CONTACT over a range of 2,000 keys through the Apps Script harness (a cell: 30 s) against
 * the sandbox with 1,950 saved contacts. Prints the requests (bound: ceil(2000 / page size)), whether they went out
 * side by side, and the wall time beside the 30-second custom-function limit. Run: npx tsx bench/lookup.ts
 */
import { addOnHarness, connect, countOf, requestCounts, startSandbox } from '../test/apps-script/setup';

const KEYS = 2000;
const SAVED = 1950;
const PAGE = 500;
const LIMIT_MS = 30_000;

async function main(): Promise<void> {
  const sb = await startSandbox({ seed: { orgContacts: SAVED } });
  const h = addOnHarness({ user: 'bench@example.com' });
  try {
    await connect(h, sb);
    const org = (await h.callCustomFunction('PDS_ORG_CONTACTS', 365, 20000, 'contactId')) as unknown[][];
    const keys = [...org.slice(1).map((r) => [r[0]]), ...Array.from({ length: KEYS - SAVED }, (_, i) => [`nobody${i}@nowhere.example`])];
    const before = countOf(await requestCounts(sb), 'GET /v1/contacts');
    const logFrom = h.http.log.length;
    const started = Date.now();
    const found = (await h.callCustomFunction('PDS_LOOKUP_CONTACT', keys, 'contactId,fullName', 365, false)) as unknown[][];
    const wall = Date.now() - started;
    const used = countOf(await requestCounts(sb), 'GET /v1/contacts') - before;
    const pages = h.http.log.slice(logFrom).filter((c) => c.url.includes('/v1/contacts?'));
    const firstAnswer = Math.min(...pages.map((c) => c.startedAt + c.durationMs));
    const sideBySide = pages.every((c) => c.startedAt <= firstAnswer);
    const bound = Math.ceil(KEYS / PAGE);
    const hits = found.filter((r) => r[0] !== '(not found)').length;
    console.log(`lookup of ${keys.length} keys (${hits} found): ${used} requests (bound ${bound}), side by side: ${sideBySide}`);
    console.log(`wall ${(wall / 1000).toFixed(2)} s (custom-function limit ${LIMIT_MS / 1000} s)`);
    const row = {
      bench: `Sheets lookup of ${KEYS} keys`,
      figure: `${used} requests${sideBySide ? ', side by side' : ', NOT side by side'}; ${(wall / 1000).toFixed(2)} s`,
      bound: `≤ ${bound} requests; < ${LIMIT_MS / 1000} s`,
      ratio: `${(wall / LIMIT_MS).toFixed(2)} × the limit`,
      memory: '',
      pass: used <= bound && sideBySide && wall < LIMIT_MS,
    };
    console.log(`BENCH_ROW ${JSON.stringify(row)}`);
  } finally {
    await h.close();
    await sb.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
