/**
 * An OAuth2 credential saved but never connected (issue 23): the node says "Connect this credential first" before
 * sending anything, once, instead of three tries ending in "no answer (ENETWORK: Unable to sign without access token)".
 */
import { CREDENTIAL_FIELD_LABEL, credentialsDescription } from '../../n8n-nodes/nodes/Prospecting/description/authentication';
import { executeNode, pollTrigger } from './harness';
import { admin, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;

beforeAll(async () => {
  env = await sandboxWithCredentials();
});
afterAll(async () => env.sandbox.close());

const unconnected = () => ({ clientId: 'client-1', clientSecret: 'secret-1', baseUrlV1: env.sandbox.v1, baseUrlV2: env.sandbox.v2 });

async function totalRequests(): Promise<number> {
  const counts = await requestCounts(env.sandbox);
  return Object.values(counts).reduce((sum, byStatus) => sum + Object.values(byStatus).reduce((a, b) => a + b, 0), 0);
}

it.each([
  ['OAuth2', 'oAuth2', 'prospectingOAuth2Api', { resource: 'contacts', operation: 'search', returnAll: false, limit: 3 }],
  ['MCP OAuth2', 'mcpOAuth2', 'prospectingMcpOAuth2Api', { resource: 'mcp', operation: 'listTools' }],
])('%s without a token: "Connect this credential first", nothing sent, no network wording', async (_label, authentication, type, parameters) => {
  await admin(env.sandbox, 'DELETE', '/requests');
  const run = executeNode({ parameters: { authentication, ...parameters }, credentials: { [type]: unconnected() } });
  await expect(run).rejects.toThrow(/^Connect this credential first: .* has no access token yet\. Nothing was sent\.$/);
  await expect(run).rejects.not.toThrow(/ENETWORK|no answer|tries/);
  // n8n hides the Authentication field (every credential kind hangs on it): the hint names the field the NDV shows.
  await expect(run).rejects.toMatchObject({ description: expect.stringContaining(`credential under "${CREDENTIAL_FIELD_LABEL}"`) });
  await expect(run).rejects.not.toMatchObject({ description: expect.stringMatching(/Authentication/) });
  expect(await totalRequests()).toBe(0);
});

it('every credential kind is offered under one label, the field that hint names (n8n shows it in place of Authentication)', () => {
  expect(credentialsDescription.map((c) => [c.name, c.displayName])).toEqual([
    ['prospectingMcpOAuth2Api', 'Credential to connect with'],
    ['prospectingOAuth2Api', 'Credential to connect with'],
    ['prospectingApi', 'Credential to connect with'],
  ]);
});

it('the polling trigger says the same', async () => {
  const run = pollTrigger({ parameters: { authentication: 'oAuth2', event: 'newContacts' }, credentials: { prospectingOAuth2Api: unconnected() } });
  await expect(run).rejects.toThrow(/^Connect this credential first/);
});

it('a connected OAuth2 credential is not refused by the check (the token is sent; the service judges it)', async () => {
  const connected = { ...unconnected(), oauthTokenData: { access_token: 'not-a-real-token', token_type: 'Bearer' } };
  const run = executeNode({
    parameters: { authentication: 'oAuth2', resource: 'credits', operation: 'get' },
    credentials: { prospectingOAuth2Api: connected },
  });
  await expect(run).rejects.not.toThrow(/Connect this credential first/);
});
