import type { HttpRequest } from '../effects';
import { REDACTED } from './redact';

const SECRET_BODY_FIELDS = ['client_secret', 'refresh_token', 'access_token', 'code', 'password'];

/**
 * The secret values a request actually carried (API key, bearer token, OAuth body fields). Redacting by
 * value catches a service that echoes a secret back in its error message, which name-based redaction misses.
 */
export function secretsOf(request: Pick<HttpRequest, 'headers' | 'body'>): string[] {
  const found: string[] = [];
  const token = request.headers.token;
  if (token) found.push(token);
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (bearer) found.push(bearer[1]);
  if (request.body) {
    try {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      for (const field of SECRET_BODY_FIELDS) if (typeof body[field] === 'string') found.push(body[field] as string);
    } catch {
      // Not JSON: nothing more to collect.
    }
  }
  // Very short values would redact ordinary words; real secrets are longer.
  return found.filter((s) => s.length >= 6);
}

export function redactValues(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out;
}
