/** Helpers that build handler results. */
import type { AuthedIdentity, Call, Result } from '../router';

export const ok = (data: unknown, status = 200): Result => ({ status, body: { success: true, data } });
export const json = (body: unknown, status = 200): Result => ({ status, body });

/** The authenticated caller; routes with auth 'credentials' or 'mcp' always have one. */
export function who(call: Call): AuthedIdentity {
  const identity = call.identity;
  if (!identity || !identity.user) throw new Error('route needs an authenticated user');
  return identity as AuthedIdentity;
}
