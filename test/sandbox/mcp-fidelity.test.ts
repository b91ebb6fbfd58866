/** MCP transport details (spec 4.13; JSON-RPC 2.0; MCP tool annotations and output schemas). */
import type { RunningSandbox } from '../../sandbox/index';
import { call, start } from './helpers';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.close());

const send = (message: unknown) => call('POST', sb.mcp, { key: sb.apiKey, body: message });
const rpc = async (method: string, params?: unknown, id: string | number = 'x1') =>
  (await send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })).body;

describe('JSON-RPC 2.0 envelope (spec 4.13)', () => {
  it('4.13: a string id is echoed; a null or object id is -32600 (MCP forbids null ids)', async () => {
    expect((await rpc('ping', undefined, 'abc')).id).toBe('abc');
    expect((await send({ jsonrpc: '2.0', id: null, method: 'ping' })).body.error.code).toBe(-32600);
    expect((await send({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' })).body.error.code).toBe(-32600);
  });

  it('JSON-RPC: a notification (no id) gets 202 and no body, even for an unknown method', async () => {
    for (const method of ['notifications/initialized', 'nope']) {
      const r = await send({ jsonrpc: '2.0', method });
      expect(r.status).toBe(202);
      expect(r.text).toBe('');
    }
  });

  it('JSON-RPC: params that are not an object, and arguments null or not an object, are -32602', async () => {
    expect((await rpc('tools/list', [1, 2])).error.code).toBe(-32602);
    for (const args of [null, 'x', [1]]) expect((await rpc('tools/call', { name: 'get_credits', arguments: args })).error.code).toBe(-32602);
    expect((await rpc('tools/call', { name: 'get_credits' })).result.structuredContent).toEqual({ balance: expect.any(Number) });
  });

  it('4.13: an argument the inputSchema does not declare (additionalProperties: false) is -32602', async () => {
    const r = await rpc('tools/call', { name: 'search_contacts', arguments: { pageSize: 5 } });
    expect(r.error.code).toBe(-32602);
    expect(r.error.message).toMatch(/^pageSize/);
  });

  it('JSON-RPC: an empty or non-JSON body is a parse error with id null', async () => {
    const r = await call('POST', sb.mcp, { key: sb.apiKey, rawBody: 'not json', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });
});

describe('tools (spec 4.13: annotations and output schemas)', () => {
  // The nine search, research and org-read tools; the REST-backed ones (writes too) are covered in mcp-tools.test.ts.
  const NINE = ['search_contacts', 'search_companies', 'research_contacts', 'poll_contact_research', 'research_companies', 'poll_company_research'];
  NINE.push('get_credits', 'get_my_contacts', 'get_my_companies');

  it('4.13: annotations are the four booleans and say what each tool does: reads are read-only, research spends', async () => {
    const tools = ((await rpc('tools/list')).result.tools as { name: string; annotations: Record<string, unknown> }[]).filter((t) => NINE.includes(t.name));
    expect(tools).toHaveLength(9);
    for (const t of tools) {
      for (const h of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) expect(typeof t.annotations[h]).toBe('boolean');
      const spends = t.name.startsWith('research_');
      expect(t.annotations.readOnlyHint).toBe(!spends);
      expect(t.annotations.destructiveHint).toBe(false);
      // Research is not idempotent: a repeat after the dedupe window costs credits again.
      expect(t.annotations.idempotentHint).toBe(!spends);
    }
  });

  it("4.13: each tool's structuredContent has the fields its outputSchema requires", async () => {
    const tools = ((await rpc('tools/list')).result.tools as { name: string; outputSchema: { required?: string[] } }[]).filter((t) => NINE.includes(t.name));
    expect(tools).toHaveLength(9);
    const args: Record<string, unknown> = {
      search_contacts: { limit: 1 },
      search_companies: { limit: 1 },
      poll_contact_research: { requestIds: ['x'] },
      poll_company_research: { requestIds: ['x'] },
      get_credits: {},
      get_my_contacts: { limit: 1 },
      get_my_companies: { limit: 1 },
      research_contacts: { contacts: [{ email: 'nobody@nowhere.example' }] },
      research_companies: { companies: [{ companyName: 'Nobody Co' }] },
    };
    for (const t of tools) {
      const r = await rpc('tools/call', { name: t.name, arguments: args[t.name] ?? {} });
      expect(r.result.isError).toBeUndefined();
      for (const f of t.outputSchema.required ?? []) expect(r.result.structuredContent).toHaveProperty(f);
    }
  });
});
