/**
 * Generated malformed input for the add-on's custom functions (what a cell can pass: text, numbers, booleans,
 * dates, ranges of any shape) and sidebar actions (what google.script.run can pass: any JSON value, in place of
 * a whole request or of one of its properties), through the Apps Script harness against the sandbox. Each case
 * must either be refused before any request with a message naming the argument (or a field inside it), or be
 * sent (legitimate text the service takes). A crash (TypeError and kin, a time-out, a message naming nothing)
 * fails the test.
 */
import { BUSY_ANSWER } from '../../apps-script/src/doc-lock';
import { fieldSpecs } from '../../n8n-nodes/nodes/Prospecting/description/derive';
import { operation } from '../../shared';
import type { ExecutionResult, Harness, SandboxProcess } from '../apps-script-harness';
import { malformedValues, pick, seeded, type MalformedValue } from '../support/malformed-values';
import { addOnHarness, connect, startSandbox } from './setup';

let sb: SandboxProcess;
let h: Harness;

beforeAll(async () => {
  sb = await startSandbox({
    research: { queuedMs: 1, researchingMs: 1 },
    rateLimit: { defaultLimit: 1_000_000, tokenRouteLimit: 1_000_000 },
    credits: { A: 1_000_000 },
  });
  h = addOnHarness({ user: 'owner@example.com', sheets: ['Leads'] });
  await connect(h, sb);
  // A selection for the actions that read one: contact ids and names.
  const sheet = h.workbook.mustSheet('Leads');
  [
    ['contactId', 'fullName', 'company'],
    ['1', 'Ann Nobody', 'Nowhere Inc'],
    ['2', 'Bob Nobody', 'Nowhere Inc'],
  ].forEach((r, i) => r.forEach((v, j) => sheet.setCell(i, j, { value: v })));
  h.workbook.setActiveRange('Leads!A2:C3');
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

/** What a cell can hand a custom function: no objects, no NaN, text up to Sheets' 50,000 characters. */
function cellValues(): MalformedValue[] {
  const fromCell = malformedValues().filter((m) => {
    const v = m.value;
    if (typeof v === 'string') return v.length <= 50_000;
    if (typeof v === 'number') return Number.isFinite(v);
    return v === undefined || typeof v === 'boolean' || (v instanceof Date && !Number.isNaN(v.getTime()));
  });
  const ranges: MalformedValue[] = [
    { label: 'range-blank', value: [['']] },
    { label: 'range-1x1', value: [['a']] },
    { label: 'range-1x3', value: [['a', 'b', 'c']] },
    {
      label: 'range-numbers',
      value: [
        [1, 2],
        [3, 4],
      ],
    },
    {
      label: 'range-mixed',
      value: [
        [new Date(0), true],
        ['', -1],
      ],
    },
    { label: 'range-formula-text', value: [['=1+1', 'x']] },
    {
      label: 'range-half-blank',
      value: [
        ['jobTitle', ''],
        ['', 'CTO'],
      ],
    },
    { label: 'range-1000x1', value: Array.from({ length: 1000 }, (_, i) => [`k${i}`]) },
    { label: 'range-long-text', value: [['x'.repeat(50_000), 'y']] },
    { label: 'max-text', value: 'x'.repeat(50_000) },
    { label: '1e308', value: 1e308 },
  ];
  return [...fromCell, ...ranges];
}

const searchFilterNames = [...fieldSpecs(operation('contacts.search')), ...fieldSpecs(operation('companies.search'))].map((s) => s.name);

interface Case {
  id: string;
  kind: 'custom' | 'run';
  fn: string;
  args: unknown[];
  /** Names a message may use: the argument, or a field inside it. */
  names: string[];
  value: unknown;
}

const CUSTOM: { fn: string; params: string[] }[] = [
  { fn: 'PDS_SEARCH_CONTACTS', params: ['filters', 'limit'] },
  { fn: 'PDS_SEARCH_COMPANIES', params: ['filters', 'limit'] },
  { fn: 'PDS_ORG_CONTACTS', params: ['days', 'limit', 'fields'] },
  { fn: 'PDS_ORG_COMPANIES', params: ['days', 'limit', 'fields'] },
  { fn: 'PDS_SAVED_SEARCHES', params: ['type'] },
  { fn: 'PDS_LOOKUP_CONTACT', params: ['keys', 'fields', 'days', 'header'] },
  { fn: 'PDS_LOOKUP_COMPANY', params: ['domains', 'fields', 'days', 'header'] },
];

/** Sidebar actions with valid arguments; each argument, and each property of an object argument, is replaced in turn. */
const SIDEBAR: { fn: string; params: string[]; valid: unknown[] }[] = [
  { fn: 'searchPreview', params: ['request'], valid: [{ kind: 'contacts', filters: 'seniority=VP', limit: 5 }] },
  { fn: 'importSearch', params: ['request'], valid: [{ kind: 'companies', filters: 'industry=Computer Software', limit: 5, sheetName: 'Imported' }] },
  { fn: 'importSavedSearch', params: ['savedSearchId', 'limit', 'sheetName'], valid: ['1', 5, 'Saved'] },
  { fn: 'createList', params: ['name'], valid: ['Generated'] },
  { fn: 'renameList', params: ['id', 'name'], valid: ['1', 'Renamed'] },
  { fn: 'deleteList', params: ['id'], valid: ['999999'] },
  { fn: 'addSelectionToList', params: ['id'], valid: ['1'] },
  { fn: 'getSavedSearches', params: ['type'], valid: ['contacts'] },
  { fn: 'createSavedSearch', params: ['input'], valid: [{ name: 'Generated', type: 'contacts', values: { jobTitle: ['CTO'] } }] },
  { fn: 'updateSavedSearch', params: ['input'], valid: [{ id: '1', name: 'Renamed' }] },
  { fn: 'deleteSavedSearch', params: ['id'], valid: ['999999'] },
  { fn: 'exportToSheet', params: ['what', 'sheetName'], valid: ['lists', 'Exported'] },
  { fn: 'sendDraft', params: ['id', 'from'], valid: ['999999', 'alice@acme.example'] },
  { fn: 'sendEmail', params: ['request'], valid: [{ contactId: '1', from: 'alice@acme.example', to: 'ann@example.com', subject: 'Hi', body: 'Hello' }] },
  { fn: 'createCampaignFromSelection', params: ['request'], valid: [{ name: 'Generated', maxActiveContacts: 5, start: false }] },
  { fn: 'enableOrgRefresh', params: ['options'], valid: [{ sheetName: 'Org', days: 30 }] },
  { fn: 'pollEnrichment', params: ['jobId'], valid: ['no-such-job'] },
  { fn: 'startEnrichment', params: ['confirmedItems'], valid: [2] },
];

function generate(): Case[] {
  const random = seeded(11);
  const cases: Case[] = [];
  const cells = cellValues();
  // Every value for the first argument of each custom function; elsewhere the values most likely to break
  // something (missing, wrong type, broken text) and a seeded sample of the rest, so the run stays short.
  const always = new Set(['undefined', 'null', 'empty', '{}', '[]', 'NaN', 'true', '[1,"x"]', 'lone-surrogate', 'megabyte']);
  const sample = (from: MalformedValue[], n: number, all: boolean) =>
    all
      ? from
      : [
          ...from.filter((v) => always.has(v.label)),
          ...Array.from({ length: n }, () =>
            pick(
              random,
              from.filter((v) => !always.has(v.label)),
            ),
          ),
        ];
  for (const { fn, params } of CUSTOM) {
    params.forEach((param, i) => {
      for (const v of sample(cells, 16, i === 0)) {
        const args = params.map((_, j) => (j === i ? v.value : undefined));
        const names = param === 'filters' ? [param, ...searchFilterNames] : [param];
        cases.push({ id: `${fn}(${param} = ${v.label})`, kind: 'custom', fn, args, names, value: v.value });
      }
    });
  }
  const values = malformedValues();
  for (const { fn, params, valid } of SIDEBAR) {
    params.forEach((param, i) => {
      const base = valid[i];
      const props = base && typeof base === 'object' ? Object.keys(base) : [];
      for (const v of sample(values, 12, false)) {
        const args = valid.map((a, j) => (j === i ? v.value : a));
        // An id argument may be named as the core's field: "id".
        const names = [param, ...props, ...(/Id$/.test(param) ? ['id'] : []), ...(param === 'sheetName' ? ['sheet'] : [])];
        cases.push({ id: `${fn}(${param} = ${v.label})`, kind: 'run', fn, args, names, value: v.value });
      }
      for (const prop of props) {
        for (const v of sample(values, 2, false)) {
          const args = valid.map((a, j) => (j === i ? { ...(a as object), [prop]: v.value } : a));
          // A sheet name may be named as "the sheet".
          const names = [prop, param, ...(prop === 'sheetName' ? ['sheet'] : [])];
          cases.push({ id: `${fn}(${param}.${prop} = ${v.label})`, kind: 'run', fn, args, names, value: v.value });
        }
      }
    });
  }
  return cases;
}

type Verdict = { kind: 'refused' | 'sent' | 'sent-refused' | 'crash'; detail: string };

const CRASH_NAMES = /^(TypeError|ReferenceError|RangeError|SyntaxError|URIError|InternalError)$/;
const CRASH_WORDS =
  /TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|is not iterable|undefined \(reading|Maximum call stack|URI malformed|Invalid time value/;
/** The service refusing an id it does not hold: the id was legitimate text that names nothing. */
const UNKNOWN_ID = /\bno [\w ]+ .* (in this organization|for this user)|not found|does not exist|No \w+ .* (in this organization|for this user)/i;

function verdictOf(c: Case, result: ExecutionResult): Verdict {
  const requests = h.http.log.filter((e) => e.executionId === result.id);
  const sent = requests.length > 0;
  if (result.timedOut) return { kind: 'crash', detail: 'timed out' };
  if (result.ok) return { kind: sent ? 'sent' : 'refused', detail: sent ? '' : 'nothing to send (empty value)' };
  // Long runs of one character (the generated long texts) shortened, so the rule broken stays in view.
  const message = (result.error?.message ?? '').replace(/(.)\1{20,}/g, '$1…');
  const name = result.error?.name ?? '';
  if (CRASH_NAMES.test(name) || CRASH_WORDS.test(message)) return { kind: 'crash', detail: `${name}: ${message.slice(0, 300)}` };
  if (!sent) {
    const lower = message.toLowerCase();
    return c.names.some((n) => lower.includes(n.toLowerCase()))
      ? { kind: 'refused', detail: message.slice(0, 120) }
      : { kind: 'crash', detail: `names no argument: ${message.slice(0, 300)}` };
  }
  const invalid = requests.some((e) => e.status === 400 || e.status === 413 || e.status === 414 || e.status === 422 || e.status === 431);
  return invalid && !UNKNOWN_ID.test(message) ? { kind: 'sent-refused', detail: message.slice(0, 300) } : { kind: 'sent', detail: '' };
}

/**
 * Findings whose fix belongs outside this package's files (the core in shared/, sidebar/search.ts and
 * sidebar/enrich.ts): reported by the generator and listed in the issue-9 report, not failed here.
 */
const ELSEWHERE: { match: RegExp; where: string }[] = [];

function elsewhere(line: string): boolean {
  return ELSEWHERE.some((e) => e.match.test(line));
}

let cases: Case[] = [];
const verdicts = new Map<string, Verdict>();

describe('malformed input for the custom functions and sidebar actions', () => {
  it('generates over 1,000 cases', () => {
    cases = generate();
    expect(cases.length).toBeGreaterThan(1000);
    expect(new Set(cases.map((c) => c.fn)).size).toBe(CUSTOM.length + SIDEBAR.length);
  });

  it('every case is refused before sending naming the argument, or sent: zero crashes', async () => {
    // A few executions at a time, as several cells recalculating at once would.
    const queue = [...cases];
    // An action that writes the sheet under the document lock may find another case's run holding it and answer
    // busy ("… nothing was done."): a right answer that says nothing of its argument, so the case runs again alone.
    const alone: Case[] = [];
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const result = await h.execute({ kind: c.kind, fn: c.fn, args: c.args });
        if (!result.ok && BUSY_ANSWER.test(result.error?.message ?? '')) alone.push(c);
        else verdicts.set(c.id, verdictOf(c, result));
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    for (const c of alone) verdicts.set(c.id, verdictOf(c, await h.execute({ kind: c.kind, fn: c.fn, args: c.args })));
    if (process.env.MALFORMED_REPORT) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(process.env.MALFORMED_REPORT, [...verdicts].map(([id, v]) => `${v.kind}\t${id}\t${v.detail.replace(/\s+/g, ' ')}`).join('\n'));
    }
    const crashes = [...verdicts].filter(([, v]) => v.kind === 'crash').map(([id, v]) => `${id}: ${v.detail}`);
    expect(crashes.filter((line) => !elsewhere(line))).toEqual([]);
  }, 900_000);

  it('nothing malformed is sent and then refused by the service as invalid', () => {
    const refused = [...verdicts].filter(([, v]) => v.kind === 'sent-refused').map(([id, v]) => `${id}: ${v.detail}`);
    expect(refused.filter((line) => !elsewhere(line))).toEqual([]);
  });
});
