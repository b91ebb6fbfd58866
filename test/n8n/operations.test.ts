import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { nodeOperations } from '../../n8n-nodes/nodes/Prospecting/description';
import { executeNode } from './harness';
import { countOf, requestCounts, sandboxWithCredentials } from './setup';

/**
 * Every operation of the node, through Prospecting.execute() in n8n's ExecuteContext, against the
 * sandbox. The last test checks that no operation of the node was left out here.
 */
let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
const covered = new Set<string>();

beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { research: { queuedMs: 50, researchingMs: 100 } } });
});
afterAll(async () => env.sandbox.close());

async function run(resource: string, operation: string, params: INodeParameters = {}, items?: IDataObject[]): Promise<IDataObject[]> {
  covered.add(`${resource}.${operation}`);
  const out = await executeNode({ parameters: { resource, operation, ...params }, credentials: env.credentials, items: items?.map((json) => ({ json })) });
  return out.map((item) => item.json);
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const wide = { startDate: '2020-01-01T00:00:00Z', endDate: '2030-01-01T00:00:00Z' };

describe('search', () => {
  it('contacts: filters from comma lists, Limit cuts the list, Return All follows nextToken', async () => {
    const five = await run('contacts', 'search', { returnAll: false, limit: 5, additionalFields: { seniority: 'VP, C-Level' } });
    expect(five).toHaveLength(5);
    for (const row of five) expect(['VP', 'C-Level']).toContain(row.seniority);
    const all = await run('contacts', 'search', { returnAll: true, additionalFields: { seniority: 'VP' } });
    const limited = await run('contacts', 'search', { returnAll: false, limit: 1000, additionalFields: { seniority: 'VP' } });
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((r) => r.searchResultId)).size).toBe(all.length);
    expect(limited.length).toBe(Math.min(1000, all.length));
  });

  it('companies', async () => {
    const rows = await run('companies', 'search', { returnAll: false, limit: 3 });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(expect.objectContaining({ searchResultId: expect.any(String), name: expect.any(String), domain: expect.any(String) }));
  });
});

describe('research results by request id', () => {
  it('contacts and companies: research without waiting, then Get Research Results', async () => {
    const people = await run('contacts', 'search', { returnAll: false, limit: 2 });
    const submitted = await run(
      'contacts',
      'research',
      { researchBy: 'searchResult', searchResultId: '={{ $json.searchResultId }}', waitForResults: false },
      people,
    );
    expect(submitted.map((s) => s.status)).toEqual(['queued', 'queued']);
    await new Promise((r) => setTimeout(r, 400));
    const polled = await run('contacts', 'pollResearch', { requestIds: submitted.map((s) => s.requestId).join(',') });
    expect(polled.map((p) => p.requestId)).toEqual(submitted.map((s) => s.requestId));
    expect(polled.every((p) => p.status === 'done' && (p.contact as IDataObject).apiResearchId === p.requestId)).toBe(true);

    const firms = await run('companies', 'search', { returnAll: false, limit: 1 });
    const [company] = await run('companies', 'research', { researchBy: 'details', company: { domain: String(firms[0].domain) }, waitForResults: false });
    await new Promise((r) => setTimeout(r, 400));
    const [result] = await run('companies', 'pollResearch', { requestIds: String(company.requestId) });
    expect(result).toEqual(expect.objectContaining({ requestId: company.requestId, status: 'done' }));
  });
});

describe('saved records (org reads)', () => {
  it('contacts: Return All pages through everything, Limit stops early', async () => {
    await fetch(`${env.sandbox.admin}/requests`, { method: 'DELETE' });
    const all = await run('orgContacts', 'list', { ...wide, returnAll: true });
    expect(all.length).toBeGreaterThanOrEqual(40);
    const three = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 3 });
    expect(three.map((c) => c.contactId)).toEqual(all.slice(0, 3).map((c) => c.contactId));
    // Limit 3 reads one page of 3, not the whole period.
    expect(countOf(await requestCounts(env.sandbox), 'GET /v1/contacts')).toBe(Math.ceil((all.length + 1) / 500) + 1);
  });

  it('companies', async () => {
    const rows = await run('orgCompanies', 'list', { ...wide, returnAll: true });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toEqual(expect.objectContaining({ companyId: expect.any(String) }));
  });
});

describe('campaigns', () => {
  it('create with steps and contacts, read, change state, enrol, metrics, delete', async () => {
    const contacts = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 4 });
    const ids = contacts.map((c) => c.contactId as string);
    const [created] = await run('campaigns', 'create', {
      name: 'Q3 outreach',
      additionalFields: { steps: JSON.stringify([{ type: 'EMAIL', name: 'Intro', dueDay: 1 }]), contactIds: ids.slice(0, 2).join(','), maxActiveContacts: 10 },
    });
    const campaign = created.campaign as IDataObject;
    expect(created.contactsAdded).toBe(2);
    const id = campaign.campaignId as string;
    const [detail] = await run('campaigns', 'get', { id: byId(id) });
    expect((detail.steps as IDataObject[])[0].name).toBe('Intro');
    const listed = await run('campaigns', 'list', { returnAll: true, additionalFields: { searchText: 'Q3' } });
    expect(listed.map((c) => c.campaignId)).toContain(id);
    const [added] = await run('campaigns', 'addContacts', { id: byId(id), contactIds: ids.slice(2).join(', ') });
    expect(added.contactsAdded).toBe(2);
    expect(await run('campaigns', 'listContacts', { id: byId(id), returnAll: true })).toHaveLength(4);
    const [removed] = await run('campaigns', 'removeContacts', { id: byId(id), contactIds: ids[3] });
    expect(removed.contactsRemoved).toBe(1);
    const [started] = await run('campaigns', 'action', { id: byId(id), action: 'START' });
    expect((started.campaign as IDataObject).status).toBe('active');
    const [metrics] = await run('campaigns', 'metrics', { id: byId(id) });
    expect(metrics.numContacts).toBeDefined();
    await run('campaigns', 'action', { id: byId(id), action: 'PAUSE' });
    const [deleted] = await run('campaigns', 'delete', { id: byId(id) });
    expect(deleted.success).toBe(true);
  });
});

describe('emails, accounts, templates', () => {
  it('send, list drafts, send a draft', async () => {
    const [account] = await run('emailAccounts', 'list', { returnAll: true });
    const templates = await run('templates', 'list', { returnAll: false, limit: 1 });
    expect(templates).toHaveLength(1);
    const [contact] = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 1 });
    const [sent] = await run('emails', 'send', {
      contactId: String(contact.contactId),
      from: { __rl: true, mode: 'list', value: String(account.email) },
      to: 'ana@example.com',
      additionalFields: { subject: 'Hello', body: '<p>Hi</p>' },
    });
    expect(sent.status).toBe('SCHEDULED');
    const [viaTemplate] = await run('emails', 'send', {
      contactId: String(contact.contactId),
      from: byId(String(account.email)),
      to: 'ana@example.com',
      additionalFields: { templateId: byId(String(templates[0].templateId)) },
    });
    expect(viaTemplate.status).toBe('SCHEDULED');
    const drafts = await run('emails', 'listDrafts', { returnAll: true });
    expect(drafts.length).toBeGreaterThan(0);
    const [draftSent] = await run('emails', 'sendDraft', { id: String(drafts[0].emailId) });
    expect(draftSent.status).toBe('sent');
  });
});

describe('lists', () => {
  it('create, get, rename, add contacts, get many, delete', async () => {
    const [list] = await run('lists', 'create', { name: 'Webinar leads' });
    const id = list.listId as string;
    expect((await run('lists', 'get', { id: byId(id) }))[0].name).toBe('Webinar leads');
    expect((await run('lists', 'rename', { id: byId(id), name: 'Webinar 2026' }))[0].name).toBe('Webinar 2026');
    const contacts = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 2 });
    const [added] = await run('lists', 'addContacts', { id: byId(id), contactIds: contacts.map((c) => c.contactId).join(',') });
    expect(added.contactsAdded).toBe(2);
    expect((await run('lists', 'getAll', { returnAll: true })).map((l) => l.listId)).toContain(id);
    expect((await run('lists', 'delete', { id: byId(id) }))[0].success).toBe(true);
  });
});

describe('saved searches', () => {
  it('create, get, update, list, delete', async () => {
    const [saved] = await run('savedSearches', 'create', { name: 'VPs', type: 'contacts', values: JSON.stringify({ seniority: ['VP'] }) });
    const id = saved.savedSearchId as string;
    expect((await run('savedSearches', 'get', { id: byId(id) }))[0].name).toBe('VPs');
    const [updated] = await run('savedSearches', 'update', { id: byId(id), updateFields: { name: 'VPs in sales', numResultsApproved: 3 } });
    expect(updated).toEqual(expect.objectContaining({ name: 'VPs in sales', numResultsApproved: 3 }));
    const listed = await run('savedSearches', 'list', { returnAll: true, additionalFields: { type: 'contacts' } });
    expect(listed.map((s) => s.savedSearchId)).toContain(id);
    // A search can run a saved search's filters.
    const rows = await run('contacts', 'search', { returnAll: false, limit: 5, additionalFields: { savedSearchId: byId(id) } });
    for (const row of rows) expect(row.seniority).toBe('VP');
    expect((await run('savedSearches', 'delete', { id: byId(id) }))[0].success).toBe(true);
  });
});

describe('reference, account, custom call', () => {
  it('contact statuses, credits, current user', async () => {
    expect((await run('contactStatuses', 'list', { returnAll: true })).length).toBeGreaterThan(0);
    expect((await run('credits', 'get'))[0].balance).toEqual(expect.any(Number));
    expect((await run('oauth', 'me'))[0].email).toBe(env.sandbox.user.email);
  });

  it('custom API call: GET with a query, POST with a body', async () => {
    const [credits] = await run('custom', 'call', { version: 'v2', method: 'GET', path: '/credits', query: '{}' });
    expect((credits.data as IDataObject).balance).toEqual(expect.any(Number));
    const [campaigns] = await run('custom', 'call', { version: 'v2', method: 'GET', path: '/campaigns', query: JSON.stringify({ limit: 1 }) });
    expect((campaigns.data as unknown[]).length).toBeLessThanOrEqual(1);
    const [created] = await run('custom', 'call', { version: 'v2', method: 'POST', path: '/lists', body: JSON.stringify({ name: 'From custom call' }) });
    expect((created.data as IDataObject).name).toBe('From custom call');
  });
});

describe('MCP (more in mcp-tool.test.ts)', () => {
  it('List MCP Tools, Call an MCP Tool, Get Features', async () => {
    expect((await run('mcp', 'listTools', { returnAll: true })).map((t) => t.name)).toContain('create_list');
    const [made] = await run('mcp', 'callTool', { tool: 'create_list', arguments: JSON.stringify({ name: 'From MCP' }) });
    expect(made.name).toBe('From MCP');
    const [features] = await run('features', 'get');
    expect(features.maxActiveContacts).toBe(true);
  });
});

describe('campaign changes, steps, templates, drafts, bulk email (issue 11)', () => {
  it('campaign update and clone; steps list, create, update, action, delete', async () => {
    const [created] = await run('campaigns', 'create', {
      name: 'Steps via n8n',
      additionalFields: { steps: JSON.stringify([{ type: 'call', name: 'Call', dueDay: 1 }]) },
    });
    const id = String((created.campaign as IDataObject).campaignId);
    const [updated] = await run('campaigns', 'update', { id: byId(id), updateFields: { isPublic: false, emailAccountIds: '4002' } });
    expect(updated).toEqual(expect.objectContaining({ isPublic: false, emailAccountIds: ['4002'] }));
    const [step] = await run('campaignSteps', 'create', {
      campaignId: byId(id),
      type: 'auto-email',
      name: 'Intro',
      dueDay: 2,
      additionalFields: { templateData: JSON.stringify({ subject: 'Hi {{firstName}}', template: '<p>Hello</p>' }) },
    });
    expect(step).toEqual(expect.objectContaining({ type: 'auto-email', stepNumber: 2 }));
    const [moved] = await run('campaignSteps', 'update', {
      campaignId: byId(id),
      stepId: String(step.campaignStepId),
      dueDay: 1,
      updateFields: { stepNumber: 1 },
    });
    expect(moved.stepNumber).toBe(1);
    const [paused] = await run('campaignSteps', 'action', { campaignId: byId(id), stepId: String(step.campaignStepId), action: 'PAUSE' });
    expect(paused.status).toBe('paused');
    const steps = await run('campaignSteps', 'list', { campaignId: byId(id), returnAll: true });
    expect(steps.map((s) => s.name)).toEqual(['Intro', 'Call']);
    const [copy] = await run('campaigns', 'clone', { id: byId(id), name: 'Steps copy' });
    expect((copy.steps as IDataObject[]).map((s) => s.name)).toEqual(['Intro', 'Call']);
    expect((copy.campaign as IDataObject).numContacts).toBe('0');
    const [gone] = await run('campaignSteps', 'delete', { campaignId: byId(id), stepId: String(step.campaignStepId) });
    expect(gone.success).toBe(true);
  });

  it('templates get, create, update, delete; email footers', async () => {
    const [footer] = await run('emailFooters', 'list', { returnAll: false, limit: 1 });
    const [made] = await run('templates', 'create', {
      name: 'n8n template',
      type: 'email',
      contentCategory: 'static',
      additionalFields: { subject: 'Hi {{firstName}}', body: '<p>Hello {{company}}</p>', emailFooterId: String(footer.emailFooterId) },
    });
    const id = String(made.templateId);
    const [read] = await run('templates', 'get', { id: byId(id), additionalFields: { type: 'email' } });
    expect(read).toEqual(expect.objectContaining({ name: 'n8n template', emailFooterId: footer.emailFooterId }));
    const [changed] = await run('templates', 'update', { id: byId(id), updateFields: { name: 'n8n template v2' } });
    expect(changed.name).toBe('n8n template v2');
    const [deleted] = await run('templates', 'delete', { id: byId(id) });
    expect(deleted.success).toBe(true);
  });

  it('drafts create, get, update; preview; bulk send', async () => {
    const [account] = await run('emailAccounts', 'list', { returnAll: true });
    const [contact] = await run('orgContacts', 'list', { ...wide, returnAll: false, limit: 1 });
    const from = byId(String(account.email));
    const [draft] = await run('emails', 'createDraft', {
      contactId: String(contact.contactId),
      from,
      to: String(contact.email),
      additionalFields: { subject: 'Draft', body: 'Hi {{firstName}}' },
    });
    expect(draft.status).toBe('draft');
    const [changed] = await run('emails', 'updateDraft', { id: String(draft.emailId), updateFields: { subject: 'Draft v2' } });
    expect(changed.subject).toBe('Draft v2');
    const [read] = await run('emails', 'get', { id: String(draft.emailId) });
    expect(read.subject).toBe('Draft v2');
    const [preview] = await run('emails', 'preview', { to: String(contact.email), additionalFields: { templateId: byId('101'), from } });
    expect(preview.subject).not.toContain('{{');
    expect(preview.contactId).toBe(contact.contactId);
    const [bulk] = await run('emails', 'sendBulk', {
      from,
      filters: JSON.stringify({ contactIds: [Number(contact.contactId)] }),
      additionalFields: { subject: 'Bulk', body: 'Hello {{firstName}}' },
    });
    expect(bulk).toEqual(expect.objectContaining({ matched: 1, scheduled: 1 }));
  });
});

test('every operation of the node was run above', () => {
  // contacts.research / companies.research also run in research.test.ts; tasks, calls and activity run (and are
  // checked for completeness) in tasks-calls-activity.test.ts.
  const elsewhere = new Set(['tasks', 'calls', 'activity']);
  const missing = nodeOperations
    .filter((op) => !elsewhere.has(op.resource))
    .map((op) => op.id)
    .filter((id) => !covered.has(id));
  expect(missing).toEqual([]);
});
