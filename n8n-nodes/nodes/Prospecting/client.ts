import { createClient, type AsyncHost, type Client, type SettingsInput } from '../../../shared';
import { fingerprint } from '../../../shared/hash';
import { assertConnected } from './connected';
import { n8nHost, type ServiceContext } from './transport';

export type CredentialType = 'prospectingApi' | 'prospectingOAuth2Api' | 'prospectingMcpOAuth2Api';

export interface Connection {
  client: Client;
  host: AsyncHost;
  credentialType: CredentialType;
}

/** The node's Authentication field picks exactly one credential (spec 5.1: never both headers). */
export function credentialTypeOf(ctx: ServiceContext): CredentialType {
  const auth = ctx.getNodeParameter('authentication', 0, 'apiKey') as string;
  if (auth === 'mcpOAuth2') return 'prospectingMcpOAuth2Api';
  return auth === 'oAuth2' ? 'prospectingOAuth2Api' : 'prospectingApi';
}

/**
 * One core client per execution: its pacing windows and credit balance span every item, so item 300
 * waits for the window item 1 saw. The identity (credential type + base URL) keys the pacing state;
 * n8n signs each request itself (`auth.type: 'host'`).
 */
export async function connect(ctx: ServiceContext, settings: SettingsInput = {}): Promise<Connection> {
  const credentialType = credentialTypeOf(ctx);
  const credentials = await ctx.getCredentials(credentialType);
  assertConnected(ctx.getNode(), credentialType, credentials);
  const baseUrlV1 = String(credentials.baseUrlV1 ?? '').replace(/\/+$/, '');
  const baseUrlV2 = String(credentials.baseUrlV2 ?? '').replace(/\/+$/, '');
  // Credentials saved before the MCP URL existed have none: the core's default (the local sandbox) applies.
  const mcpUrl = typeof credentials.mcpUrl === 'string' && credentials.mcpUrl.trim() ? credentials.mcpUrl.trim().replace(/\/+$/, '') : undefined;
  const client = createClient({
    auth: { type: 'host', identity: `${credentialType}:${fingerprint(`${baseUrlV2}|${String(credentials.apiKey ?? credentials.clientId ?? '')}`)}` },
    // The MCP credential names only the MCP endpoint: it is used for the MCP operations alone.
    settings: { ...settings, ...(credentialType === 'prospectingMcpOAuth2Api' ? {} : { baseUrlV1, baseUrlV2 }), ...(mcpUrl ? { mcpUrl } : {}) },
  });
  return { client, host: n8nHost(ctx, credentialType, credentialType !== 'prospectingApi'), credentialType };
}
