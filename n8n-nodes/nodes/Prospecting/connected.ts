import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { CREDENTIAL_FIELD_LABEL } from './description/authentication';

const CREDENTIAL_NAMES: Readonly<Record<string, string>> = {
  prospectingOAuth2Api: 'Prospecting OAuth2 API',
  prospectingMcpOAuth2Api: 'Prospecting MCP OAuth2 API',
};

/**
 * An OAuth2 credential that was saved but never connected has no token: n8n would fail each request with
 * "Unable to sign without access token", which the core reads as a lost connection and tries three times. Refuse
 * before sending instead, in words that say what to do.
 */
export function assertConnected(node: INode, credentialType: string, credentials: ICredentialDataDecryptedObject): void {
  const label = CREDENTIAL_NAMES[credentialType];
  if (!label) return;
  const token = credentials.oauthTokenData as { access_token?: unknown } | undefined;
  if (typeof token?.access_token === 'string' && token.access_token !== '') return;
  throw new NodeOperationError(node, `Connect this credential first: the ${label} credential has no access token yet. Nothing was sent.`, {
    // The field the user sees: n8n hides Authentication and offers every credential kind in this one field.
    description: `Open the credential and click "Connect my account" (sign in to the service), or pick a Prospecting API (API key) credential under "${CREDENTIAL_FIELD_LABEL}".`,
  });
}
