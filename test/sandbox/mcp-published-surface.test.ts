/**
 * Issue 22, point 1: the sandbox publishes the service's own 54 tool names (public reference, "The 54 MCP tool names")
 * and its resources (me, credits, campaigns/{id}, templates, templates/variables, email-accounts). The five tools
 * that were "REST only" answer exactly what their REST route answers, for the caller, under that route's window.
 */
import type { RunningSandbox } from '../../sandbox/index';
import { publishedToolNames } from '../support/published-tool-names';
import { admin, call, start, window } from './helpers';

let sb: RunningSandbox;
let contactIds: number[];
let campaignId: string;
beforeAll(async () => {
  sb = await start();
  const org = await call('GET', `${sb.v1}/contacts?${window()}`, { key: sb.apiKey });
  contactIds = org.body.data.slice(0, 3).map((c: { contactId: string }) => Number(c.contactId));
  const made = await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey, body: { name: 'Surface', contactIds } });
  campaignId = made.body.data.campaign.campaignId;
});
afterAll(() => sb.close());

let nextId = 1;
const rpc = async (method: string, params?: unknown, key = sb.apiKey) =>
  (await call('POST', sb.mcp, { key, body: { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) } })).body;
const tool = (name: string, args: unknown, key?: string) => rpc('tools/call', { name, arguments: args }, key);

describe('tools/list is the published list', () => {
  it('has exactly the 54 names of the public reference, none other', async () => {
    const listed = ((await rpc('tools/list')).result.tools as { name: string }[]).map((t) => t.name);
    expect(listed).toHaveLength(54);
    expect([...listed].sort()).toEqual([...publishedToolNames()].sort());
  });

  it.each(['get_campaign', 'get_template', 'get_task', 'get_saved_search', 'add_list_contacts', 'list_lists', 'campaign_action', 'preview_email'])(
    'has no tool %s (not a tool of the service): Unknown tool',
    async (name) => {
      expect((await tool(name, {})).error).toMatchObject({ code: -32602, message: `Unknown tool: ${name}` });
    },
  );
});

describe('the tools that were REST only run their REST route', () => {
  const rest = (path: string, key = sb.apiKey) => call('GET', `${sb.v2}${path}`, { key });

  it('list_campaign_contacts and get_campaign_metrics answer the REST data', async () => {
    const contacts = (await tool('list_campaign_contacts', { campaignId })).result.structuredContent;
    expect(contacts.results).toEqual((await rest(`/campaigns/${campaignId}/contacts`)).body.data);
    expect(contacts.results).toHaveLength(3);
    const metrics = (await tool('get_campaign_metrics', { campaignId })).result.structuredContent;
    expect(metrics).toEqual((await rest(`/campaigns/${campaignId}/metrics`)).body.data);
  });

  it('list_email_accounts and list_email_footers answer the REST data, for the calling user', async () => {
    const accounts = (await tool('list_email_accounts', {})).result.structuredContent.results;
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts).toEqual((await rest('/email-accounts')).body.data);
    expect((await tool('list_email_accounts', {}, sb.apiKeyB)).result.structuredContent.results).toEqual((await rest('/email-accounts', sb.apiKeyB)).body.data);
    const footers = (await tool('list_email_footers', { limit: 1 })).result.structuredContent.results;
    expect(footers).toEqual((await rest('/email-footers?limit=1')).body.data);
    expect((await tool('list_email_footers', { limit: 101 })).error.message).toMatch(/^limit: must be <= 100/);
  });

  it("another organization's campaign is the REST 404 as a tool error", async () => {
    const foreign = (await tool('get_campaign_metrics', { campaignId }, sb.apiKeyB)).result;
    expect(foreign.isError).toBe(true);
    expect(foreign.structuredContent).toMatchObject({ status: 404 });
  });

  it("delete_campaign deletes through the REST route and draws from DELETE /v2/campaigns/{id}'s window", async () => {
    const made = await call('POST', `${sb.v2}/campaigns`, { key: sb.apiKey, body: { name: 'To delete' } });
    const id = made.body.data.campaign.campaignId;
    await admin(sb, 'PUT', '/rate-limits', { endpoints: { 'DELETE /v2/campaigns/{id}': 1 } });
    try {
      expect((await tool('delete_campaign', { campaignId: id })).result.isError).toBeUndefined();
      expect((await rest(`/campaigns/${id}`)).status).toBe(404);
      const over = (await tool('delete_campaign', { campaignId: id })).result;
      expect(over.structuredContent.code).toBe('rateLimitExceeded');
    } finally {
      await admin(sb, 'PUT', '/rate-limits', {});
    }
  });
});

describe('resources', () => {
  const read = async (uri: string, key?: string) => rpc('resources/read', { uri }, key);
  const text = async (uri: string, key?: string) => JSON.parse((await read(uri, key)).result.contents[0].text);

  it('resources/list and resources/templates/list name the six resources of the public reference', async () => {
    const fixed = (await rpc('resources/list')).result.resources.map((r: { name: string }) => r.name);
    const templates = (await rpc('resources/templates/list')).result.resourceTemplates;
    expect([...fixed, ...templates.map((t: { name: string }) => t.name)].sort()).toEqual(
      ['campaigns/{id}', 'credits', 'email-accounts', 'me', 'templates', 'templates/variables'].sort(),
    );
    expect(templates).toEqual([expect.objectContaining({ uriTemplate: 'prospecting://campaigns/{id}' })]);
  });

  it('email-accounts, templates and campaigns/{id} read what their REST routes answer', async () => {
    expect((await text('prospecting://email-accounts')).results).toEqual((await call('GET', `${sb.v2}/email-accounts`, { key: sb.apiKey })).body.data);
    expect((await text('prospecting://templates')).results).toEqual((await call('GET', `${sb.v2}/templates`, { key: sb.apiKey })).body.data);
    const campaign = await text(`prospecting://campaigns/${campaignId}`);
    expect(campaign).toEqual((await call('GET', `${sb.v2}/campaigns/${campaignId}`, { key: sb.apiKey })).body.data);
  });

  it('a campaign that is not the caller’s is "resource not found" (-32002); an unknown URI stays -32602', async () => {
    expect((await read(`prospecting://campaigns/${campaignId}`, sb.apiKeyB)).error.code).toBe(-32002);
    expect((await read('prospecting://campaigns/nope')).error.code).toBe(-32002);
    expect((await read('prospecting://campaigns/')).error.code).toBe(-32602);
  });
});
