/**
 * Issue 31: the sandbox answers the service's own client. Every argument shape the service's public n8n
 * integration (release 0.6.9) sends is replayed here as it sends it: ids converted with Number(), single records
 * read through the listing tools, `id` for lists and saved searches, `campaignIdentifier` for campaigns,
 * `campaignStepId` alone for steps, limit/offset and page/limit/searchText paging, optional fields left out. Each
 * still runs its REST route (same records, same window), every id answered is a numeric string, and the text
 * content is the service's markdown table beside structuredContent.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { readMarkdownTable } from '../../shared/mcp/markdown-table';
import { call, start, window } from './helpers';

type Row = Record<string, unknown>;
interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent: Row & { results?: Row[]; pagination?: { total?: number } };
}

let sb: RunningSandbox;
let contactIds: number[];
const answers: { name: string; result: ToolResult }[] = [];
let rpcId = 1;

const rpc = async (method: string, params: unknown, key = sb.apiKey) =>
  (await call('POST', sb.mcp, { key, body: { jsonrpc: '2.0', id: rpcId++, method, params } })).body as {
    result?: ToolResult & { tools?: { name: string; inputSchema: Row }[] };
    error?: { code: number; message: string };
  };

/** A tool call that must succeed, as the integration sends it; its answer is kept for the id and text checks. */
async function tool(name: string, args: Row = {}): Promise<ToolResult> {
  const r = await rpc('tools/call', { name, arguments: args });
  if (r.error) throw new Error(`${name} ${JSON.stringify(args)}: JSON-RPC ${r.error.code} ${r.error.message}`);
  if (r.result!.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${r.result!.content[0].text}`);
  answers.push({ name, result: r.result! });
  return r.result!;
}
const rows = (r: ToolResult) => r.structuredContent.results as Row[];
const oneRow = (r: ToolResult) => {
  expect(rows(r)).toHaveLength(1);
  return rows(r)[0];
};

beforeAll(async () => {
  // Many calls in one minute: a window wide enough for the whole replay (the windows themselves: the last test).
  sb = await start({ config: { features: { A: { maxActiveContacts: true } }, rateLimit: { defaultLimit: 5000 } } });
  const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
  contactIds = org.body.data.slice(0, 6).map((c: { contactId: string }) => Number(c.contactId));
});
afterAll(() => sb.close());

describe('lists and saved searches: read one through the listing tool, change and delete by id', () => {
  it('get_lists {listId}, update_list {id, name}, delete_list {id}', async () => {
    const listId = (await tool('create_list', { name: 'From n8n' })).structuredContent.listId as string;
    expect(listId).toMatch(/^\d+$/);
    expect(rows(await tool('get_lists')).length).toBeGreaterThanOrEqual(3);
    expect(oneRow(await tool('get_lists', { listId: Number(listId) }))).toMatchObject({ listId, name: 'From n8n' });
    expect((await tool('update_list', { id: Number(listId), name: 'Renamed in n8n' })).structuredContent).toMatchObject({ listId, name: 'Renamed in n8n' });
    await tool('delete_list', { id: Number(listId) });
    const gone = await rpc('tools/call', { name: 'get_lists', arguments: { listId: Number(listId) } });
    expect(gone.result).toMatchObject({ isError: true, structuredContent: { status: 404 } });
  });

  it('list_saved_searches {id} and {type}, create with tagIds as text, update_saved_search {id}, delete_saved_search {id}', async () => {
    const made = await tool('create_saved_search', { name: 'VPs', type: 'contacts', values: { seniority: ['VP'] }, tagIds: ['3'] });
    const id = made.structuredContent.savedSearchId as string;
    expect(id).toMatch(/^\d+$/);
    expect(oneRow(await tool('list_saved_searches', { id: Number(id) }))).toMatchObject({ savedSearchId: id, name: 'VPs', tagIds: [3] });
    expect(rows(await tool('list_saved_searches', { type: 'contacts' })).every((s) => s.type === 'contacts')).toBe(true);
    expect(rows(await tool('list_saved_searches')).length).toBeGreaterThanOrEqual(3);
    await tool('update_saved_search', { id: Number(id), name: 'VPs and up', sortOrder: 'asc', tagIds: ['4'] });
    expect(oneRow(await tool('list_saved_searches', { id: Number(id) }))).toMatchObject({ name: 'VPs and up', sortOrder: 'asc', tagIds: [4] });
    await tool('delete_saved_search', { id: Number(id) });
  });
});

describe('templates and tasks: one record through the listing tool; optional fields left out', () => {
  it('create_template without contentCategory; list_templates {templateId, type}; update and delete by templateId and type', async () => {
    const made = (await tool('create_template', { name: 'n8n template', type: 'email', subject: 'Hi {{firstName}}', body: '<p>Hello</p>' })).structuredContent;
    expect(made.contentCategory).toBe('static');
    const templateId = Number(made.templateId);
    expect(oneRow(await tool('list_templates', { templateId, type: 'email' }))).toMatchObject({ name: 'n8n template' });
    expect(rows(await tool('list_templates', { page: 1, limit: 15 })).length).toBeGreaterThanOrEqual(4);
    expect(rows(await tool('list_templates', { limit: 50, type: 'email' })).length).toBeGreaterThanOrEqual(1);
    await tool('update_template', { templateId, type: 'email', name: 'n8n template 2', contentCategory: 'ai_prompt' });
    await tool('delete_template', { templateId, type: 'email' });
  });

  it('create_task without priority; list_tasks {taskId}; update, action and delete by taskId; log_call with taskId as a number and as text', async () => {
    const task = (await tool('create_task', { name: 'Call back', taskType: 'call', contactId: contactIds[0] })).structuredContent;
    expect(task).toMatchObject({ priority: 0, contactId: String(contactIds[0]) });
    const taskId = Number(task.taskId);
    expect(oneRow(await tool('list_tasks', { taskId }))).toMatchObject({ taskId: String(taskId), name: 'Call back' });
    expect(rows(await tool('list_tasks', { limit: 25, offset: 0 })).length).toBeGreaterThanOrEqual(1);
    expect(rows(await tool('list_tasks', { limit: 50 })).length).toBeGreaterThanOrEqual(1);
    await tool('update_task', { taskId, name: 'Call back soon', priority: 2 });
    await tool('execute_task_action', { taskId, action: 'start' });
    const asNumber = (await tool('log_call', { contactId: contactIds[0], taskId, durationMs: 60_000, callScript: 'Hi' })).structuredContent;
    const asText = (await tool('log_call', { contactId: contactIds[0], taskId: String(taskId) })).structuredContent;
    expect([asNumber.taskId, asText.taskId]).toEqual([String(taskId), String(taskId)]);
    await tool('list_call_dispositions');
    await tool('list_call_sentiments');
    await tool('delete_task', { taskId });
  });
});

describe('campaigns by id or by identifier; steps by campaignStepId alone', () => {
  let campaignId: string;
  let identifier: string;

  it('create_campaign with numeric emailAccountIds, contactIds and inline steps; list_campaigns {campaignId} and {campaignIdentifier} answer that campaign', async () => {
    const made = (
      await tool('create_campaign', {
        name: 'n8n parity',
        emailAccountIds: [4001],
        contactIds: contactIds.slice(0, 3),
        steps: [
          { type: 'custom', name: 'Intro Task', dueDay: 1, description: 'Parity test custom step' },
          { type: 'manual-email', name: 'Follow-up Email', dueDay: 3, templateData: { subject: 'Quick follow-up', template: '<p>Hi there</p>' } },
        ],
      })
    ).structuredContent as { campaign: Row; steps: Row[] };
    campaignId = made.campaign.campaignId as string;
    identifier = made.campaign.identifier as string;
    expect(made.campaign.emailAccountIds).toEqual(['4001']);
    expect(made.steps.map((s) => s.campaignStepId)).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    const byId = oneRow(await tool('list_campaigns', { campaignId: Number(campaignId) }));
    expect(byId).toMatchObject({
      campaignId,
      name: 'n8n parity',
      identifier,
      steps: made.steps.map((s) => expect.objectContaining({ campaignStepId: s.campaignStepId })),
    });
    expect(oneRow(await tool('list_campaigns', { campaignIdentifier: identifier }))).toEqual(byId);
    expect(rows(await tool('list_campaigns', { searchText: 'parity', limit: 10 }))).toHaveLength(1);
    expect(rows(await tool('list_campaigns', { limit: 25 })).length).toBeGreaterThanOrEqual(1);
  });

  it('update and clone by campaignIdentifier, update by campaignId with numeric emailAccountIds', async () => {
    await tool('update_campaign', { campaignIdentifier: identifier, name: 'n8n parity updated', isPublic: false });
    const updated = (await tool('update_campaign', { campaignId: Number(campaignId), emailAccountIds: [4002] })).structuredContent;
    expect(updated).toMatchObject({ campaignId, name: 'n8n parity updated', isPublic: false, emailAccountIds: ['4002'] });
    identifier = updated.identifier as string;
    const clone = (await tool('clone_campaign', { campaignIdentifier: identifier, name: 'n8n clone' })).structuredContent as { campaign: Row };
    expect(clone.campaign.campaignId).toMatch(/^\d+$/);
    await tool('delete_campaign', { campaignIdentifier: clone.campaign.identifier });
    await tool('delete_campaign', { campaignId: Number(clone.campaign.campaignId) }).then(
      () => {
        throw new Error('deleted twice');
      },
      (e: Error) => expect(e.message).toMatch(/No campaign/),
    );
  });

  it('list_campaign_contacts pages by limit and offset and narrows by searchText; contacts added and removed by identifier', async () => {
    const page = await tool('list_campaign_contacts', { campaignId: Number(campaignId), limit: 1, offset: 1 });
    expect(rows(page)).toEqual([expect.objectContaining({ contactId: String(contactIds[1]) })]);
    expect(page.structuredContent.pagination).toMatchObject({ total: 3 });
    const all = rows(await tool('list_campaign_contacts', { campaignIdentifier: identifier, limit: 50, offset: 0 }));
    expect(all.map((c) => c.contactId)).toEqual(contactIds.slice(0, 3).map(String));
    const contact = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data.find((c: Row) => c.contactId === String(contactIds[2]));
    const found = rows(await tool('list_campaign_contacts', { campaignId: Number(campaignId), searchText: contact.fullName, limit: 25, offset: 0 }));
    expect(found.map((c) => c.contactId)).toContain(String(contactIds[2]));
    await tool('add_contacts_to_campaign', { campaignIdentifier: identifier, contactIds: [contactIds[3]] });
    await tool('remove_contacts_from_campaign', { campaignId: Number(campaignId), contactIds: [contactIds[3]] });
    expect(rows(await tool('list_campaign_contacts', { campaignId: Number(campaignId) }))).toHaveLength(3);
  });

  it('steps: created on the campaign by id, listed by identifier, updated, paused, resumed and deleted by campaignStepId', async () => {
    const shell = ((await tool('create_campaign', { name: 'n8n step lifecycle' })).structuredContent as { campaign: Row }).campaign;
    const created = (await tool('create_campaign_step', { campaignId: Number(shell.campaignId), type: 'call', name: 'Call Step', dueDay: 2, description: 'x' }))
      .structuredContent;
    const stepId = Number(created.campaignStepId);
    expect(rows(await tool('list_campaign_steps', { campaignId: Number(shell.campaignId) }))).toHaveLength(1);
    expect(rows(await tool('list_campaign_steps', { campaignIdentifier: shell.identifier }))).toHaveLength(1);
    expect(
      (await tool('update_campaign_step', { campaignStepId: stepId, dueDay: 3, name: 'Updated Call Step', description: 'y' })).structuredContent,
    ).toMatchObject({ campaignStepId: String(stepId), campaignId: shell.campaignId, dueDay: 3, name: 'Updated Call Step' });
    expect((await tool('execute_campaign_step_action', { campaignStepId: stepId, action: 'PAUSE' })).structuredContent.status).toBe('paused');
    expect((await tool('execute_campaign_step_action', { campaignStepId: stepId, action: 'RESUME' })).structuredContent.status).toBe('active');
    await tool('delete_campaign_step', { campaignStepId: stepId, campaignId: Number(shell.campaignId) });
    const again = await tool('create_campaign_step', { campaignIdentifier: shell.identifier, type: 'custom', name: 'Again', dueDay: 1 });
    await tool('delete_campaign_step', { campaignStepId: Number(again.structuredContent.campaignStepId), campaignIdentifier: shell.identifier });
    expect(rows(await tool('list_campaign_steps', { campaignId: Number(shell.campaignId) }))).toHaveLength(0);
    const missing = await rpc('tools/call', { name: 'update_campaign_step', arguments: { campaignStepId: stepId, dueDay: 1 } });
    expect(missing.result).toMatchObject({ isError: true, structuredContent: { status: 404, message: `No campaign step ${stepId} in this organization` } });
  });

  it("get_campaign_metrics by id or identifier counts only the campaign's own emails (DECISIONS)", async () => {
    // maxActiveContacts: START needs it (spec 3.2); the integration's create does not send it.
    const made = (await tool('create_campaign', { name: 'n8n metrics', emailAccountIds: [4002], contactIds: [contactIds[0]], maxActiveContacts: 5 }))
      .structuredContent as { campaign: Row };
    const [metricsId, metricsIdentifier] = [made.campaign.campaignId as string, made.campaign.identifier as string];
    const metrics = async () => (await tool('get_campaign_metrics', { campaignIdentifier: metricsIdentifier })).structuredContent.emailsSent as number;
    const before = await metrics();
    // A one-off email to an enrolled contact is not the campaign's ...
    await tool('send_email', { contactId: contactIds[0], from: 'alice@acme.example', to: 'x@example.com', subject: 'One-off', body: 'Hi' });
    expect(await metrics()).toBe(before);
    // ... one from the campaign's sending account after it started is.
    await tool('execute_campaign_action', { campaignIdentifier: metricsIdentifier, action: 'START' });
    await tool('send_email', { contactId: contactIds[0], from: 'alice.sales@acme.example', to: 'x@example.com', subject: 'Step', body: 'Hi' });
    expect(await metrics()).toBe(before + 1);
    expect((await tool('get_campaign_metrics', { campaignId: Number(metricsId) })).structuredContent.emailsSent).toBe(before + 1);
    await tool('execute_campaign_action', { campaignId: Number(metricsId), action: 'PAUSE' });
  });
});

describe('email accounts, footers, emails, activity, contacts', () => {
  it('list_email_accounts pages by page and limit and narrows by searchText', async () => {
    expect(rows(await tool('list_email_accounts')).map((a) => a.emailAccountId)).toEqual(['4001', '4002']);
    expect(rows(await tool('list_email_accounts', { limit: 1, page: 2 }))).toEqual([expect.objectContaining({ emailAccountId: '4002' })]);
    const found = await tool('list_email_accounts', { searchText: 'alice.sales@acme.example', limit: 1, page: 1 });
    expect(rows(found).map((a) => a.emailAccountId)).toEqual(['4002']);
    expect(found.structuredContent.pagination).toMatchObject({ total: 1 });
    expect(rows(await tool('list_email_footers', { limit: 25, page: 1 })).length).toBeGreaterThanOrEqual(1);
  });

  it('emails: send with scheduleAt, a draft by numeric emailId, preview, bulk with the queryText* filters', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const sent = (
      await tool('send_email', { contactId: contactIds[1], from: 'alice@acme.example', to: 'y@example.com', subject: 'S', body: 'B', scheduleAt: at })
    ).structuredContent;
    expect(sent.scheduledAt).toBe(at);
    const draft = (await tool('create_email_draft', { contactId: contactIds[1], from: 'alice@acme.example', to: 'y@example.com', subject: 'D', body: 'B' }))
      .structuredContent;
    const emailId = Number(draft.emailId);
    expect((await tool('get_email_draft', { emailId })).structuredContent.emailId).toBe(String(emailId));
    await tool('update_email_draft', { emailId, subject: 'D2' });
    await tool('send_email_draft', { emailId });
    await tool('send_email_preview', { to: 'y@example.com', subject: 'Hi {{firstName}}', body: 'x' });
    const contact = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data[0] as Row;
    const bulk = await tool('send_bulk_email', {
      from: 'alice@acme.example',
      subject: 'Bulk',
      body: 'B',
      filters: { queryTextName: String(contact.fullName) },
    });
    expect(bulk.structuredContent).toBeDefined();
  });

  it('get_activity_feed: events carry id (the integration keeps the highest and asks for newer ones by it)', async () => {
    const first = rows(await tool('get_activity_feed', { limit: 50, offset: 0 }));
    expect(first.length).toBeGreaterThan(0);
    for (const e of first) expect(e.id).toBe(e.activityId);
    const lastId = Math.max(...first.map((e) => Number(e.id)));
    await tool('create_task', { name: 'After the poll', taskType: 'call', contactId: contactIds[2] });
    const newer = rows(await tool('get_activity_feed', { limit: 50, offset: 0 })).filter((e) => Number(e.id) > lastId);
    expect(newer.length).toBeGreaterThanOrEqual(1);
    expect(rows(await tool('get_activity_feed', { limit: 1, offset: 0, contactId: contactIds[2], searchText: 'task' }))).toHaveLength(1);
  });

  it('contacts and companies: search with fullname, my contacts with orgIds and page, research and poll', async () => {
    const person = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data[0] as Row;
    const found = await tool('search_contacts', { fullname: [String(person.fullName)], limit: 100 });
    expect(rows(found).length).toBeGreaterThanOrEqual(1);
    // Return All: the next page by the top-level nextToken, until there is none.
    const first = await tool('search_contacts', { seniority: ['VP'], limit: 100 });
    const next = first.structuredContent.nextToken as string;
    expect(next).toEqual((first.structuredContent.pagination as Row).nextToken);
    const second = await tool('search_contacts', { seniority: ['VP'], limit: 100, nextToken: next });
    expect(rows(second)[0].searchResultId).not.toBe(rows(first)[0].searchResultId);
    expect(rows(await tool('search_companies', { companyCountry: ['United States'], limit: 10 }))).toBeDefined();
    const end = new Date(Date.now() + 60_000).toISOString();
    const startDate = new Date(Date.now() - 29 * 86_400_000).toISOString();
    expect(rows(await tool('get_my_contacts', { startDate, endDate: end, limit: 1 }))).toHaveLength(1);
    expect(rows(await tool('get_my_contacts', { startDate, endDate: end, orgIds: '7001', page: 1, limit: 100 })).length).toBeGreaterThan(1);
    expect(rows(await tool('get_my_companies', { startDate, endDate: end, orgIds: '7002', page: 1, limit: 100 }))).toEqual([]);
    const research = (await tool('research_contacts', { searchResultIds: [rows(found)[0].searchResultId] })).structuredContent;
    await tool('poll_contact_research', { requestIds: research.requestIds });
    expect((await tool('get_credits')).structuredContent.balance).toEqual(expect.any(Number));
  });
});

describe('what every answer above shows', () => {
  /** Research request and search result ids are the service's opaque cursors (published examples are text). */
  const OPAQUE = new Set(['requestId', 'requestIds', 'searchResultId', 'searchResultIds', 'apiResearchId', 'nextToken', 'networkId', 'companyNetworkId']);
  function idsIn(value: unknown, key: string, out: [string, unknown][]): void {
    if (Array.isArray(value)) value.forEach((v) => idsIn(v, key, out));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) idsIn(v, k, out);
    else if ((key === 'id' || /Ids?$|IdOwner$/.test(key)) && !OPAQUE.has(key) && value !== null) out.push([key, value]);
  }

  // Ids the spec types as integers (a template's id, footer, disposition, sentiment, status, tag ids) stay JSON
  // integers; every other id is text of digits only (DECISIONS "The service's own client").
  it('every id is a numeric string', () => {
    expect(answers.length).toBeGreaterThan(60);
    const found: [string, unknown][] = [];
    for (const { result } of answers) idsIn(result.structuredContent, '', found);
    const keys = new Set(found.map(([k]) => k));
    for (const k of [
      'listId',
      'savedSearchId',
      'campaignId',
      'campaignStepId',
      'emailAccountId',
      'contactId',
      'taskId',
      'callId',
      'emailId',
      'id',
      'userIdOwner',
    ])
      expect(keys).toContain(k);
    const notNumericText = found.filter(
      ([k, v]) =>
        !/^\d+$/.test(String(v)) || (typeof v !== 'string' && !/^(templateId|emailFooterId|callDispositionId|callSentimentId|statusId|tagIds)$/.test(k)),
    );
    expect(notNumericText).toEqual([]);
  });

  it('the text is the markdown table of the same rows with the "Pagination: total: N" footer', () => {
    for (const { name, result } of answers) {
      const read = readMarkdownTable(result.content[0].text);
      expect({ name, parsed: read !== null }).toEqual({ name, parsed: true });
      const structured = result.structuredContent;
      const expected = Array.isArray(structured.results) ? structured.results : [structured];
      expect(read!.results).toHaveLength(expected.length);
      read!.results.forEach((row, i) => {
        for (const [k, v] of Object.entries(expected[i]))
          if (typeof v === 'string') expect({ name, k, v: row[k] }).toEqual({ name, k, v: v === '' ? null : v });
      });
      if (Array.isArray(structured.results)) expect(read!.pagination.total).toBe(structured.pagination?.total ?? structured.results.length);
    }
  });
});

describe('published and limited like the REST routes', () => {
  it('tools/list says which shapes each tool takes', async () => {
    const tools = (await rpc('tools/list', {})).result!.tools!;
    const schema = (name: string) => tools.find((t) => t.name === name)!.inputSchema as { properties: Row; anyOf?: { required: string[] }[] };
    expect(Object.keys(schema('get_lists').properties)).toContain('listId');
    expect(Object.keys(schema('list_campaigns').properties)).toEqual(expect.arrayContaining(['campaignId', 'campaignIdentifier']));
    expect(Object.keys(schema('list_saved_searches').properties)).toContain('id');
    expect(Object.keys(schema('list_templates').properties)).toContain('templateId');
    expect(Object.keys(schema('list_tasks').properties)).toContain('taskId');
    expect(schema('update_list').anyOf).toEqual([{ required: ['listId'] }, { required: ['id'] }]);
    expect(schema('delete_saved_search').anyOf).toEqual([{ required: ['savedSearchId'] }, { required: ['id'] }]);
    expect(schema('update_campaign_step').anyOf).toContainEqual({ required: ['campaignStepId'] });
    expect(schema('clone_campaign').anyOf).toContainEqual({ required: ['campaignIdentifier'] });
    expect(Object.keys(schema('list_campaign_contacts').properties)).toEqual(expect.arrayContaining(['limit', 'offset']));
    expect(Object.keys(schema('list_email_accounts').properties)).toEqual(expect.arrayContaining(['page', 'limit', 'searchText']));
  });

  it("a one-record read draws from its REST route's window, as a call of that route does", async () => {
    const limited = await start({ config: { rateLimit: { endpoints: { 'GET /v2/lists/{id}': 1 } } } });
    try {
      const listId = (await call('GET', `${limited.v2}/lists`, { key: limited.apiKey })).body.data[0].listId as string;
      const read = async () =>
        (
          await call('POST', limited.mcp, {
            key: limited.apiKey,
            body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_lists', arguments: { listId: Number(listId) } } },
          })
        ).body.result;
      expect((await read()).isError).toBeUndefined();
      expect(await read()).toMatchObject({ isError: true, structuredContent: { code: 'rateLimitExceeded' } });
      expect((await call('GET', `${limited.v2}/lists/${listId}`, { key: limited.apiKey })).status).toBe(429);
      // The listing itself is another route, another window.
      expect((await call('GET', `${limited.v2}/lists`, { key: limited.apiKey })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
