/**
 * One JSON-RPC message to the MCP endpoint through the core's exchange: paced (window `POST /mcp`), signed like
 * every call (API key header, bearer token, or the host's credential), retried only when the operation is safe.
 */
import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { AuthError, redactor, secretsOf, secretsOfAuth } from '../errors';
import { exchange } from '../flow/send';
import { stateOutcome } from '../errors/outcome';
import type { RetrySafety } from '../flow/retry';
import { mcpRequest, rpcResult } from './protocol';

/**
 * Spec 5.7: the MCP endpoint takes the API key or an MCP token (scope mcp.all, from `{mcp_base}/mcp/token`). The
 * core's own OAuth refresh talks to the main API's token route, whose tokens the MCP endpoint refuses, so an
 * `oauth2` client is turned away here with what to use instead.
 */
function refuseMainApiOAuth(client: Client, op: AnyOperation): void {
  if (client.auth.type !== 'oauth2') return;
  throw new AuthError(
    `${op.title}: the MCP endpoint needs the API key or an MCP access token (scope mcp.all, spec 5.7); this connection's OAuth tokens are for the ` +
      'main API. Nothing was sent.',
    { status: 403, code: 'insufficientScope', hint: 'Use an API key connection, or a bearer token from the MCP OAuth flow.' },
  );
}

export function* mcpMessage(
  client: Client,
  op: AnyOperation,
  method: string,
  params: Record<string, unknown>,
  retry: RetrySafety,
): Flow<Record<string, unknown>> {
  refuseMainApiOAuth(client, op);
  const sent: AnyOperation = { ...op, retry };
  const request = mcpRequest(client, method, params);
  // Every MCP message, answer and error leaves through here: the one redactor (errors/redaction.ts) hides the
  // credential in every form a service may echo it in (error message, invalid params, isError text, structured content).
  const hide = redactor([...secretsOfAuth(client.auth), ...secretsOf(request)]);
  try {
    const response = yield* exchange(client, sent, request);
    // An answer that cannot be read after an unsafe tool ran may hide its effect: the outcome is unknown.
    return hide.value(rpcResult(op.title, request, response));
  } catch (error) {
    throw hide.error(stateOutcome(error, sent));
  }
}
