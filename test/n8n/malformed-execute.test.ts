import { writeFileSync } from 'node:fs';
import { NodeApiError, NodeOperationError, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { nodeOperations } from '../../n8n-nodes/nodes/Prospecting/description';
import { fieldSpecs, isListOperation, type FieldSpec } from '../../n8n-nodes/nodes/Prospecting/description/derive';
import { optionalCollectionName } from '../../n8n-nodes/nodes/Prospecting/description/properties';
import type { AnyOperation } from '../../shared';
import { malformedValues, pick, seeded, type MalformedValue } from '../support/malformed-values';
import { startEchoProxy, type EchoProxy } from './echo-proxy';
import { executeNode } from './harness';
import { sandboxWithCredentials } from './setup';

/**
 * Generated malformed input for Prospecting.execute(), every operation, every field (top level, in the optional
 * collection, the research details and options, Return All / Limit, the custom call), given directly or through
 * an expression over the item, with and without Continue on Fail. Each case must either be refused before any
 * request with a message that names the field, or be sent (legitimate free text the service takes). A crash
 * (TypeError, a raw non-connector error, a message naming no field) fails the test.
 */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let proxy: EchoProxy;

beforeAll(async () => {
  env = await sandboxWithCredentials({
    config: { research: { queuedMs: 1, researchingMs: 1 }, rateLimit: { defaultLimit: 1_000_000 }, credits: { A: 1_000_000 } },
  });
  proxy = await startEchoProxy(env.sandbox.origin);
  const [saved] = await executeNode({
    parameters: { resource: 'orgContacts', operation: 'list', ...wide, returnAll: false, limit: 1 },
    credentials: credentials(),
  });
  BASE_VALUES.contactId = String(saved.json.contactId);
  cases = generate();
});
afterAll(async () => {
  await proxy.close();
  await env.sandbox.close();
});

function credentials() {
  const swap = (url: string) => url.replace(env.sandbox.origin, proxy.base);
  return { prospectingApi: { apiKey: env.sandbox.apiKey, baseUrlV1: swap(env.sandbox.v1), baseUrlV2: swap(env.sandbox.v2) } };
}

const wide = { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' };
const locator = (value: string) => ({ __rl: true, mode: 'id', value });
const BASE_VALUES: Record<string, unknown> = {
  startDate: '2020-01-01T00:00:00Z',
  endDate: '2030-01-01T00:00:00Z',
  to: 'ann@example.com',
  values: '{"jobTitle": ["CTO"]}',
  requestIds: 'req_1',
  contactIds: '1',
  name: 'Generated',
  contactId: '1',
};

/** A value the core takes for a required field, so only the field under test can be refused. */
function validValue(spec: FieldSpec): unknown {
  if (spec.name in BASE_VALUES) return BASE_VALUES[spec.name];
  switch (spec.kind) {
    case 'locator':
      return locator('1');
    case 'options':
      return spec.options?.[0];
    case 'number':
      return spec.min ?? 1;
    case 'boolean':
      return false;
    case 'json':
      return '{}';
    case 'dateTime':
      return '2026-01-01T00:00:00Z';
    default:
      return 'x';
  }
}

/** What the field takes, to tell a legitimate value that was sent from a malformed one that slipped through. */
type Takes = 'text' | 'date' | 'number' | 'count' | 'boolean' | 'json' | 'free';

interface Case {
  id: string;
  /** Names the message may use for the field. */
  names: string[];
  takes: Takes;
  options?: string[];
  value: unknown;
  parameters: INodeParameters;
  item: IDataObject;
  continueOnFail: boolean;
}

/** The value directly, or (every third case) through `={{ $json.v }}` over the item, as an upstream node would hand it. */
function place(value: MalformedValue, k: number): { param: unknown; item: IDataObject; how: string } {
  if (k % 3 === 2) return { param: '={{ $json.v }}', item: { v: value.value as IDataObject[string] }, how: 'expr' };
  return { param: value.value, item: {}, how: 'direct' };
}

/** Optional fields an operation needs together (an email needs a subject and a body unless a template is given). */
const BASE_OPTIONAL: Record<string, INodeParameters> = {
  'emails.send': { subject: 'Hello', body: 'Hi Ann' },
  'savedSearches.update': { name: 'Renamed' },
  'tasks.update': { name: 'Renamed' },
  'emails.createDraft': { subject: 'Hello', body: 'Hi Ann' },
  'emails.sendBulk': { subject: 'Hello', body: 'Hi Ann' },
  'emails.preview': { subject: 'Hello', body: 'Hi Ann' },
  'emails.updateDraft': { subject: 'Hello' },
  'templates.create': { subject: 'Hello', body: 'Hi {{firstName}}' },
  'templates.update': { name: 'Renamed' },
  'campaigns.update': { name: 'Renamed' },
};
const BASE_TOP: Record<string, INodeParameters> = {
  'emails.send': { from: locator('alice@acme.example') },
  'emails.createDraft': { from: locator('alice@acme.example') },
  'emails.sendBulk': { from: locator('alice@acme.example'), filters: '{"seniorities": ["VP"]}' },
};

function baseParameters(op: AnyOperation): INodeParameters {
  const parameters: INodeParameters = { resource: op.resource, operation: op.action, ...BASE_TOP[op.id] };
  for (const spec of fieldSpecs(op)) if (spec.required && !(spec.name in parameters)) parameters[spec.name] = validValue(spec) as INodeParameters[string];
  if (BASE_OPTIONAL[op.id]) parameters[optionalCollectionName(op)] = BASE_OPTIONAL[op.id];
  if (isListOperation(op)) Object.assign(parameters, { returnAll: false, limit: 2 });
  return parameters;
}

const RESEARCH_FIELDS: { name: string; where: 'top' | 'contact' | 'company' | 'researchOptions'; names: string[] }[] = [
  { name: 'searchResultId', where: 'top', names: ['searchResultId', 'Search Result'] },
  ...['contactName', 'companyName', 'domain', 'email', 'title', 'liProfileUrl', 'liSalesNavUrl', 'liRecruiterUrl'].map((name) => ({
    name,
    where: 'contact' as const,
    names: [name, 'contact'],
  })),
  ...['companyName', 'domain'].map((name) => ({ name, where: 'company' as const, names: [name, 'company'] })),
  { name: 'maxCredits', where: 'researchOptions', names: ['maxCredits', 'Maximum Credits'] },
  { name: 'timeLimitSeconds', where: 'researchOptions', names: ['timeLimitSeconds', 'Time Limit'] },
];

function generate(): Case[] {
  const random = seeded(9);
  const values = malformedValues();
  const cases: Case[] = [];
  let k = 0;
  const add = (id: string, names: string[], build: (param: unknown) => INodeParameters, value: MalformedValue, takes: Takes = 'text', options?: string[]) => {
    const placed = place(value, k++);
    const parameters = build(placed.param);
    cases.push({
      id: `${id} = ${value.label} (${placed.how})`,
      names,
      takes,
      options,
      value: value.value,
      parameters,
      item: placed.item,
      continueOnFail: k % 4 === 0,
    });
  };
  for (const op of nodeOperations) {
    // The MCP call's own fields (tool, arguments JSON) have their cases in mcp-tool.test.ts.
    if (op.action === 'research' || op.mcp === 'tools/call') continue;
    const base = baseParameters(op);
    const specs = fieldSpecs(op);
    // Operations with many optional filters: a seeded sample of values per field, every value for the rest.
    const perField = specs.length > 8 ? 8 : values.length;
    for (const spec of specs) {
      const chosen = perField === values.length ? values : Array.from({ length: perField }, () => pick(random, values));
      for (const value of chosen) {
        const names = [spec.name, spec.displayName];
        const takes = TAKES[spec.kind];
        if (spec.required)
          add(`${op.id}.${spec.name}`, names, (param) => ({ ...base, [spec.name]: param as INodeParameters[string] }), value, takes, spec.options);
        else {
          const collection = optionalCollectionName(op);
          const build = (param: unknown): INodeParameters => ({
            ...base,
            [collection]: { ...(base[collection] as INodeParameters), [spec.name]: param as INodeParameters[string] },
          });
          add(`${op.id}.${spec.name}`, names, build, value, takes, spec.options);
        }
      }
    }
    if (isListOperation(op)) {
      for (const value of Array.from({ length: 6 }, () => pick(random, values)))
        add(`${op.id}.limit`, ['limit', 'Limit'], (param) => ({ ...base, limit: param as number }), value, 'count');
    }
  }
  for (const kind of ['contacts', 'companies'] as const) {
    for (const field of RESEARCH_FIELDS) {
      if (field.where === 'contact' && kind === 'companies') continue;
      if (field.where === 'company' && kind === 'contacts') continue;
      for (const value of values) {
        const valid = kind === 'contacts' ? { contactName: 'Ann Lee', companyName: 'Acme' } : { domain: 'acme.com' };
        const detailsKey = kind === 'contacts' ? 'contact' : 'company';
        add(
          `${kind}.research.${field.where}.${field.name}`,
          field.names,
          (param) => {
            const p: INodeParameters = { resource: kind, operation: 'research', waitForResults: false };
            if (field.where === 'top') return { ...p, researchBy: 'searchResult', [field.name]: param as string };
            if (field.where === 'researchOptions')
              return { ...p, researchBy: 'details', [detailsKey]: valid, researchOptions: { [field.name]: param as number } };
            return { ...p, researchBy: 'details', [detailsKey]: { ...valid, [field.name]: param as string } };
          },
          value,
          field.where === 'researchOptions' ? 'count' : 'text',
        );
      }
    }
  }
  const custom = { resource: 'custom', operation: 'call', version: 'v2', method: 'POST', path: '/lists', query: '{}', body: '{"name": "Generated"}' };
  for (const field of ['path', 'query', 'body', 'method', 'version']) {
    // The custom call sends the user's own JSON to a path of their choice: only the service knows its rules.
    for (const value of values) add(`custom.call.${field}`, [field], (param) => ({ ...custom, [field]: param as string }), value, 'free');
  }
  return cases;
}

const TAKES: Record<FieldSpec['kind'], Takes> = {
  string: 'text',
  list: 'text',
  locator: 'text',
  dateTime: 'date',
  options: 'text',
  multiOptions: 'text',
  number: 'number',
  boolean: 'boolean',
  json: 'json',
};

/** Empty values of an optional field are left out; whatever the request then is, it is legitimate. */
function isEmpty(value: unknown): boolean {
  if (value && typeof value === 'object' && '__rl' in value) return isEmpty((value as { value?: unknown }).value);
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/** Whether sending this value is legitimate: text for a text field (the service decides), a number for a number, ... */
function legitimate(c: Case): boolean {
  const v = c.value;
  if (isEmpty(v) || c.takes === 'free') return true;
  if (c.options) return typeof v === 'string' && c.options.includes(v.trim());
  switch (c.takes) {
    case 'text':
      return (
        typeof v === 'string' ||
        (typeof v === 'number' && Number.isFinite(v)) ||
        (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number'))
      );
    case 'date':
      return typeof v === 'string' || (v instanceof Date && !Number.isNaN(v.getTime()));
    case 'number':
      return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
    case 'count':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
    case 'boolean':
      return typeof v === 'boolean';
    case 'json':
      return typeof v === 'object' || typeof v === 'string';
  }
  return false;
}

/** The service refusing an id it does not hold: the id was legitimate text, it just names nothing. */
const UNKNOWN_ID = /\bno [\w ]+ .* in this organization|not found|does not exist/i;

/**
 * Findings whose fix belongs outside this package's files (the core in shared/, research.ts): reported by the
 * generator and listed in the issue-9 report, not failed here. Empty this table as those fixes land.
 */
const ELSEWHERE: { match: RegExp; where: string }[] = [];

function elsewhere(line: string): boolean {
  return ELSEWHERE.some((e) => e.match.test(line));
}

type Verdict = { kind: 'refused' | 'sent' | 'sent-refused' | 'sent-malformed' | 'crash'; detail: string };

function textOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.message}\n${(error as NodeOperationError).description ?? ''}`;
}

const CRASH_WORDS = /TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|is not iterable|undefined \(reading|Maximum call stack/;

function namesField(text: string, names: string[]): boolean {
  const lower = text.toLowerCase();
  return names.some((n) => n && lower.includes(n.toLowerCase()));
}

async function judge(c: Case): Promise<Verdict> {
  const before = proxy.received;
  const statusesBefore = proxy.statuses.length;
  let error: unknown;
  let errorTexts: string[] = [];
  try {
    const out = await executeNode({ parameters: c.parameters, credentials: credentials(), items: [{ json: c.item }], continueOnFail: c.continueOnFail });
    errorTexts = out.filter((o) => typeof o.json.error === 'string').map((o) => `${String(o.json.error)}\n${String(o.json.hint ?? '')}`);
  } catch (e) {
    error = e;
    errorTexts = [textOf(e)];
  }
  const sent = proxy.received > before;
  const refusedByService = proxy.statuses.slice(statusesBefore).some((s) => s === 400 || s === 413 || s === 414 || s === 422 || s === 431);
  if (error !== undefined && !(error instanceof NodeOperationError || error instanceof NodeApiError)) return { kind: 'crash', detail: `raw ${String(error)}` };
  const crashText = errorTexts.find((t) => CRASH_WORDS.test(t));
  if (crashText) return { kind: 'crash', detail: crashText.slice(0, 300) };
  if (!sent) {
    if (!errorTexts.length) return { kind: 'refused', detail: 'nothing to send (empty value left out)' };
    const unnamed = errorTexts.find((t) => !namesField(t, c.names));
    return unnamed ? { kind: 'crash', detail: `names no field: ${unnamed.slice(0, 300)}` } : { kind: 'refused', detail: errorTexts[0].slice(0, 120) };
  }
  if (refusedByService && c.takes !== 'free' && !UNKNOWN_ID.test(errorTexts.join(' ')))
    return { kind: 'sent-refused', detail: (errorTexts[0] ?? '').slice(0, 300) };
  return legitimate(c) ? { kind: 'sent', detail: '' } : { kind: 'sent-malformed', detail: (errorTexts[0] ?? 'accepted').slice(0, 300) };
}

let cases: Case[] = [];
const verdicts = new Map<string, Verdict>();

describe('malformed input for Prospecting.execute()', () => {
  it('generates over 1,000 cases across the operations', () => {
    expect(cases.length).toBeGreaterThan(1000);
    const ops = new Set(cases.map((c) => c.id.split('.').slice(0, 2).join('.')));
    // Every operation but the lists without any field (credits, statuses, accounts, templates, me, drafts).
    expect(ops.size).toBeGreaterThanOrEqual(nodeOperations.filter((op) => fieldSpecs(op).length > 0 || op.action === 'research').length);
  });

  it('every case is refused before sending naming the field, or sent: zero crashes', async () => {
    for (const c of cases) verdicts.set(c.id, await judge(c));
    if (process.env.MALFORMED_REPORT) {
      const lines = [...verdicts].map(([id, v]) => `${v.kind}\t${id}\t${v.detail.replace(/\s+/g, ' ')}`);
      writeFileSync(process.env.MALFORMED_REPORT, lines.join('\n'));
    }
    const crashes = [...verdicts].filter(([, v]) => v.kind === 'crash').map(([id, v]) => `${id}: ${v.detail}`);
    expect(crashes.filter((line) => !elsewhere(line))).toEqual([]);
  }, 600_000);

  it('nothing malformed is sent: neither refused by the service nor taken as something else', () => {
    const slipped = [...verdicts].filter(([, v]) => v.kind === 'sent-refused' || v.kind === 'sent-malformed').map(([id, v]) => `${v.kind} ${id}: ${v.detail}`);
    expect(slipped.filter((line) => !elsewhere(line))).toEqual([]);
  });
});
