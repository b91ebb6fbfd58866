import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

/** Picks exactly one credential: an API key or OAuth2, never both (spec 5.1). */
export const authenticationProperty: INodeProperties = {
  displayName: 'Authentication',
  name: 'authentication',
  type: 'options',
  options: [
    { name: 'API Key', value: 'apiKey' },
    { name: 'OAuth2', value: 'oAuth2' },
    // Spec 5.7: a token of scope mcp.all, good for the MCP operations (MCP Tool, Feature) only.
    { name: 'MCP OAuth2 (MCP Operations Only)', value: 'mcpOAuth2' },
  ],
  default: 'apiKey',
};

export const credentialsDescription: INodeCredentialDescription[] = [
  { name: 'prospectingApi', required: true, displayOptions: { show: { authentication: ['apiKey'] } } },
  { name: 'prospectingOAuth2Api', required: true, displayOptions: { show: { authentication: ['oAuth2'] } } },
  // The MCP endpoint has its own OAuth (spec 5.7: /mcp/authorize, /mcp/token, scope mcp.all): its own credential.
  { name: 'prospectingMcpOAuth2Api', required: true, displayOptions: { show: { authentication: ['mcpOAuth2'] } } },
];
