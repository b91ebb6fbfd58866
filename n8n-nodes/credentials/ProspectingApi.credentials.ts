import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';
import { baseUrlProperties } from './base-urls';

/** API key credential: the key goes in the `Token` header (spec 5), never beside a bearer token. */
export class ProspectingApi implements ICredentialType {
  name = 'prospectingApi';

  displayName = 'Prospecting API';

  icon: Icon = { light: 'file:../nodes/Prospecting/prospecting.svg', dark: 'file:../nodes/Prospecting/prospecting.dark.svg' };

  // Its README section; build.mjs stamps the README's address (the .invalid host is never a link users get).
  documentationUrl = 'http://readme.invalid/n8n-nodes-prospecting#prospecting-api';

  properties: INodeProperties[] = [
    {
      displayName: 'API Key',
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      required: true,
      description: 'Created in the service under Settings > Public API > API Key > Create New Connection',
    },
    ...baseUrlProperties,
    {
      displayName: 'MCP URL',
      name: 'mcpUrl',
      type: 'string',
      default: '',
      placeholder: 'http://127.0.0.1:8787/mcp',
      description: 'The MCP endpoint, {mcp_base}/mcp, for MCP tool calls and the feature flags (same key). Empty: the host of the v2 base URL + /mcp.',
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: {
      headers: {
        Token: '={{$credentials.apiKey}}',
      },
    },
  };

  // Free and harmless: reads the user the key belongs to (spec 8: no credits).
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrlV2}}',
      url: '/oauth/me',
      method: 'GET',
    },
  };
}
