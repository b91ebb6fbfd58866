/**
 * Issue 31, the rest of the service's own n8n integration (release 0.6.9): every further argument shape its node and
 * trigger send, beyond test/sandbox/mcp-integration-shapes.test.ts, replayed against the sandbox as they are sent.
 * Its "additional fields" and filters (each id a number, as it converts them), its Return All loops (page 1.. with
 * limit 100; offset 0.. with limit 50), its resource-locator list searches, its polling trigger's reads, and its
 * research with contacts, companies and waitForResults. Each call must succeed and answer what was asked.
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

const ID_BASE = 5946362000000000;
let sb: RunningSandbox;
/** Every answer's raw JSON-RPC text and its structuredContent, for the id audit at the end. */
const answers: { name: string; raw: string; structured: Row; text: string }[] = [];
let contactIds: number[];
let rpcId = 1;

/** A tools/call as the integration sends it (JSON-RPC id 1 each time, as it does); it must succeed. */
async function tool(name: string, args: Row = {}): Promise<ToolResult> {
  const body = { jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } };
  const reply = await call('POST', sb.mcp, { key: sb.apiKey, body, headers: { accept: 'application/json, text/event-stream' } });
  const r = reply.body as { result?: ToolResult; error?: { code: number; message: string } };
  if (r.error) throw new Error(`${name} ${JSON.stringify(args)}: JSON-RPC ${r.error.code} ${r.error.message}`);
  if (r.result!.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${r.result!.content[0].text}`);
  answers.push({ name, raw: reply.text, structured: r.result!.structuredContent, text: r.result!.content[0].text });
  return r.result!;
}
const rows = (r: ToolResult) => r.structuredContent.results as Row[];
const one = (r: ToolResult) => r.structuredContent;

beforeAll(async () => {
  // 16-digit ids (below 2^53): the largest the service's integration can carry through Number() exactly.
  sb = await start({ config: { features: { A: { maxActiveContacts: true } }, rateLimit: { defaultLimit: 5000 }, seed: { idBase: ID_BASE } } as never });
  const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
  contactIds = org.body.data.slice(0, 6).map((c: { contactId: string }) => Number(c.contactId));
});
afterAll(() => sb.close());

describe('templates: create with every additional field, list with search and stats, update every field', () => {
  it('create_template {name, type, subject, body, contentCategory, emailFooterId, emailSignatureId} (numbers); list_templates {page, limit, searchText, type, includeStats}', async () => {
    const footer = Number(rows(await tool('list_email_footers', { limit: 25, page: 1 }))[0].emailFooterId);
    const made = one(
      await tool('create_template', {
        name: 'Replay email template',
        type: 'email',
        subject: 'Hello {{firstName}}',
        body: '<p>Hi</p>',
        contentCategory: 'ai_prompt',
        emailFooterId: footer,
      }),
    );
    expect(made).toMatchObject({ name: 'Replay email template', contentCategory: 'ai_prompt', emailFooterId: footer });
    // Its default type when none is given is email; a call script template too.
    const callTemplate = one(await tool('create_template', { name: 'Replay call script', type: 'call', body: 'Ask about budget' }));
    expect(callTemplate.type).toBe('call');
    const found = await tool('list_templates', { page: 1, limit: 15, searchText: 'Replay email', type: 'email', includeStats: true });
    expect(rows(found).map((t) => t.name)).toEqual(['Replay email template']);
    // The resource locator's list search.
    expect(rows(await tool('list_templates', { limit: 50, type: 'email' })).length).toBeGreaterThanOrEqual(1);
    const templateId = Number(made.templateId);
    const updated = one(
      await tool('update_template', {
        templateId,
        type: 'email',
        name: 'Replay email template 2',
        subject: 'Hi',
        body: '<p>Hey</p>',
        contentCategory: 'static',
      }),
    );
    expect(updated).toMatchObject({ name: 'Replay email template 2', subject: 'Hi', contentCategory: 'static' });
  });
});

describe('tasks: every additional field, filters, Return All by offset, every action', () => {
  let templateId: number;
  beforeAll(async () => {
    templateId = Number(one(await tool('create_template', { name: 'Task template', type: 'email', subject: 'S', body: 'B' })).templateId);
  });

  it('create_task {name, taskType, contactId, description, dueAt, priority, templateId}; update_task {taskId, description, dueAt, priority, status}', async () => {
    const dueAt = new Date(Date.now() + 86_400_000).toISOString();
    const task = one(
      await tool('create_task', { name: 'Email them', taskType: 'manual-email', contactId: contactIds[1], description: 'd', dueAt, priority: 1, templateId }),
    );
    expect(task).toMatchObject({ name: 'Email them', taskType: 'manual-email', priority: 1, dueAt, contactId: String(contactIds[1]) });
    const taskId = Number(task.taskId);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(one(await tool('update_task', { taskId, description: 'd2', dueAt: later, priority: 2 }))).toMatchObject({
      description: 'd2',
      dueAt: later,
      priority: 2,
    });
    expect(one(await tool('update_task', { taskId, status: 'paused' })).status).toBe('paused');
    for (const [action, status] of [
      ['unpause', 'scheduled'],
      ['skip', 'skipped'],
      ['reschedule', 'scheduled'],
      ['start', 'in-progress'],
      ['complete', 'completed'],
    ])
      expect({ action, status: one(await tool('execute_task_action', { taskId, action })).status }).toEqual({ action, status });
  });

  it('list_tasks with its filters {campaignIdentifier, sortColumn, sortOrder, status, taskType, offset} and limit; Return All pages {limit: 50, offset}', async () => {
    for (let i = 0; i < 3; i++) await tool('create_task', { name: `Batch ${i}`, taskType: 'call', contactId: contactIds[2] });
    const filtered = rows(
      await tool('list_tasks', { sortColumn: 'createdAt', sortOrder: 'desc', status: 'scheduled', taskType: 'call', offset: 0, limit: 25 }),
    );
    expect(filtered.length).toBeGreaterThanOrEqual(3);
    expect(filtered.every((t) => t.status === 'scheduled' && t.taskType === 'call')).toBe(true);
    expect(filtered.slice(0, 3).map((t) => t.name)).toEqual(['Batch 2', 'Batch 1', 'Batch 0']);
    // A campaign's own tasks by its identifier (none yet for a new one).
    const campaign = (one(await tool('create_campaign', { name: 'Task filter campaign' })) as { campaign: Row }).campaign;
    expect(rows(await tool('list_tasks', { campaignIdentifier: campaign.identifier, limit: 25, offset: 0 }))).toEqual([]);
    // Return All: offset 0, 50, ... until a short page.
    const all: Row[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = rows(await tool('list_tasks', { limit: 50, offset }));
      all.push(...page);
      if (page.length < 50) break;
    }
    expect(new Set(all.map((t) => t.taskId)).size).toBe(all.length);
    // The resource locator's list search.
    expect(rows(await tool('list_tasks', { limit: 50 })).length).toBe(Math.min(50, all.length));
  });
});

describe('calls and activity: every additional field and filter', () => {
  it('log_call {contactId, callDispositionId, callSentimentId, callScript, calledAt, durationMs, fromNumber, toNumber, taskId} with numeric ids', async () => {
    const disposition = Number(rows(await tool('list_call_dispositions'))[0].callDispositionId);
    const sentiment = Number(rows(await tool('list_call_sentiments'))[0].callSentimentId);
    const taskId = Number(one(await tool('create_task', { name: 'Call', taskType: 'call', contactId: contactIds[3] })).taskId);
    const calledAt = new Date(Date.now() - 60_000).toISOString();
    const logged = one(
      await tool('log_call', {
        contactId: contactIds[3],
        callDispositionId: disposition,
        callSentimentId: sentiment,
        callScript: 'Hello',
        calledAt,
        durationMs: 90_000,
        fromNumber: '+1 (555) 010-0000',
        toNumber: '+1 555 010 0001',
        taskId,
      }),
    );
    expect(logged).toMatchObject({
      contactId: String(contactIds[3]),
      callDispositionId: disposition,
      callSentimentId: sentiment,
      calledAt,
      durationMs: 90_000,
      taskId: String(taskId),
    });
  });

  it('get_activity_feed with its filters {campaignIdentifier, contactId (a number), searchText, offset} and Return All {limit: 50, offset}', async () => {
    const byContact = rows(await tool('get_activity_feed', { contactId: contactIds[3], searchText: 'call', limit: 25, offset: 0 }));
    expect(byContact.length).toBeGreaterThanOrEqual(1);
    expect(byContact.every((e) => e.contactId === String(contactIds[3]))).toBe(true);
    const campaign = (one(await tool('create_campaign', { name: 'Feed filter campaign' })) as { campaign: Row }).campaign;
    expect(rows(await tool('get_activity_feed', { campaignIdentifier: campaign.identifier, limit: 25, offset: 0 }))).toBeDefined();
    const page = rows(await tool('get_activity_feed', { limit: 50, offset: 0 }));
    expect(page.length).toBeGreaterThan(0);
  });
});

describe('emails: every additional field; bulk with every filter; drafts sent from another account', () => {
  let templateId: number;
  let campaignId: number;
  let listId: number;
  beforeAll(async () => {
    templateId = Number(one(await tool('create_template', { name: 'Mail template', type: 'email', subject: 'S {{firstName}}', body: 'B' })).templateId);
    campaignId = Number((one(await tool('create_campaign', { name: 'Bulk campaign', contactIds: [contactIds[4]] })) as { campaign: Row }).campaign.campaignId);
    // A seeded list (there is no tool that adds contacts to a list).
    listId = Number(rows(await tool('get_lists'))[0].listId);
  });

  it('send_email {contactId, from, to, cc, bcc, subject, body, templateId, scheduleAt}', async () => {
    const scheduleAt = new Date(Date.now() + 3_600_000).toISOString();
    const sent = one(
      await tool('send_email', {
        contactId: contactIds[4],
        from: 'alice@acme.example',
        to: 'p@example.com',
        cc: 'c@example.com',
        bcc: 'b@example.com',
        subject: 'S',
        body: 'B',
        templateId,
        scheduleAt,
      }),
    );
    expect(sent).toMatchObject({ contactId: String(contactIds[4]), cc: 'c@example.com', bcc: 'b@example.com', scheduledAt: scheduleAt });
  });

  it('create_email_draft with every additional field; update_email_draft {emailId, to, cc, bcc, subject, body, scheduleAt}; send_email_draft {emailId, from}', async () => {
    const draft = one(
      await tool('create_email_draft', {
        contactId: contactIds[4],
        from: 'alice@acme.example',
        to: 'p@example.com',
        cc: 'c@example.com',
        bcc: 'b@example.com',
        subject: 'D',
        body: 'B',
        templateId,
      }),
    );
    const emailId = Number(draft.emailId);
    const scheduleAt = new Date(Date.now() + 7_200_000).toISOString();
    expect(
      one(await tool('update_email_draft', { emailId, to: 'q@example.com', cc: 'd@example.com', bcc: 'e@example.com', subject: 'D2', body: 'B2', scheduleAt })),
    ).toMatchObject({
      to: 'q@example.com',
      subject: 'D2',
    });
    expect(one(await tool('send_email_draft', { emailId, from: 'alice.sales@acme.example' }))).toMatchObject({ from: 'alice.sales@acme.example' });
  });

  it('send_email_preview {to, subject, body, from, templateId}', async () => {
    expect(
      one(await tool('send_email_preview', { to: 'p@example.com', subject: 'Hi {{firstName}}', body: 'x', from: 'alice@acme.example', templateId })),
    ).toBeDefined();
  });

  it('send_bulk_email {from, subject, body, scheduleAt, templateId, filters} with number lists and every text list', async () => {
    const scheduleAt = new Date(Date.now() + 3_600_000).toISOString();
    const person = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data[0] as Row;
    for (const filters of [
      { contactIds: [contactIds[4], contactIds[5]] },
      { campaignIds: [campaignId] },
      { lists: [listId] },
      { contactIds: [contactIds[4]], queryText: 'a' },
      {
        industryFilters: [String(person.companyIndustry)],
        companyFilters: [String(person.company)],
        seniorities: [String(person.seniority)],
        departments: [String(person.department)],
        prospectStatuses: ['new', 'contacted', 'interested', 'not_interested', 'customer'],
        engagementStatuses: ['not-emailed', 'emailed'],
        employeeSizeFilters: [String(person.companyStaffCountRange)],
        revenueFilters: [String(person.companyRevenueRange)],
      },
      {
        queryTextCompany: String(person.company),
        queryTextDomain: String(person.companyDomain),
        queryTextTitle: String(person.title),
        queryTextLocation: String((person.contactLocation as Row | undefined)?.city ?? ''),
      },
    ])
      expect(
        one(await tool('send_bulk_email', { from: 'alice@acme.example', subject: 'Bulk', body: 'B', scheduleAt, templateId, filters })).matched,
      ).toBeGreaterThan(0);
    // technologies is read too: a technology no saved contact's company uses matches nothing, and nothing is sent.
    const none = await call('POST', sb.mcp, {
      key: sb.apiKey,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'send_bulk_email', arguments: { from: 'alice@acme.example', subject: 'B', body: 'B', filters: { technologies: ['No Such Tech'] } } },
      },
    });
    expect(JSON.stringify(none.body)).toMatch(/match no saved contact/);
  });
});

describe('campaign steps and saved searches: every additional field', () => {
  it('create_campaign_step {campaignId, type, name, dueDay, description, templateId}; update_campaign_step {campaignStepId, dueDay, name, description, stepNumber, templateId, templateData}', async () => {
    const templateId = Number(one(await tool('create_template', { name: 'Step template', type: 'email', subject: 'S', body: 'B' })).templateId);
    const campaign = (one(await tool('create_campaign', { name: 'Step fields' })) as { campaign: Row }).campaign;
    const first = one(
      await tool('create_campaign_step', {
        campaignId: Number(campaign.campaignId),
        type: 'auto-email',
        name: 'First',
        dueDay: 1,
        description: 'd',
        templateId,
      }),
    );
    expect(first).toMatchObject({ name: 'First', dueDay: 1 });
    const second = one(
      await tool('create_campaign_step', {
        campaignIdentifier: campaign.identifier,
        type: 'manual-email',
        name: 'Second',
        dueDay: 2,
        templateData: { subject: 'Inline', template: '<p>x</p>' },
      }),
    );
    const moved = one(
      await tool('update_campaign_step', {
        campaignStepId: Number(second.campaignStepId),
        dueDay: 3,
        name: 'Second, moved',
        description: 'd2',
        stepNumber: 1,
        templateData: { subject: 'Inline 2', template: '<p>y</p>' },
      }),
    );
    expect(moved).toMatchObject({ name: 'Second, moved', dueDay: 3, stepNumber: 1 });
    expect(one(await tool('update_campaign_step', { campaignStepId: Number(first.campaignStepId), dueDay: 4, templateId }))).toMatchObject({ dueDay: 4 });
  });

  it('create_saved_search {name, type, values, numResultsApproved, sortColumn, sortOrder, tagIds}; update_saved_search {id, values, numResultsApproved}; list by type', async () => {
    // tagIds as the integration sends them: the list ids typed in, as text.
    const listId = String(rows(await tool('get_lists'))[0].listId);
    const made = one(
      await tool('create_saved_search', {
        name: 'Companies',
        type: 'companies',
        values: { industry: ['Software'] },
        numResultsApproved: 5,
        sortColumn: 'name',
        sortOrder: 'desc',
        tagIds: [listId],
      }),
    );
    expect(made).toMatchObject({ type: 'companies', numResultsApproved: 5, sortColumn: 'name', sortOrder: 'desc', tagIds: [Number(listId)] });
    const id = Number(made.savedSearchId);
    expect(one(await tool('update_saved_search', { id, values: { industry: ['Retail'] }, numResultsApproved: 7, sortColumn: 'createdAt' }))).toMatchObject({
      numResultsApproved: 7,
      values: { industry: ['Retail'] },
    });
    expect(rows(await tool('list_saved_searches', { type: 'companies' })).map((s) => s.savedSearchId)).toContain(String(id));
  });
});

describe('search and research: every additional field; research by contacts and companies', () => {
  it('search_contacts with every field the integration sends (text lists, options, dates)', async () => {
    const r = await tool('search_contacts', {
      companyName: ['Acme'],
      jobTitle: ['Engineer'],
      companyDomain: ['acme.example'],
      industry: ['Software'],
      fullname: ['Ana'],
      seniority: ['VP'],
      department: ['Sales'],
      companyFoundedOn: ['10+ Years'],
      companyNameSearchType: 'related',
      companyRevenue: ['$1M - $5M'],
      companySize: ['0 - 1 (Self-employed)', '11 - 50'],
      contactCountry: ['United States'],
      contactState: ['Texas'],
      contactZipCode: ['73301'],
      contactKeyword: ['cloud'],
      lastModifiedAfter: '2020-01-01T00:00:00.000Z',
      lastModifiedBefore: new Date().toISOString(),
      locationType: 'bothAND',
      technologies: ['Salesforce'],
      technologiesIsOr: false,
      limit: 100,
    });
    expect(Array.isArray(rows(r))).toBe(true);
  });

  it('search_companies with every field the integration sends', async () => {
    const r = await tool('search_companies', {
      companyName: ['Acme'],
      companyDomain: ['acme.example'],
      industry: ['Software'],
      companyCountry: ['United States'],
      companyState: ['Texas'],
      companyZipCode: ['73301'],
      companyKeyword: ['cloud'],
      companyNameSearchType: 'exact',
      companyRevenue: ['$1B+'],
      companySize: ['10,001+'],
      foundedOn: ['Last 4-10 Years'],
      technologies: ['Salesforce'],
      technologiesIsOr: true,
      limit: 10,
    });
    expect(Array.isArray(rows(r))).toBe(true);
  });

  it('research_contacts {contacts, isJobChange, waitForResults}; research_companies {companies, waitForResults}; poll_company_research', async () => {
    const person = (await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey })).body.data[0] as Row;
    const contacts = [{ contactName: String(person.fullName), companyName: String(person.company) }];
    const contactsDone = one(await tool('research_contacts', { contacts, isJobChange: true, waitForResults: true }));
    expect(contactsDone).toBeDefined();
    const company = rows(await tool('search_companies', { companySize: ['51 - 200'], limit: 1 }))[0];
    const companies = [
      { domain: String(company.domain ?? company.companyDomain ?? 'example.com'), companyName: String(company.name ?? company.companyName ?? '') },
    ];
    const requested = one(await tool('research_companies', { companies }));
    expect(requested.requestIds).toEqual([expect.any(String)]);
    expect(one(await tool('research_companies', { searchResultIds: [String(company.searchResultId)], waitForResults: true }))).toBeDefined();
    expect(rows(await tool('poll_company_research', { requestIds: requested.requestIds })).length).toBe(1);
  });
});

describe('Return All loops and the polling trigger', () => {
  it('get_my_contacts and get_my_companies paged {startDate, endDate, page, limit: 100} to a short page; the trigger reads {startDate, endDate} and {…, limit: 1}', async () => {
    // As the trigger makes them: now, and 30 days before it (the longest range a call covers).
    const now = Date.now();
    const endDate = new Date(now).toISOString();
    const startDate = new Date(now - 30 * 86_400_000).toISOString();
    for (const name of ['get_my_contacts', 'get_my_companies']) {
      const all: Row[] = [];
      for (let page = 1; page < 20; page++) {
        const got = rows(await tool(name, { startDate, endDate, page, limit: 100 }));
        all.push(...got);
        if (got.length < 100) break;
      }
      expect(all.length).toBeGreaterThan(0);
      // The trigger's later polls: a window and no limit; its manual run: one record.
      expect(rows(await tool(name, { startDate, endDate })).length).toBeGreaterThan(0);
      expect(rows(await tool(name, { startDate, endDate, limit: 1 }))).toHaveLength(1);
    }
  });

  it('list_email_accounts Return All {page, limit: 100}; list_campaign_contacts Return All {campaignId, limit: 50, offset}; the locators’ list searches', async () => {
    expect(rows(await tool('list_email_accounts', { page: 1, limit: 100 })).length).toBeGreaterThanOrEqual(1);
    const campaign = (one(await tool('create_campaign', { name: 'Return all contacts', contactIds })) as { campaign: Row }).campaign;
    const page = rows(await tool('list_campaign_contacts', { campaignId: Number(campaign.campaignId), limit: 50, offset: 0 }));
    expect(page.map((c) => c.contactId)).toEqual(contactIds.map(String));
    expect(rows(await tool('list_campaign_contacts', { campaignId: Number(campaign.campaignId), limit: 50, offset: 6 }))).toEqual([]);
    expect(rows(await tool('list_campaigns', { limit: 25 })).length).toBeGreaterThanOrEqual(1);
    expect(rows(await tool('get_lists')).length).toBeGreaterThanOrEqual(1);
    expect(rows(await tool('list_saved_searches')).length).toBeGreaterThanOrEqual(1);
  });
});

describe('the ids of every answer above (16-digit ids: seed.idBase)', () => {
  /** Research request and search result ids and cursors are the service's opaque text (published examples). */
  const OPAQUE = new Set([
    'requestId',
    'requestIds',
    'searchResultId',
    'searchResultIds',
    'apiResearchId',
    'nextToken',
    'networkId',
    'companyNetworkId',
    'linkedInId',
    'companyLinkedInId',
  ]);
  /** Ids the spec (or, where it shows no record type, every published body) types as integers: exact JSON integers. */
  const INTEGER_TYPED = new Set(['templateId', 'emailFooterId', 'emailSignatureId', 'callDispositionId', 'callSentimentId', 'statusId', 'tagIds']);
  /** Each id with the record it is in (`step`: a campaign step, whose templateId the spec types as text). */
  function idsIn(value: unknown, key: string, inStep: boolean, out: { key: string; inStep: boolean; value: unknown }[]): void {
    if (Array.isArray(value)) value.forEach((v) => idsIn(v, key, inStep, out));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) idsIn(v, k, 'campaignStepId' in value, out);
    else if ((key === 'id' || /Ids?$|IdOwner$/.test(key)) && !OPAQUE.has(key) && value !== null) out.push({ key, inStep, value });
  }

  it('text ids are digits from the id base; integer-typed ids are exact integers from it; a step’s templateId is text (spec 2.3)', () => {
    expect(answers.length).toBeGreaterThan(60);
    const found: { key: string; inStep: boolean; value: unknown }[] = [];
    for (const a of answers) idsIn(a.structured, '', false, found);
    const wrong = found.filter(({ key, inStep, value }) => {
      const integer = INTEGER_TYPED.has(key) && !(key === 'templateId' && inStep);
      if (integer) return !(typeof value === 'number' && Number.isSafeInteger(value) && value > ID_BASE);
      return !(typeof value === 'string' && /^\d{16}$/.test(value) && Number(value) > ID_BASE);
    });
    expect(wrong).toEqual([]);
    const kinds = new Set(found.map((f) => f.key));
    for (const k of [
      'listId',
      'campaignId',
      'campaignStepId',
      'contactId',
      'taskId',
      'callId',
      'emailId',
      'emailAccountId',
      'savedSearchId',
      'userIdOwner',
      'id',
    ])
      expect(kinds).toContain(k);
    for (const k of ['templateId', 'emailFooterId', 'callDispositionId', 'callSentimentId', 'tagIds']) expect(kinds).toContain(k);
  });

  it('on the wire every integer id is written in full: no exponent, no rounding', () => {
    for (const { name, raw } of answers) {
      for (const m of raw.matchAll(/"(\w*Ids?)":\s*\[?(-?[\d.eE+]+)/g))
        if (!OPAQUE.has(m[1])) expect({ name, key: m[1], digits: m[2] }).toEqual({ name, key: m[1], digits: expect.stringMatching(/^\d+$/) });
    }
  });

  it('the text beside each answer is the markdown table of the same rows, with its total', () => {
    for (const { name, structured, text } of answers) {
      const read = readMarkdownTable(text);
      const expected = Array.isArray(structured.results) ? (structured.results as Row[]) : [structured];
      expect({ name, rows: read?.results.length }).toEqual({ name, rows: expected.length });
      if (Array.isArray(structured.results))
        expect({ name, total: read!.pagination.total }).toEqual({ name, total: (structured.pagination as Row | undefined)?.total ?? expected.length });
    }
  });
});
