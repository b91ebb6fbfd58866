/**
 * The generated research inputs (test/support/malformed-research.ts) through the n8n research operation:
 * every case whose input an n8n item can carry becomes one input item, by search result or by details,
 * with Continue on Fail. Each output item is either refused naming its n8n item and the field, or sent
 * with a request id; the service refuses nothing that was sent, and nothing crashes.
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { researchProperties } from '../../n8n-nodes/nodes/Prospecting/description/research';
import { malformedResearchCases, type MalformedCase } from '../support/malformed-research';
import { executeNode } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 500, config: { credits: { A: 1_000_000 } } });
});
afterAll(async () => env.sandbox.close());

/** JSON-like values only: an n8n item cannot carry functions, symbols or bigints. */
function carriable(v: unknown): boolean {
  if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return false;
  if (Array.isArray(v)) return v.every(carriable);
  if (v && typeof v === 'object' && !(v instanceof Date)) return Object.values(v).every(carriable);
  return true;
}

type Form = 'searchResultId' | 'contact' | 'company';

/** The one target an n8n item would carry for this case, and its form. */
function itemOf(c: MalformedCase): { form: Form; value: unknown } | null {
  if (c.kind !== 'contacts' && c.kind !== 'companies') return null;
  if (c.jobOptions !== undefined || c.runOptions !== undefined || !Array.isArray(c.targets) || c.targets.length > 2 || c.targets.includes(undefined))
    return null;
  const target = c.targets[c.targets.length - 1] as Record<string, unknown> | undefined;
  if (!target || typeof target !== 'object' || Array.isArray(target) || Object.keys(target).length !== 1 || !carriable(target)) return null;
  const form = Object.keys(target)[0] as Form;
  if (!['searchResultId', 'contact', 'company'].includes(form)) return null;
  if ((form === 'contact' && c.kind !== 'contacts') || (form === 'company' && c.kind !== 'companies')) return null;
  // A details collection holds named fields; a whole-collection value (a list, text) is not something n8n hands over.
  if (form !== 'searchResultId' && (typeof target[form] !== 'object' || target[form] === null || Array.isArray(target[form]))) return null;
  // A collection carries only its own fields: an unknown key never reaches the node.
  const fields = form === 'contact' ? CONTACT_FIELDS : ['domain', 'companyName'];
  if (form !== 'searchResultId' && Object.keys(target[form] as object).some((k) => !fields.includes(k))) return null;
  return { form, value: target[form] };
}

/** A research field as the editor labels it: the node's own Contact / Company field names, Search Result ID. */
function editorLabel(form: Form, field: string): string {
  if (form === 'searchResultId') return 'Search Result ID';
  const options = researchProperties.find((p) => p.name === form)!.options as INodeProperties[];
  return options.find((o) => o.name === field)?.displayName ?? field;
}

const CONTACT_FIELDS = ['contactName', 'companyName', 'title', 'domain', 'email', 'liProfileUrl', 'liSalesNavUrl', 'liRecruiterUrl'];

async function runGroup(kind: 'contacts' | 'companies', form: Form, group: { c: MalformedCase; value: unknown }[]) {
  const fields = form === 'contact' ? CONTACT_FIELDS : ['domain', 'companyName'];
  const details = Object.fromEntries(fields.map((f) => [f, `={{ $json.${f} }}`]));
  const parameters =
    form === 'searchResultId'
      ? { resource: kind, operation: 'research', researchBy: 'searchResult', searchResultId: '={{ $json.id }}', waitForResults: false }
      : { resource: kind, operation: 'research', researchBy: 'details', [form]: details, waitForResults: false };
  const items: INodeExecutionData[] = group.map(({ value }) => ({ json: (form === 'searchResultId' ? { id: value } : value) as IDataObject }));
  return executeNode({ parameters, items, credentials: env.credentials, continueOnFail: true });
}

it('over 600 generated inputs through execute(): refused naming the n8n item and field, or sent and accepted; no crash', async () => {
  const groups = new Map<string, { c: MalformedCase; value: unknown }[]>();
  for (const c of malformedResearchCases()) {
    const item = itemOf(c);
    if (!item) continue;
    const key = `${c.kind}|${item.form}`;
    groups.set(key, [...(groups.get(key) ?? []), { c, value: item.value }]);
  }
  await admin(env.sandbox, 'DELETE', '/requests');
  const wrong: string[] = [];
  let total = 0;
  let sent = 0;
  for (const [key, group] of groups) {
    const [kind, form] = key.split('|') as ['contacts' | 'companies', Form];
    const out = await runGroup(kind, form, group).catch((e: Error) => {
      throw new Error(`${key}: ${e.message}`);
    });
    total += group.length;
    expect(out.map((o) => o.pairedItem)).toEqual(group.map((_, item) => ({ item })));
    out.forEach((o, i) => {
      const { c, value } = group[i];
      // In a details collection an empty field is "not given" (n8n leaves unfilled fields empty): not an error.
      const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
      const givenAsBlank = form !== 'searchResultId' && c.field !== undefined && blank((value as Record<string, unknown>)[c.field.split('.').pop()!]);
      const expected = givenAsBlank ? undefined : c.field;
      const error = o.json.error as string | undefined;
      if (o.json.requestId) {
        sent++;
        if (expected !== undefined) wrong.push(`${c.name}: sent, but ${expected} is invalid`);
        return;
      }
      if (!error) return void wrong.push(`${c.name}: neither sent nor refused`);
      if (!error.includes(`item ${i}`)) wrong.push(`${c.name}: the message does not name item ${i}: ${error.slice(0, 160)}`);
      const field = expected
        ?.split('.')
        .pop()
        ?.replace(/^items\[\d+\]$/, '');
      // Named as the editor labels it (issue 23: "Full Name", not contactName).
      const label = field && editorLabel(form, field);
      if (label && !error.includes(label)) wrong.push(`${c.name}: the message does not name ${label}: ${error.slice(0, 160)}`);
      if (/TypeError|Cannot read|undefined is not/.test(error)) wrong.push(`${c.name}: crash: ${error.slice(0, 160)}`);
    });
  }
  expect(wrong).toEqual([]);
  expect(total).toBeGreaterThan(600);
  expect(sent).toBeGreaterThan(50);
  // The service refused nothing that was sent.
  const counts = await requestCounts(env.sandbox);
  expect(countOf(counts, 'POST /v1/contacts/research', '422') + countOf(counts, 'POST /v1/companies/research', '422')).toBe(0);
}, 120_000);
