/**
 * Issue 11, "MCP tool call" in n8n: the action node's "Call an MCP Tool" through Prospecting.execute() in n8n's
 * ExecuteContext against the sandbox. The tool list comes from the live tools/list (loadOptions, with descriptions),
 * arguments are checked against the tool's inputSchema before sending (the error names the item and the argument
 * path), the output is structuredContent, items are paired, Continue On Fail works, and a tool added to the service
 * at test time is usable with no code change. Also the MCP OAuth2 credential (scope mcp.all, spec 5.7).
 */
import { LoadOptionsContext } from 'n8n-core';
import { NodeOperationError, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { getMcpTools } from '../../n8n-nodes/nodes/Prospecting/mcp';
import { mcpAccessToken } from '../support/mcp-token';
import { additionalData, credentialClasses, executeNode, makeNode, workflowFor } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

const callTool = (tool: string, args: unknown, extra: Partial<Parameters<typeof executeNode>[0]> = {}) =>
  executeNode({
    parameters: { resource: 'mcp', operation: 'callTool', tool, arguments: typeof args === 'string' ? args : JSON.stringify(args) } as INodeParameters,
    credentials: env.credentials,
    ...extra,
  });

async function loadTools(parameters: INodeParameters = { resource: 'mcp', operation: 'callTool' }) {
  const node = makeNode('prospecting', { parameters, credentials: env.credentials });
  const workflow = workflowFor(node);
  const context = new LoadOptionsContext(workflow, workflow.getNode(node.name)!, additionalData(env.credentials), 'parameters.tool');
  return await getMcpTools.call(context);
}

async function failure(p: Promise<unknown>): Promise<NodeOperationError> {
  try {
    await p;
  } catch (e) {
    return e as NodeOperationError;
  }
  throw new Error('expected a failure');
}

describe('Call an MCP Tool', () => {
  it('offers the tools of the live tools/list, each with its description (loadOptions)', async () => {
    const options = await loadTools();
    expect(options).toHaveLength(54);
    expect(options.find((o) => o.value === 'create_list')).toEqual({ name: 'create_list', value: 'create_list', description: expect.stringMatching(/list/i) });
  });

  it('one call per item, paired; the output is structuredContent; the tool list is read once per execution', async () => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const out = await executeNode({
      parameters: { resource: 'mcp', operation: 'callTool', tool: 'create_list', arguments: '={{ JSON.stringify({ name: $json.name }) }}' },
      credentials: env.credentials,
      items: [{ json: { name: 'MCP one' } }, { json: { name: 'MCP two' } }],
    });
    expect(out.map((i) => (i.json as IDataObject).name)).toEqual(['MCP one', 'MCP two']);
    expect(out.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
    const counts = await requestCounts(env.sandbox);
    expect(countOf(counts, 'POST /mcp')).toBe(3);
    const lists = await callTool('get_lists', {});
    expect(((lists[0].json as IDataObject).results as IDataObject[]).map((l) => l.name)).toEqual(expect.arrayContaining(['MCP one', 'MCP two']));
  });

  it('arguments that break the inputSchema are refused before sending, naming the item and the argument path', async () => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const error = await failure(
      executeNode({
        parameters: { resource: 'mcp', operation: 'callTool', tool: 'create_campaign', arguments: '={{ JSON.stringify($json.args) }}' },
        credentials: env.credentials,
        items: [{ json: { args: { name: 'ok' } } }, { json: { args: { name: 'x', steps: [{ type: 'call', dueDay: 0 }] } } }],
      }),
    );
    expect(error.message).toMatch(/arguments\.steps\[0\]\.dueDay: must be at least 1/);
    expect(error.context.itemIndex).toBe(1);
    expect(error.description).toMatch(/Fix arguments\.steps\[0\]\.dueDay/);
    // Item 0 was sent (one campaign made); item 1 never reached tools/call.
    const counts = await requestCounts(env.sandbox);
    expect(countOf(counts, 'POST /mcp')).toBe(2);
  });

  it.each([
    ['not JSON', '{name: x}', /arguments: .*JSON/],
    ['an array', '[1]', /arguments: must be a JSON object, not an array/],
    ['an unknown tool', { name: 'x' }, /tool: no tool "make_lists" on the service/],
  ])('Continue On Fail: %s becomes an error item paired to its input', async (_label, args, message) => {
    const out = await callTool(_label === 'an unknown tool' ? 'make_lists' : 'create_list', args, { continueOnFail: true, items: [{ json: {} }] });
    expect(out).toHaveLength(1);
    expect((out[0].json as IDataObject).error).toMatch(message);
    expect(out[0].pairedItem).toEqual({ item: 0 });
  });

  it("a tool's own error (isError) is an error item with the service's message under Continue On Fail", async () => {
    const out = await callTool('get_campaign_metrics', { campaignId: 'nope' }, { continueOnFail: true });
    expect(out[0].json).toMatchObject({ error: expect.stringMatching(/get_campaign_metrics: the tool answered an error: No campaign nope/), status: 404 });
  });

  it('a tool added to the service at test time is offered and callable with no code change', async () => {
    const spec = {
      name: 'list_contact_statuses',
      title: 'Contact statuses',
      description: 'The contact statuses of the organization (added at test time).',
      kind: 'read',
      method: 'GET',
      path: '/contact-statuses',
      returns: 'list',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    };
    await admin(env.sandbox, 'PATCH', '/config', { mcp: { extraTools: [spec] } });
    try {
      expect((await loadTools()).map((o) => o.value)).toContain('list_contact_statuses');
      const out = await callTool('list_contact_statuses', {});
      expect(((out[0].json as IDataObject).results as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await admin(env.sandbox, 'PATCH', '/config', { mcp: { extraTools: [] } });
    }
  });

  it('List MCP Tools and Get Features are operations of their own', async () => {
    const tools = await executeNode({ parameters: { resource: 'mcp', operation: 'listTools', returnAll: true }, credentials: env.credentials });
    expect(tools).toHaveLength(54);
    const features = await executeNode({ parameters: { resource: 'features', operation: 'get' }, credentials: env.credentials });
    expect(features[0].json).toMatchObject({ maxActiveContacts: true });
  });

  it('campaign create with maxActiveContacts is refused before sending when the feature is off (organization B)', async () => {
    const b = { prospectingApi: { ...env.apiKeyCredential, apiKey: env.sandbox.apiKeyB } };
    await admin(env.sandbox, 'DELETE', '/requests');
    const error = await failure(
      executeNode({ parameters: { resource: 'campaigns', operation: 'create', name: 'Capped', additionalFields: { maxActiveContacts: 5 } }, credentials: b }),
    );
    expect(error.message).toMatch(/maxActiveContacts: needs the Max Active Contacts feature/);
    expect(countOf(await requestCounts(env.sandbox), 'POST /v2/campaigns')).toBe(0);
  });

  it('spec 5.7: Authentication "MCP OAuth2" signs with the MCP OAuth2 credential (PKCE, scope mcp.all)', async () => {
    const mcpCredential = credentialClasses.prospectingMcpOAuth2Api;
    const props = Object.fromEntries(mcpCredential.properties.map((p) => [p.name, p.default]));
    expect(props).toMatchObject({ grantType: 'pkce', scope: 'mcp.all' });
    expect(mcpCredential.extends).toEqual(['oAuth2Api']);
    const token = await mcpAccessToken(env.sandbox);
    const credentials = {
      prospectingMcpOAuth2Api: {
        mcpUrl: env.sandbox.mcp,
        clientId: env.sandbox.oauth.clientId,
        clientSecret: '',
        accessTokenUrl: `${env.sandbox.mcp}/token`,
        authUrl: `${env.sandbox.mcp}/authorize`,
        grantType: 'pkce',
        scope: 'mcp.all',
        authentication: 'body',
        oauthTokenData: { access_token: token, refresh_token: 'unused', token_type: 'Bearer' },
      },
    };
    const out = await executeNode({
      parameters: { authentication: 'mcpOAuth2', resource: 'mcp', operation: 'callTool', tool: 'get_credits', arguments: '{}' },
      credentials,
    });
    expect(out[0].json).toEqual({ balance: expect.any(Number) });
  });
});

describe('credentials and the MCP endpoint (spec 5.7)', () => {
  it('an MCP operation with the main OAuth2 credential is refused before sending, naming what to pick', async () => {
    const error = await failure(
      executeNode({
        parameters: { authentication: 'oAuth2', resource: 'mcp', operation: 'callTool', tool: 'get_credits', arguments: '{}' },
        credentials: { prospectingOAuth2Api: { baseUrlV1: env.sandbox.v1, baseUrlV2: env.sandbox.v2, oauthTokenData: { access_token: 'main-token' } } },
      }),
    );
    expect(error.message).toMatch(/does not take this OAuth2 credential.*Set Authentication to API Key or MCP OAuth2. Nothing was sent./);
  });
});
