import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

/**
 * OAuth 2.0 for the MCP endpoint (spec 5.7): authorization code with PKCE at `{mcp_base}/mcp/authorize` and
 * `{mcp_base}/mcp/token`, scope `mcp.all`. A credential of its own because the MCP endpoint refuses main-API tokens
 * and the main API refuses MCP tokens (403 insufficientScope); n8n runs the consent and the refresh as for the other.
 */
export class ProspectingMcpOAuth2Api implements ICredentialType {
  name = 'prospectingMcpOAuth2Api';

  extends = ['oAuth2Api'];

  displayName = 'Prospecting MCP OAuth2 API';

  icon: Icon = { light: 'file:../nodes/Prospecting/prospecting.svg', dark: 'file:../nodes/Prospecting/prospecting.dark.svg' };

  // Its README section; build.mjs stamps the README's address (the .invalid host is never a link users get).
  documentationUrl = 'http://readme.invalid/n8n-nodes-prospecting#prospecting-mcp-oauth2-api';

  properties: INodeProperties[] = [
    {
      displayName: 'MCP URL',
      name: 'mcpUrl',
      type: 'string',
      default: 'http://127.0.0.1:8787/mcp',
      required: true,
      description: 'The MCP endpoint, {mcp_base}/mcp; its sign-in page and token route are /mcp/authorize and /mcp/token',
    },
    { displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'pkce' },
    {
      displayName: 'Authorization URL',
      name: 'authUrl',
      type: 'hidden',
      default: '={{$self["mcpUrl"].replace(/\\/+$/, "")}}/authorize',
    },
    {
      displayName: 'Access Token URL',
      name: 'accessTokenUrl',
      type: 'hidden',
      default: '={{$self["mcpUrl"].replace(/\\/+$/, "")}}/token',
    },
    // Spec 5.7: one scope, full MCP access.
    { displayName: 'Scope', name: 'scope', type: 'hidden', default: 'mcp.all' },
    { displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'hidden', default: '' },
    { displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'body' },
  ];

  // A ping costs nothing and proves the token is accepted on /mcp.
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.mcpUrl}}',
      url: '',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    },
  };
}
