/**
 * The 54 published MCP tools (public reference, "The 54 MCP tool names", read by test/support/published-tool-names.ts; DECISIONS
 * "MCP tools and parity"): each is listed with a schema and annotations, its arguments are checked against its
 * inputSchema (JSON-RPC -32602 naming the argument and the rule), and a REST-backed tool runs its REST route: same
 * records, same identity, same rate-limit window.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { publishedToolNames } from '../support/published-tool-names';
import { admin, call, start, window } from './helpers';

const PUBLISHED = publishedToolNames();

let sb: RunningSandbox;
let contactIds: number[];
beforeAll(async () => {
  sb = await start({ config: { features: { A: { maxActiveContacts: true }, B: { maxActiveContacts: true } } } });
  const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
  contactIds = org.body.data.slice(0, 3).map((c: { contactId: string }) => Number(c.contactId));
});
afterAll(() => sb.close());

let nextId = 1;
const rpc = async (method: string, params?: unknown, key = sb.apiKey) =>
  (await call('POST', sb.mcp, { key, body: { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) } })).body;
const tool = (name: string, args: unknown, key?: string) => rpc('tools/call', { name, arguments: args }, key);

describe('the published tool list', () => {
  it('public reference: exactly 54 tools, each with a description, an object inputSchema, an outputSchema and the four hints', async () => {
    const tools = (await rpc('tools/list')).result.tools as { name: string; description: string; inputSchema: { type: string }; annotations: object }[];
    expect(tools.map((t) => t.name).sort()).toEqual([...PUBLISHED].sort());
    for (const t of tools) {
      expect(t.description.length).toBeGreaterThan(10);
      expect(t.inputSchema.type).toBe('object');
      expect(Object.keys(t.annotations).sort()).toEqual(['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title']);
    }
  });

  it('4.13: annotations say what a tool does: reads are read-only, deletes destructive, sends reach the open world', async () => {
    const tools = (await rpc('tools/list')).result.tools as { name: string; annotations: Record<string, boolean> }[];
    const hints = (name: string) => tools.find((t) => t.name === name)!.annotations;
    for (const name of PUBLISHED.filter((n) => /^(list|get|search|poll)_/.test(n))) expect(hints(name).readOnlyHint).toBe(true);
    for (const name of PUBLISHED.filter((n) => /^(delete|remove)_/.test(n))) expect(hints(name)).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    for (const name of ['send_email', 'send_email_draft', 'send_bulk_email']) expect(hints(name)).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(hints('create_list')).toMatchObject({ readOnlyHint: false, idempotentHint: false });
  });
});

describe('arguments checked against inputSchema before the tool runs (JSON-RPC -32602)', () => {
  it.each([
    ['create_list', { name: 5 }, /^name: must be string \(type\)/],
    ['create_list', {}, /^name: required/],
    ['create_list', { name: 'x', color: 'red' }, /^color: not a parameter of this tool/],
    ['create_campaign', { name: 'x', steps: [{ type: 'call', dueDay: 0 }] }, /^steps\[0\]\.dueDay: must be >= 1 \(minimum\)/],
    ['execute_campaign_action', { campaignId: '1', action: 'STOP' }, /^action: must be one of "START"/],
    ['add_contacts_to_campaign', { campaignId: '1', contactIds: [] }, /^contactIds: must NOT have fewer than 1 items \(minItems\)/],
    ['list_campaigns', { limit: 501 }, /^limit: must be <= 500 \(maximum\)/],
  ])('%s %j', async (name, args, message) => {
    const r = await tool(name, args);
    expect(r.error.code).toBe(-32602);
    expect(r.error.message).toMatch(message);
  });

  it('nothing runs when the arguments are refused (no list is created, no REST window is used)', async () => {
    const before = (await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).body.data.length;
    await tool('create_list', { name: 'x', extra: 1 });
    expect((await call('GET', `${sb.v2}/lists`, { key: sb.apiKey })).body.data.length).toBe(before);
  });
});

describe('REST-backed tools run their REST route', () => {
  it('spec 4.9: lists made, renamed, filled and deleted through tools are the REST records, for the calling user only', async () => {
    const made = (await tool('create_list', { name: 'From MCP' })).result;
    expect(made.isError).toBeUndefined();
    const listId = made.structuredContent.listId;
    // The text is the service's markdown table of the same record (test/sandbox/mcp-integration-shapes.test.ts reads it).
    expect(made.content[0].text.split('\n').slice(0, 2)).toEqual([
      Object.keys(made.structuredContent).join(' | '),
      Object.keys(made.structuredContent)
        .map(() => '---')
        .join(' | '),
    ]);
    expect(made.content[0].text).toContain(`${listId} | `);
    const rest = await call('GET', `${sb.v2}/lists/${listId}`, { key: sb.apiKey });
    expect(rest.body.data).toEqual(made.structuredContent);
    expect((await tool('update_list', { listId, name: 'Renamed' })).result.structuredContent.name).toBe('Renamed');
    // Adding contacts to a list is REST only (no add_list_contacts tool); the tools see what the route did.
    expect((await tool('add_list_contacts', { listId, contactIds })).error.message).toBe('Unknown tool: add_list_contacts');
    await call('POST', `${sb.v2}/lists/${listId}/contacts`, { key: sb.apiKey, body: { contactIds } });
    const mine = (await tool('get_lists', {})).result.structuredContent.results.map((l: { listId: string }) => l.listId);
    expect(mine).toContain(listId);
    const theirs = (await tool('get_lists', {}, sb.apiKeyB)).result.structuredContent.results.map((l: { listId: string }) => l.listId);
    expect(theirs).not.toContain(listId);
    // Another organization's user gets the REST 404 as a tool error.
    const foreign = (await tool('delete_list', { listId }, sb.apiKeyB)).result;
    expect(foreign.isError).toBe(true);
    expect(foreign.structuredContent).toMatchObject({ status: 404 });
    expect((await tool('delete_list', { listId })).result.structuredContent).toEqual({ success: true });
    expect((await call('GET', `${sb.v2}/lists/${listId}`, { key: sb.apiKey })).status).toBe(404);
  });

  it('spec 3 rule 2 / 4.3: campaigns through tools; a refused action is a tool error carrying the service message', async () => {
    const created = (await tool('create_campaign', { name: 'MCP campaign', contactIds, maxActiveContacts: 5 })).result.structuredContent;
    const id = created.campaign.campaignId;
    // No get_campaign tool: one campaign is read through the listing tool, or the campaigns/{id} resource.
    expect((await tool('get_campaign', { campaignId: id })).error.message).toBe('Unknown tool: get_campaign');
    const resource = (await rpc('resources/read', { uri: `prospecting://campaigns/${id}` })).result.contents[0];
    expect(JSON.parse(resource.text).campaign.name).toBe('MCP campaign');
    expect(
      (await tool('list_campaigns', { searchText: 'MCP camp' })).result.structuredContent.results.map((c: { campaignId: string }) => c.campaignId),
    ).toEqual([id]);
    const refused = (await tool('execute_campaign_action', { campaignId: id, action: 'RESUME' })).result;
    expect(refused.isError).toBe(true);
    const rest = await call('POST', `${sb.v2}/campaigns/${id}/actions`, { key: sb.apiKey, body: { action: 'RESUME' } });
    expect(refused.structuredContent).toMatchObject({ status: rest.status, message: rest.body.message });
    expect((await tool('execute_campaign_action', { campaignId: id, action: 'START' })).result.structuredContent.campaign.status).toBe('active');
    expect((await tool('remove_contacts_from_campaign', { campaignId: id, contactIds: contactIds.slice(0, 1) })).result.structuredContent).toEqual({
      contactsRemoved: 1,
    });
  });

  it('spec 4.7 / 4.8: saved searches through tools (query and body placed as the REST route reads them)', async () => {
    const made = (await tool('create_saved_search', { name: 'VPs', type: 'contacts', values: { seniority: ['VP'] } })).result.structuredContent;
    const id = made.savedSearchId;
    expect((await tool('update_saved_search', { savedSearchId: id, sortOrder: 'asc' })).result.structuredContent.sortOrder).toBe('asc');
    const companies = (await tool('list_saved_searches', { type: 'companies' })).result.structuredContent.results;
    expect(companies.map((s: { savedSearchId: string }) => s.savedSearchId)).not.toContain(id);
    expect((await tool('list_saved_searches', {})).result.structuredContent.results.find((r: { savedSearchId: string }) => r.savedSearchId === id).name).toBe(
      'VPs',
    );
    expect((await tool('delete_saved_search', { savedSearchId: id })).result.structuredContent).toEqual({ success: true });
  });

  it("1.6 / 8: a tool draws one request from its REST endpoint's window; when it is spent the tool answers rateLimitExceeded", async () => {
    await admin(sb, 'PUT', '/rate-limits', { endpoints: { 'POST /v2/lists': 1 } });
    try {
      expect((await tool('create_list', { name: 'one' })).result.isError).toBeUndefined();
      const over = (await tool('create_list', { name: 'two' })).result;
      expect(over.isError).toBe(true);
      expect(over.structuredContent.code).toBe('rateLimitExceeded');
      const rest = await call('POST', `${sb.v2}/lists`, { key: sb.apiKey, body: { name: 'three' } });
      expect(rest.status).toBe(429);
    } finally {
      await admin(sb, 'PUT', '/rate-limits', {});
    }
  });

  it('a tool whose REST route does not exist answers the REST 404 as a tool error, naming the route', async () => {
    const ghost = {
      name: 'get_ghost',
      title: 'Ghost',
      description: 'A tool whose route is missing.',
      kind: 'read',
      method: 'GET',
      path: '/ghosts',
      returns: 'list',
    };
    await admin(sb, 'PATCH', '/config', { mcp: { extraTools: [{ ...ghost, inputSchema: { type: 'object', properties: {}, additionalProperties: false } }] } });
    try {
      const r = (await tool('get_ghost', {})).result;
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ status: 404 });
      expect(r.content[0].text).toMatch(/No route GET \/api\/v2\/ghosts/);
    } finally {
      await admin(sb, 'PATCH', '/config', { mcp: { extraTools: [] } });
    }
  });

  it('a tool added to the service while it runs is listed and callable at once', async () => {
    const spec = {
      name: 'count_contact_statuses',
      title: 'Contact statuses',
      description: 'The contact statuses of the organization (added at test time).',
      kind: 'read',
      method: 'GET',
      path: '/contact-statuses',
      returns: 'list',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    };
    await admin(sb, 'PATCH', '/config', { mcp: { extraTools: [spec] } });
    try {
      const listed = (await rpc('tools/list')).result.tools.map((t: { name: string }) => t.name);
      expect(listed).toContain('count_contact_statuses');
      const r = (await tool('count_contact_statuses', {})).result.structuredContent;
      expect(r.results.length).toBeGreaterThan(0);
    } finally {
      await admin(sb, 'PATCH', '/config', { mcp: { extraTools: [] } });
    }
  });
});

describe('Features (public reference: the MCP resource me carries the feature flags)', () => {
  it('me has features.maxActiveContacts per organization, seeded from the config and changed by the admin API', async () => {
    const me = async (key: string) => JSON.parse((await rpc('resources/read', { uri: 'prospecting://me' }, key)).result.contents[0].text);
    expect((await me(sb.apiKey)).features).toEqual({ maxActiveContacts: true, publicApi: true });
    // This sandbox seeded B with the feature on (config.features.B), unlike the default.
    expect((await me(sb.apiKeyB)).features).toEqual({ maxActiveContacts: true, publicApi: false });
    await admin(sb, 'PATCH', '/orgs/B', { maxActiveContactsFeature: false });
    expect((await me(sb.apiKeyB)).features.maxActiveContacts).toBe(false);
  });
});

describe('output schemas of the REST-backed reads', () => {
  it("4.13: every list tool without required arguments answers its outputSchema's fields (or the REST 404 while its route is not built)", async () => {
    const tools = (await rpc('tools/list')).result.tools as { name: string; inputSchema: { required?: string[] }; outputSchema: { required?: string[] } }[];
    // A tool that names its record one of several ways (anyOf forms) needs an argument too.
    const lists = tools.filter((t) => /^list_/.test(t.name) && !t.inputSchema.required?.length && !('anyOf' in t.inputSchema));
    expect(lists.length).toBeGreaterThanOrEqual(8);
    for (const t of lists) {
      const r = (await tool(t.name, {})).result;
      if (r.isError) expect(r.structuredContent).toMatchObject({ status: 404 });
      else for (const f of t.outputSchema.required ?? []) expect(r.structuredContent).toHaveProperty(f);
    }
  });
});
