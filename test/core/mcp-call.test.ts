/**
 * Issue 11, "MCP tool call" and "Features", through the core against the sandbox: the tool list is the service's
 * live tools/list, arguments are checked against the tool's inputSchema before anything is sent (errors name the
 * argument path and rule), the answer is structuredContent, a tool error or JSON-RPC error is a clear error, and MCP
 * requests are signed and paced like every other call (window `POST /mcp`).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
  AuthError,
  call,
  createClient,
  McpError,
  operation,
  runAsync,
  ValidationError,
  type AsyncHost,
  type Client,
  type Flow,
  type HttpRequest,
} from '../../shared';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { mcpAccessToken } from '../support/mcp-token';

let sb: RunningSandbox;
const sent: HttpRequest[] = [];
const base = nodeFetchHost();
const host: AsyncHost = {
  ...base,
  fetch: async (request) => {
    sent.push(request);
    return await base.fetch(request);
  },
};
const run = <T>(flow: Flow<T>) => runAsync(flow, host);
const clientFor = (apiKey: string): Client =>
  createClient({ auth: { type: 'apiKey', apiKey }, settings: { baseUrlV1: sb.v1, baseUrlV2: sb.v2, mcpUrl: sb.mcp, retryBackoffMs: 0 } });
const rpcMethods = () => sent.filter((r) => r.endpoint === 'POST /mcp').map((r) => JSON.parse(r.body!) as { method: string; params?: { name?: string } });

beforeAll(async () => {
  sb = await startSandbox({ port: 0, contacts: 300, companies: 60, log: () => undefined });
});
afterAll(() => sb.close());
beforeEach(() => {
  sent.length = 0;
});

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
}

describe('List MCP tools (mcp.listTools)', () => {
  it("reads the service's live tools/list: names, descriptions and input schemas", async () => {
    const tools = (await run(call(clientFor(sb.apiKey), operation('mcp.listTools'), {}))) as { name: string; description: string; inputSchema: object }[];
    expect(tools.length).toBe(54);
    expect(tools.find((t) => t.name === 'create_list')).toMatchObject({ description: expect.any(String), inputSchema: { type: 'object' } });
    expect(rpcMethods().map((m) => m.method)).toEqual(['tools/list']);
  });
});

describe('Call an MCP tool (mcp.callTool)', () => {
  it('answers structuredContent; the tool list is read once per client, then each call is one tools/call', async () => {
    const client = clientFor(sb.apiKey);
    const made = (await run(call(client, operation('mcp.callTool'), { tool: 'create_list', arguments: { name: 'Core MCP' } }))) as {
      listId: string;
      name: string;
    };
    expect(made.name).toBe('Core MCP');
    const lists = (await run(call(client, operation('mcp.callTool'), { tool: 'get_lists' }))) as { results: { listId: string }[] };
    expect(lists.results.map((l) => l.listId)).toContain(made.listId);
    expect(rpcMethods().map((m) => `${m.method}${m.params?.name ? ` ${m.params.name}` : ''}`)).toEqual([
      'tools/list',
      'tools/call create_list',
      'tools/call get_lists',
    ]);
    // Paced like every call: the pacer keeps the MCP endpoint's window for this credential.
    expect(Object.keys(client.state.pacing).some((k) => k.endsWith('|POST /mcp'))).toBe(true);
  });

  it.each([
    [{ tool: 'create_campaign', arguments: { name: 'x', steps: [{ type: 'call', dueDay: 0 }] } }, 'arguments.steps[0].dueDay', 'must be at least 1'],
    [{ tool: 'create_list', arguments: { name: 'x', colour: 'red' } }, 'arguments.colour', 'is not an argument of this tool (this tool takes: name)'],
    [{ tool: 'create_list', arguments: {} }, 'arguments.name', 'is required'],
    [{ tool: 'execute_campaign_action', arguments: { campaignId: '1', action: 'STOP' } }, 'arguments.action', 'must be one of "START"'],
    [{ tool: 'list_campaigns', arguments: { limit: '5' } }, 'arguments.limit', 'must be a whole number, not string'],
    [{ tool: 'no_such_tool', arguments: {} }, 'tool', 'no tool "no_such_tool" on the service'],
  ])('refuses %j before calling the tool, naming %s', async (input, field, rule) => {
    const error = (await failure(run(call(clientFor(sb.apiKey), operation('mcp.callTool'), input)))) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain(`${field}: ${rule}`);
    expect(error.issues[0].field).toBe(field);
    expect(rpcMethods().filter((m) => m.method === 'tools/call')).toEqual([]);
  });

  it('a tool error (isError) is an McpError with the service message; the same refusal REST gives', async () => {
    const client = clientFor(sb.apiKey);
    const created = (await run(call(client, operation('mcp.callTool'), { tool: 'create_campaign', arguments: { name: 'Refusals' } }))) as {
      campaign: { campaignId: string };
    };
    const error = (await failure(
      run(
        call(client, operation('mcp.callTool'), { tool: 'execute_campaign_action', arguments: { campaignId: created.campaign.campaignId, action: 'RESUME' } }),
      ),
    )) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.message).toMatch(/^Call an MCP tool execute_campaign_action: the tool answered an error: /);
    expect(error.status).toBe(409);
    expect(error.serviceMessage).toBeTruthy();
  });

  it('a JSON-RPC -32602 from the service (a rule the core does not check, such as a date format) is a ValidationError with its words', async () => {
    const error = (await failure(
      run(call(clientFor(sb.apiKey), operation('mcp.callTool'), { tool: 'update_task', arguments: { taskId: '1', dueAt: 'next tuesday' } })),
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/refused the arguments: dueAt: must match format "date-time"/);
  });

  it('a read-only tool is repeated after a 500; a tool that acts is not', async () => {
    const client = clientFor(sb.apiKey);
    await run(call(client, operation('mcp.listTools'), {}));
    const arm = (count: number) =>
      fetch(`${sb.admin}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: 'POST /mcp', kind: 'error500', count }),
      });
    await arm(1);
    expect(await run(call(client, operation('mcp.callTool'), { tool: 'get_lists' }))).toHaveProperty('results');
    await arm(1);
    sent.length = 0;
    const error = await failure(run(call(client, operation('mcp.callTool'), { tool: 'create_list', arguments: { name: 'once' } })));
    expect(error.message).toMatch(/not repeated/);
    expect(rpcMethods()).toHaveLength(1);
  });

  it('spec 5.7: signs with an MCP bearer token (scope mcp.all); a main-API OAuth connection is refused before sending', async () => {
    const token = await mcpAccessToken(sb);
    const bearer = createClient({ auth: { type: 'bearer', accessToken: token }, settings: { mcpUrl: sb.mcp } });
    expect(await run(call(bearer, operation('mcp.callTool'), { tool: 'get_credits' }))).toEqual({ balance: expect.any(Number) });
    expect(sent.find((r) => r.endpoint === 'POST /mcp')!.headers.authorization).toBe(`Bearer ${token}`);
    sent.length = 0;
    const oauth = createClient({
      auth: { type: 'oauth2', clientId: sb.oauth.clientId, clientSecret: sb.oauth.clientSecret, redirectUri: sb.oauth.redirectUri, storeKey: 'k' },
      settings: { mcpUrl: sb.mcp },
    });
    const error = await failure(run(call(oauth, operation('mcp.callTool'), { tool: 'get_credits' })));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toMatch(/scope mcp.all/);
    expect(sent).toEqual([]);
  });

  it('a tool the service adds while the client lives is found (the list is read again for a name it does not know)', async () => {
    const client = clientFor(sb.apiKey);
    await run(call(client, operation('mcp.listTools'), {}));
    const spec = {
      name: 'list_contact_statuses',
      title: 'Contact statuses',
      description: 'Added later.',
      kind: 'read',
      method: 'GET',
      path: '/contact-statuses',
      returns: 'list',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    };
    await fetch(`${sb.admin}/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mcp: { extraTools: [spec] } }),
    });
    try {
      const out = (await run(call(client, operation('mcp.callTool'), { tool: 'list_contact_statuses' }))) as { results: unknown[] };
      expect(out.results.length).toBeGreaterThan(0);
    } finally {
      await fetch(`${sb.admin}/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mcp: { extraTools: [] } }),
      });
    }
  });
});

describe('Features (features.get) and the campaign pre-check (spec 3 rule 2)', () => {
  it("reads the organization's flags from the me resource", async () => {
    expect(await run(call(clientFor(sb.apiKey), operation('features.get'), {}))).toMatchObject({ maxActiveContacts: true });
    expect(await run(call(clientFor(sb.apiKeyB), operation('features.get'), {}))).toMatchObject({ maxActiveContacts: false });
  });

  it('campaign create with maxActiveContacts is refused up front when the feature is off: no campaign request is sent', async () => {
    const error = (await failure(
      run(call(clientFor(sb.apiKeyB), operation('campaigns.create'), { name: 'Capped', maxActiveContacts: 10 })),
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^Create campaign: maxActiveContacts: needs the Max Active Contacts feature, which is not enabled/);
    expect(error.issues[0].field).toBe('maxActiveContacts');
    expect(sent.filter((r) => r.endpoint === 'POST /v2/campaigns')).toEqual([]);
  });

  it('with the feature on it is sent; without maxActiveContacts no flags are read', async () => {
    const created = (await run(call(clientFor(sb.apiKey), operation('campaigns.create'), { name: 'Capped A', maxActiveContacts: 10 }))) as {
      campaign: { maxActiveContacts: number };
    };
    expect(created.campaign.maxActiveContacts).toBe(10);
    sent.length = 0;
    await run(call(clientFor(sb.apiKeyB), operation('campaigns.create'), { name: 'Uncapped B' }));
    expect(sent.map((r) => r.endpoint)).toEqual(['POST /v2/campaigns']);
  });

  it('when the flags cannot be read (no MCP access) the create is sent and the service answers its own error', async () => {
    const client = createClient({
      auth: { type: 'apiKey', apiKey: sb.apiKeyB },
      settings: { baseUrlV2: sb.v2, mcpUrl: `${sb.v2}/no-mcp-here`, retryBackoffMs: 0 },
    });
    const error = await failure(run(call(client, operation('campaigns.create'), { name: 'Capped', maxActiveContacts: 10 })));
    expect(error.message).toMatch(/Max Active Contacts feature/);
    expect(sent.filter((r) => r.endpoint === 'POST /v2/campaigns')).toHaveLength(1);
  });
});

describe('the MCP address', () => {
  it('without settings.mcpUrl the v2 base URL host + /mcp is used (the sandbox serves both on one port)', async () => {
    const client = createClient({ auth: { type: 'apiKey', apiKey: sb.apiKey }, settings: { baseUrlV2: sb.v2 } });
    expect(await run(call(client, operation('features.get'), {}))).toMatchObject({ maxActiveContacts: true });
    expect(sent.find((r) => r.endpoint === 'POST /mcp')!.url).toBe(sb.mcp);
  });
});
