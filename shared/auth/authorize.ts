import type { Sendable } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow, HttpRequest } from '../effects';
import { accessToken } from './oauth';

/** `request` with `headers` added to its own. */
function withHeaders(request: HttpRequest, headers: Record<string, string>): HttpRequest {
  return { ...request, headers: { ...request.headers, ...headers } };
}

/** Adds exactly one credential to a request (spec 5.1: never both headers); the token route gets none. */
/** `rejected`: the access token the service just refused with 401, so a refresh is due unless another run did one. */
export function* authorize(client: Client, op: Sendable, request: HttpRequest, rejected: string | null): Flow<HttpRequest> {
  if (op.auth === 'none') return request;
  const auth = client.auth;
  switch (auth.type) {
    case 'apiKey':
      return withHeaders(request, { token: auth.apiKey });
    case 'bearer':
    case 'oauth2': {
      const token = auth.type === 'bearer' ? auth.accessToken : yield* accessToken(client, rejected);
      return withHeaders(request, { authorization: `Bearer ${token}` });
    }
    case 'host':
      return { ...request, authBy: 'host' };
  }
}
