import type { RunningSandbox } from '../../sandbox/index';
import { admin, call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

let nextId = 1;
const rpc = (method: string, params?: unknown, key = sb.apiKey) =>
  call('POST', sb.mcp, { key, body: { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) } });
const tool = async (name: string, args: unknown) => (await rpc('tools/call', { name, arguments: args })).body;

describe('MCP (spec 4.13, 5.7; public reference: MCP)', () => {
  it('4.13: tools/list gives name, description, inputSchema, outputSchema and the four boolean annotations', async () => {
    const r = await rpc('tools/list');
    expect(r.status).toBe(200);
    expect(r.body.jsonrpc).toBe('2.0');
    const names = r.body.result.tools.map((t: { name: string }) => t.name);
    for (const n of [
      'search_contacts',
      'search_companies',
      'research_contacts',
      'poll_contact_research',
      'research_companies',
      'poll_company_research',
      'get_credits',
      'get_my_contacts',
      'get_my_companies',
    ])
      expect(names).toContain(n);
    for (const t of r.body.result.tools) {
      expect(typeof t.description).toBe('string');
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema.type).toBe('object');
      for (const h of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) expect(typeof t.annotations[h]).toBe('boolean');
    }
    const search = r.body.result.tools.find((t: { name: string }) => t.name === 'search_contacts');
    expect(search.outputSchema.required).toEqual(['results']);
    expect(search.annotations.readOnlyHint).toBe(true);
  });

  it('4.13: search_contacts returns result.structuredContent with results and pagination', async () => {
    const res = await tool('search_contacts', { seniority: ['VP'], limit: 3 });
    expect(res.result.structuredContent.results).toHaveLength(3);
    expect(res.result.structuredContent.pagination).toMatchObject({ perPage: 3, isMore: true });
    expect(res.result.content[0].type).toBe('text');
    const companies = await tool('search_companies', { limit: 2 });
    expect(companies.result.structuredContent.results).toHaveLength(2);
  });

  it('4.13 / 8: research_contacts with waitForResults spends credits like REST and returns final statuses; poll_contact_research agrees', async () => {
    const before = (await tool('get_credits', {})).result.structuredContent.balance;
    const ids = (await tool('search_contacts', { seniority: ['Director'], department: ['Finance'], limit: 2 })).result.structuredContent.results.map(
      (r: { searchResultId: string }) => r.searchResultId,
    );
    const res = await tool('research_contacts', { searchResultIds: ids, skipDeduplicationCheck: true, waitForResults: true });
    const out = res.result.structuredContent;
    expect(out.requestIds).toHaveLength(2);
    expect(out.complete).toBe(true);
    expect(out.results.map((r: { status: string }) => r.status)).toEqual(['done', 'done']);
    expect((await tool('get_credits', {})).result.structuredContent.balance).toBe(before - 2);
    const polled = await tool('poll_contact_research', { requestIds: out.requestIds });
    expect(polled.result.structuredContent.results[0].contact.apiResearchId).toBe(out.requestIds[0]);
    const mine = await tool('get_my_contacts', { limit: 500 });
    expect(mine.result.structuredContent.results.some((c: { apiResearchId: string }) => c.apiResearchId === out.requestIds[1])).toBe(true);
    const rest = await call('GET', `${sb.v2}/credits`, { key: sb.apiKey });
    expect(rest.body.data.balance).toBe(before - 2);
  });

  it('7 / 4.13: research_companies and get_my_companies share the REST rules (org B: missingLicense as a tool error)', async () => {
    const res = await (await rpc('tools/call', { name: 'research_companies', arguments: { companies: [{ domain: 'x.example' }] } }, sb.apiKeyB)).body;
    expect(res.result.isError).toBe(true);
    expect(res.result.structuredContent.code).toBe('missingLicense');
    expect((await tool('get_my_companies', {})).result.structuredContent.results.length).toBeGreaterThan(0);
  });

  it('4.13: resources/list and resources/read for me and credits', async () => {
    const list = (await rpc('resources/list')).body.result.resources.map((r: { uri: string }) => r.uri);
    expect(list).toEqual(expect.arrayContaining(['prospecting://me', 'prospecting://credits']));
    const me = (await rpc('resources/read', { uri: 'prospecting://me' })).body.result.contents[0];
    expect(JSON.parse(me.text).email).toBe(sb.user.email);
    const credits = (await rpc('resources/read', { uri: 'prospecting://credits' })).body.result.contents[0];
    expect(typeof JSON.parse(credits.text).balance).toBe('number');
  });

  it('4.13 / JSON-RPC 2.0: -32700 parse, -32600 invalid request, -32601 method not found, -32602 invalid params', async () => {
    const parse = await call('POST', sb.mcp, { key: sb.apiKey, rawBody: '{"jsonrpc":', headers: { 'content-type': 'application/json' } });
    expect(parse.body.error.code).toBe(-32700);
    expect(parse.body.id).toBeNull();
    expect((await call('POST', sb.mcp, { key: sb.apiKey, body: { jsonrpc: '1.0', id: 1, method: 'tools/list' } })).body.error.code).toBe(-32600);
    expect((await call('POST', sb.mcp, { key: sb.apiKey, body: { jsonrpc: '2.0', id: 1 } })).body.error.code).toBe(-32600);
    const nf = await rpc('tools/frobnicate');
    expect(nf.body.error.code).toBe(-32601);
    expect((await rpc('tools/call', { name: 'no_such_tool', arguments: {} })).body.error.code).toBe(-32602);
    const badArgs = await rpc('tools/call', { name: 'search_contacts', arguments: { limit: 0 } });
    expect(badArgs.body.error.code).toBe(-32602);
    expect(badArgs.body.error.message).toMatch(/^limit/);
    expect((await rpc('tools/call', { name: 'poll_contact_research', arguments: {} })).body.error.code).toBe(-32602);
    expect((await rpc('resources/read', { uri: 'prospecting://nope' })).body.error.code).toBe(-32602);
  });

  it('1.6 / 8: MCP tool calls draw from the rate-limit window of the REST endpoint they mirror', async () => {
    await admin(sb, 'PUT', '/rate-limits', { endpoints: { 'POST /v2/search/contacts': 2 } });
    await admin(sb, 'PUT', '/rate-limits', {});
    const a = await tool('search_contacts', { limit: 1 });
    expect(a.result.isError).toBeUndefined();
    const rest = await call('POST', `${sb.v2}/search/contacts`, { key: sb.apiKey, body: { limit: 1 } });
    expect(rest.headers.get('x-ratelimit-remaining')).toBe('0');
    const over = await tool('search_contacts', { limit: 1 });
    expect(over.result.isError).toBe(true);
    expect(over.result.structuredContent.code).toBe('rateLimitExceeded');
  });
});
