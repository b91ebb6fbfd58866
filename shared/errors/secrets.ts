import type { AuthConfig } from '../auth/config';
import type { HttpRequest } from '../effects';
import { MIN_SECRET_CHARS, redactor } from './redaction';

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
  return found.filter((s) => s.length >= MIN_SECRET_CHARS);
}

/** The secrets a connection's own settings hold: the API key, the OAuth client secret, a bearer token. */
export function secretsOfAuth(auth: AuthConfig): string[] {
  const a = auth as { apiKey?: unknown; clientSecret?: unknown; accessToken?: unknown };
  return [a.apiKey, a.clientSecret, a.accessToken].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_CHARS);
}

/** `text` with every form and cut piece of the secrets hidden (redaction.ts). */
export function redactValues(text: string, secrets: readonly string[]): string {
  return redactor(secrets).text(text);
}
