/**
 * Malformed input for the issue-22 sidebar actions (Run an operation, Call an MCP tool, pickers) and custom functions,
 * as google.script.run or a cell can pass it: each is refused with a message naming what is wrong, or answered; none
 * crashes (a TypeError, "cannot read properties", "is not a function"), and nothing malformed reaches the service.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, requestCounts, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox();
  h = addOnHarness({ user: 'rep@example.com', sheets: ['Leads'] });
  await connect(h, sb);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const JUNK: unknown[] = [null, 5, 'text', [1, 2], true, { nested: { deep: [null] } }, ' ', NaN];
const CRASH = /TypeError|ReferenceError|cannot read|is not a function|is not iterable|\[object Object\]/i;

/** The valid request of each action; each of its properties, then the whole request, is replaced by each junk value. */
const ACTIONS: { fn: string; valid: Record<string, unknown>; extra?: unknown[] }[] = [
  { fn: 'previewOperation', valid: { operation: 'lists.create', values: { name: 'x' }, kinds: { name: 'text' }, perRow: false, output: { to: 'none' } } },
  { fn: 'runOperation', valid: { operation: 'lists.getAll', values: {}, kinds: {}, perRow: false, output: { to: 'sheet', mode: 'append', sheetName: 'Out' } } },
  { fn: 'previewMcpTool', valid: { tool: 'create_list', values: { name: 'x' }, kinds: { name: 'text' }, output: { to: 'none' } } },
  { fn: 'runMcpTool', valid: { tool: 'get_lists', values: {}, output: { to: 'none' } } },
];

function cases(): { fn: string; args: unknown[]; label: string }[] {
  const out: { fn: string; args: unknown[]; label: string }[] = [];
  for (const a of ACTIONS) {
    for (const junk of JUNK) {
      out.push({ fn: a.fn, args: [junk], label: `${a.fn}(${String(junk)})` });
      for (const key of Object.keys(a.valid)) out.push({ fn: a.fn, args: [{ ...a.valid, [key]: junk }], label: `${a.fn}.${key}=${JSON.stringify(junk)}` });
    }
  }
  for (const junk of JUNK) out.push({ fn: 'pickerChoices', args: [junk], label: `pickerChoices(${String(junk)})` });
  return out;
}

describe('Run an operation / Call an MCP tool: malformed requests', () => {
  it('each is refused naming what is wrong, or answered; none crashes, and nothing is refused by the service as invalid', async () => {
    const crashes: string[] = [];
    const before = await requestCounts(sb);
    const all = cases();
    expect(all.length).toBeGreaterThan(100);
    for (const c of all) {
      try {
        await h.run(c.fn, ...c.args);
      } catch (error) {
        const message = (error as Error).message;
        if (CRASH.test(message)) crashes.push(`${c.label}: ${message}`);
      }
    }
    expect(crashes).toEqual([]);
    // No 400/422 from the service: every malformed value was refused before sending.
    const after = await requestCounts(sb);
    const invalid = Object.entries(after).flatMap(([endpoint, byStatus]) =>
      ['400', '422'].filter((s) => (byStatus[s] ?? 0) > (before[endpoint]?.[s] ?? 0)).map((s) => `${endpoint} ${s}`),
    );
    expect(invalid).toEqual([]);
  }, 300_000);

  it('values and kinds that are not objects are refused by name', async () => {
    await expect(h.run('previewOperation', { operation: 'lists.create', values: [1, 2] })).rejects.toThrow(/^request\.values: must be an object/);
    await expect(h.run('previewOperation', { operation: 'lists.create', values: { name: 'x' }, kinds: 'text' })).rejects.toThrow(
      /^request\.kinds: must be an object/,
    );
  }, 60_000);

  it.each([
    ['PDS_CAMPAIGN_CONTACTS', [null]],
    ['PDS_CAMPAIGN_METRICS', [[['a', 'b']]]],
    ['PDS_SAVED_SEARCH_RESULTS', ['', 5]],
    ['PDS_SAVED_SEARCH_RESULTS', ['1', 'many']],
    ['PDS_CAMPAIGNS', [[[1, 2]]]],
  ])(
    '%s %j: refused naming the argument, no crash',
    async (fn, args) => {
      await expect(h.callCustomFunction(fn, ...(args as unknown[]))).rejects.toThrow(/campaignId|savedSearchId|limit|searchText|id: /);
    },
    60_000,
  );
});
