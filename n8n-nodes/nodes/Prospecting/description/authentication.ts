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

/**
 * The label of the node's credential field. n8n hides the Authentication field when a node's credentials all hang on
 * it (its "mixed" mode, 1.x and 2.x alike) and offers every kind in this one field, labelled "Credential to connect
 * with" on 1.x and "Credential" on 2.x. Naming it here (`displayName`) makes the label the same on both, so messages
 * can send the user to a field they can see.
 */
export const CREDENTIAL_FIELD_LABEL = 'Credential to connect with';

/**
 * The API key comes last on purpose. n8n 1.x's editor gives a node opened without a credential the "most recently
 * updated" of every credential its Authentication field can pick, but 1.x's `GET /rest/credentials/for-workflow` sends
 * no `updatedAt`, so every comparison is a tie and the last option wins: the last credential of the last type listed
 * here. Listed MCP OAuth2, OAuth2, API key, a user's API-key credential is that default (it works at once; an OAuth2
 * one needs Connect first), and of the two OAuth2 kinds the one good for every operation. n8n 2.x compares real dates.
 */
export const credentialsDescription: INodeCredentialDescription[] = [
  // The MCP endpoint has its own OAuth (spec 5.7: /mcp/authorize, /mcp/token, scope mcp.all): its own credential.
  { name: 'prospectingMcpOAuth2Api', displayName: CREDENTIAL_FIELD_LABEL, required: true, displayOptions: { show: { authentication: ['mcpOAuth2'] } } },
  { name: 'prospectingOAuth2Api', displayName: CREDENTIAL_FIELD_LABEL, required: true, displayOptions: { show: { authentication: ['oAuth2'] } } },
  { name: 'prospectingApi', displayName: CREDENTIAL_FIELD_LABEL, required: true, displayOptions: { show: { authentication: ['apiKey'] } } },
];
