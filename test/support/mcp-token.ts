/** An MCP access token (scope mcp.all) from the sandbox's PKCE flow (spec 5.7), for tests that sign MCP calls with a bearer. */
import { createHash, randomBytes } from 'node:crypto';
import type { RunningSandbox } from '../../sandbox';

export async function mcpAccessToken(sb: RunningSandbox): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const params = {
    client_id: sb.oauth.clientId,
    redirect_uri: sb.oauth.redirectUri,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'mcp.all',
    state: 's',
  };
  const signIn = await fetch(`${sb.auth}/mcp/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, email: sb.user.email, password: sb.user.password }).toString(),
  });
  const code = new URL(signIn.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${sb.auth}/mcp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', client_id: sb.oauth.clientId, redirect_uri: sb.oauth.redirectUri, code, code_verifier: verifier }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}
