/**
 * Issue 22, point 2: the sidebar's "Run an operation" and "Call an MCP tool" panels in the Apps Script harness, against
 * the sandbox. Any catalogue operation (named as in n8n, fields from its schema), previewed (what is sent, what it may
 * cost), run once or once per selected row with values from the row by header, answers written with the imports'
 * output modes or back into the rows. Unsafe operations need the preview's one-time confirmation, never run twice on
 * a row, and a lost answer is "unknown". Any tool of the live tools/list, its arguments checked against its inputSchema.
 */
import type { Harness, SandboxProcess } from '../apps-script-harness';
import { catalogue } from '../../shared/catalogue';
import { operationName } from '../../shared/catalogue/display-names';
import { operationName as n8nOperationName } from '../../n8n-nodes/nodes/Prospecting/description/operation-names';
import { publishedToolNames } from '../support/published-tool-names';
import { operationForms } from '../../apps-script/src/run/operation-forms';
import { addOnBuild, admin, countOf, requestCounts, connectedWithOrgContacts } from './setup';

let sb: SandboxProcess;
let h: Harness;
const SHEET = 'Org contacts';
type Field = { name: string; kind: string; required: boolean; label: string; picker?: string; choices?: string[] };
type Group = { resource: string; name: string; operations: { id: string; name: string; unsafe: boolean; fields: Field[] }[] };
type Preview = {
  title: string;
  unsafe: boolean;
  runs: number;
  skipped: number;
  rows: { row: number; input: Record<string, unknown> }[];
  more: number;
  requests: { row: number; method: string; target: string; body?: unknown }[];
  cost: string;
  confirmation?: string;
};
type Result = { done: number; errors: number; unknown: number; skipped: number; remaining: number; messages: string[]; answer?: string; written?: string };

beforeAll(async () => {
  ({ sb, h } = await connectedWithOrgContacts(SHEET, { sheets: ['Leads'] }));
}, 120_000);
afterAll(async () => {
  await h?.close();
  await sb?.stop();
});

const values = (sheet = SHEET) => h.workbook.mustSheet(sheet).values();
const column = (name: string, sheet = SHEET) => values(sheet)[0].indexOf(name);
const preview = (req: object) => h.run('previewOperation', req) as Promise<Preview>;
const runOp = (req: object, confirmation?: string) => h.run('runOperation', req, confirmation) as Promise<Result>;
const sent = async (endpoint: string) => countOf(await requestCounts(sb), endpoint);

describe('Run an operation: the operations offered', () => {
  it('offers every catalogue operation but the MCP call (its own panel) and the token routes (the sign-in does those, as in n8n), named as in n8n; the built sidebar carries the forms', () => {
    const groups = operationForms() as Group[];
    expect(addOnBuild().sidebar).toContain(`var OPERATION_FORMS = ${JSON.stringify(groups).replace(/</g, '\\u003c')};`);
    const offered = groups.flatMap((g) => g.operations.map((o) => o.id));
    expect(offered.sort()).toEqual(
      catalogue
        .map((op) => op.id)
        .filter((id) => id !== 'mcp.callTool' && id !== 'oauth.token' && id !== 'oauth.tokenV1')
        .sort(),
    );
    for (const g of groups)
      for (const o of g.operations) {
        const op = catalogue.find((c) => c.id === o.id)!;
        expect([o.id, o.name]).toEqual([o.id, n8nOperationName(op)]);
        expect(o.name).toBe(operationName(op));
        expect(o.unsafe).toBe(op.retry === 'unsafe');
      }
    const campaign = groups.find((g) => g.resource === 'campaigns')!;
    expect(campaign.name).toBe('Campaign');
    const add = campaign.operations.find((o) => o.id === 'campaigns.addContacts')!;
    // Labelled in the n8n node's words (shared/catalogue/field-labels.ts).
    expect(add.fields).toEqual([
      { name: 'id', kind: 'text', required: true, label: 'ID', picker: 'campaigns' },
      {
        name: 'contactIds',
        kind: 'list',
        required: true,
        label: 'Contact IDs',
        description: 'Comma-separated IDs of saved contacts (more than 500 are sent in several requests)',
        placeholder: '1001, 1002',
      },
    ]);
    const task = groups.find((g) => g.resource === 'tasks')!.operations.find((o) => o.id === 'tasks.create')!;
    expect(task.fields.find((f) => f.name === 'taskType')).toMatchObject({ kind: 'choice', choices: ['manual-email', 'call', 'action-item', 'linkedin'] });
  }, 60_000);

  it('a picker lists the user’s records by name', async () => {
    const accounts = (await h.run('pickerChoices', 'emailAccounts')) as { name: string; value: string }[];
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts[0].value).toMatch(/@/);
    await expect(h.run('pickerChoices', 'planets')).rejects.toThrow(/^picker: must be one of lists, savedSearches/);
  }, 60_000);
});

describe('Run an operation: once', () => {
  it('a free read: preview shows the request, the answer goes to a sheet; merge by key writes no row twice', async () => {
    const req = { operation: 'lists.getAll', output: { to: 'sheet', sheetName: 'My lists', mode: 'merge' } };
    const p = await preview(req);
    expect(p).toMatchObject({ unsafe: false, runs: 1, cost: 'free', requests: [{ row: 0, method: 'GET' }] });
    expect(p.requests[0].target).toMatch(/\/v2\/lists$/);
    expect(p.confirmation).toBeUndefined();
    const first = await runOp(req);
    expect(first).toMatchObject({ done: 1, errors: 0, unknown: 0 });
    expect(first.written).toMatch(/^My lists: \d+ added, 0 updated, 0 unchanged \(by listId\)$/);
    const rows = values('My lists').length;
    const again = await runOp(req);
    expect(again.written).toMatch(/^My lists: 0 added, 0 updated, \d+ unchanged/);
    expect(values('My lists')).toHaveLength(rows);
  }, 60_000);

  it('an unsafe create needs the preview’s confirmation, works once with it, and its request is what the preview showed', async () => {
    const req = { operation: 'lists.create', values: { name: 'From the panel' } };
    const before = await sent('POST /v2/lists');
    await expect(runOp(req)).rejects.toThrow(/never previewed: preview again. Nothing was sent./);
    const p = await preview(req);
    expect(p).toMatchObject({ unsafe: true, runs: 1, requests: [{ method: 'POST', body: { name: 'From the panel' } }] });
    expect(p.confirmation).toEqual(expect.any(String));
    await expect(runOp({ ...req, values: { name: 'Something else' } }, p.confirmation)).rejects.toThrow(/changed since the preview/);
    const p2 = await preview(req);
    const out = await runOp(req, p2.confirmation);
    expect(out).toMatchObject({ done: 1 });
    expect(JSON.parse(out.answer!).name).toBe('From the panel');
    await expect(runOp(req, p2.confirmation)).rejects.toThrow(/already made or started/);
    expect((await sent('POST /v2/lists')) - before).toBe(1);
  }, 60_000);

  it('a bad field is named before anything is sent; research previews its most credits', async () => {
    const before = await sent('POST /v2/tasks');
    await expect(preview({ operation: 'tasks.create', values: { name: 'x', taskType: 'meeting', priority: '1', contactId: '5' } })).rejects.toThrow(
      /taskType: must be one of manual-email, call, action-item, linkedin/,
    );
    await expect(preview({ operation: 'lists.create', values: { name: 'x' }, output: { to: 'sheet', mode: 'replace' } })).rejects.toThrow(
      /^output\.mode: must be one of overwrite, append, merge/,
    );
    await expect(preview({ operation: 'nope.nothing' })).rejects.toThrow(/^request\.operation: not an operation this panel runs/);
    expect((await sent('POST /v2/tasks')) - before).toBe(0);
    const research = await preview({ operation: 'contacts.research', values: { searchResultIds: 'a1, a2\na3' }, kinds: { searchResultIds: 'list' } });
    expect(research).toMatchObject({ unsafe: true, cost: 'at most 3 credits (1 per item; recent duplicates are free)' });
    expect(research.requests[0].body).toEqual({ searchResultIds: ['a1', 'a2', 'a3'] });
  }, 60_000);
});

describe('Run an operation: once per selected row', () => {
  it('takes each field from the row’s column of that name, writes the outcome and the answer back into the rows', async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A2:A3`);
    const kinds = { name: 'text', taskType: 'choice', contactId: 'text', priority: 'number' };
    const req = { operation: 'tasks.create', perRow: true, values: { name: 'Panel task', taskType: 'call', priority: 1 }, kinds, output: { to: 'rows' } };
    const p = await preview(req);
    const ids = values()
      .slice(1, 3)
      .map((r) => String(r[column('contactId')]));
    expect(p.runs).toBe(2);
    // A cell's number read as text (the field's kind): the schema takes an id as text or a number and sends a number.
    expect(p.requests.map((r) => (r.body as { contactId: number }).contactId)).toEqual(ids.map(Number));
    const out = await runOp(req, p.confirmation);
    expect(out).toMatchObject({ done: 2, errors: 0, unknown: 0 });
    const sheet = values();
    expect(sheet.slice(1, 3).map((r) => r[column('PDS tasks.create')])).toEqual(['done', 'done']);
    expect(sheet.slice(1, 3).map((r) => String(r[column('PDS contactId')]))).toEqual(ids);
    // The form's value wins over the sheet's own "name" column; blank fields (contactId) come from the row.
    expect(sheet.slice(1, 3).map((r) => r[column('PDS name')])).toEqual(['Panel task', 'Panel task']);
    expect(sheet.slice(1, 3).every((r) => /^\d+$/.test(String(r[column('PDS taskId')])))).toBe(true);
    // The same rows again: an unsafe operation never runs twice on a row that holds its result.
    const again = await preview(req);
    expect(again).toMatchObject({ runs: 0, skipped: 2 });
  }, 60_000);

  it('a lost answer: the row says unknown, the run stops there, and the row is never sent again', async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A4:A6`);
    await admin(sb, 'POST', '/faults', { endpoint: 'POST /v2/tasks', kind: 'lostAnswer', count: 1 });
    const req = { operation: 'tasks.create', perRow: true, values: { name: 'Lost', taskType: 'call', priority: 0 }, kinds: { contactId: 'text' } };
    const before = await sent('POST /v2/tasks');
    const first = await runOp(req, (await preview(req)).confirmation);
    expect(first).toMatchObject({ done: 0, unknown: 1, remaining: 2 });
    expect(String(values()[3][column('PDS tasks.create')])).toMatch(/^unknown: may have been carried out: /);
    const p = await preview(req);
    expect(p).toMatchObject({ runs: 2, skipped: 1 });
    expect(await runOp(req, p.confirmation)).toMatchObject({ done: 2, unknown: 0, skipped: 1 });
    expect((await sent('POST /v2/tasks')) - before).toBe(3);
  }, 60_000);

  it('a row whose value breaks a rule is named with its row before anything is sent', async () => {
    h.workbook.setActiveRange(`'${SHEET}'!A7:A8`);
    const before = await sent('POST /v2/emails');
    await expect(preview({ operation: 'emails.createDraft', perRow: true, values: { from: 'rep@example.com' } })).rejects.toThrow(/^Row 7: .*to/);
    expect((await sent('POST /v2/emails')) - before).toBe(0);
  }, 60_000);

  it('the columns the sidebar maps fill the fields: a research contact from a name and a company column, one per row', async () => {
    const leads = h.workbook.mustSheet('Leads');
    [
      ['Name', 'Company', 'Email'],
      ['Ann Lee', 'Acme', ''],
      ['Bo Chen', 'Globex', 'bo@globex.example'],
    ].forEach((line, r) => line.forEach((value, c) => leads.setCell(r, c, { value })));
    h.workbook.setActiveRange(`'Leads'!A2:C3`);
    const kinds = { contacts: 'json', 'contacts.contactName': 'text', 'contacts.companyName': 'text', 'contacts.email': 'text' };
    const columns = { 'contacts.contactName': 'Name', 'contacts.companyName': 'Company', 'contacts.email': 'Email' };
    const req = { operation: 'contacts.research', perRow: true, kinds, columns };
    const p = await preview(req);
    expect(p).toMatchObject({ runs: 2, more: 0, cost: 'at most 2 credits (1 per item; recent duplicates are free)' });
    // A blank cell is left out of its record.
    expect(p.rows).toEqual([
      { row: 2, input: { contacts: [{ contactName: 'Ann Lee', companyName: 'Acme' }] } },
      { row: 3, input: { contacts: [{ contactName: 'Bo Chen', companyName: 'Globex', email: 'bo@globex.example' }] } },
    ]);
    // Without the mapping no field takes these columns (none is named like one), so research has nothing to go on.
    await expect(preview({ operation: 'contacts.research', perRow: true, kinds })).rejects.toThrow(/^Row 2: .*searchResultIds/);
    // A column that is not in the sheet is refused by name.
    await expect(preview({ ...req, columns: { 'contacts.contactName': 'Full name' } })).rejects.toThrow(
      /^No column "Full name" in sheet "Leads" \(chosen for contacts\.contactName\)\. Nothing was sent\./,
    );
  }, 60_000);
});

describe('Call an MCP tool', () => {
  it('offers the live tools/list (the 54 published names), each with its inputSchema and annotations for the form', async () => {
    type Tool = {
      name: string;
      inputSchema: { properties: Record<string, { enum?: string[] }>; required?: string[] };
      annotations?: { readOnlyHint?: boolean };
    };
    const tools = (await h.run('mcpToolForms')) as Tool[];
    expect(tools.map((t) => t.name)).toEqual([...publishedToolNames()].sort());
    expect(tools.find((t) => t.name === 'get_lists')!.annotations?.readOnlyHint).toBe(true);
    const action = tools.find((t) => t.name === 'execute_campaign_action')!;
    expect(action.inputSchema.properties.action.enum).toContain('START');
    expect(action.inputSchema.required).toContain('action');
  }, 60_000);

  it('checks the arguments against the inputSchema before sending; a read runs at once and writes to a sheet', async () => {
    const before = await sent('POST /mcp');
    await expect(h.run('previewMcpTool', { tool: 'execute_campaign_action', values: { campaignId: '1', action: 'STOP' } })).rejects.toThrow(
      /arguments\.action: must be one of "START"/,
    );
    await expect(h.run('previewMcpTool', { tool: 'get_campaign' })).rejects.toThrow(/the service lists no tool "get_campaign"/);
    // Two tools/list (one per preview's execution) and no tools/call.
    expect((await sent('POST /mcp')) - before).toBe(2);
    const out = (await h.run('runMcpTool', { tool: 'list_email_accounts', output: { to: 'sheet', sheetName: 'Accounts', mode: 'overwrite' } })) as Result;
    expect(out.done).toBe(1);
    expect(values('Accounts')[0]).toEqual(expect.arrayContaining(['emailAccountId', 'email']));
  }, 60_000);

  it('a tool that is not read-only needs the confirmation, once', async () => {
    const req = { tool: 'create_list', values: { name: 'Via MCP panel' } };
    await expect(h.run('runMcpTool', req)).rejects.toThrow(/never previewed/);
    const p = (await h.run('previewMcpTool', req)) as Preview;
    expect(p.requests[0]).toMatchObject({ method: 'MCP', target: 'tools/call create_list', body: { name: 'Via MCP panel' } });
    const out = (await h.run('runMcpTool', req, p.confirmation)) as Result;
    expect(JSON.parse(out.answer!).name).toBe('Via MCP panel');
    await expect(h.run('runMcpTool', req, p.confirmation)).rejects.toThrow(/already made or started/);
  }, 60_000);
});
