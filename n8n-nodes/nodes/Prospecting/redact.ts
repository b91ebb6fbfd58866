import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';
import { MIN_SECRET_CHARS, REDACTED, redactor as coreRedactor, type Redactor as CoreRedactor } from '../../../shared/errors';

/**
 * n8n signs each request itself, so the core never sees the credential: the node reads it from n8n and hands its
 * values to the core's one redaction (shared/errors/redaction.ts: every form, any cut piece). This file only knows
 * which credential fields hold secrets and how n8n items are shaped.
 */
export { REDACTED };

/** The credential fields that hold secrets, for the API-key and the OAuth2 credential alike. */
const SECRET_FIELDS = ['apiKey', 'clientSecret', 'password', 'token', 'accessToken', 'refreshToken'];
const TOKEN_FIELDS = ['access_token', 'refresh_token', 'id_token', 'accessToken', 'refreshToken'];

export function secretsOf(credentials: ICredentialDataDecryptedObject | undefined): string[] {
  if (!credentials) return [];
  const found: unknown[] = SECRET_FIELDS.map((f) => credentials[f]);
  const tokens = credentials.oauthTokenData;
  if (tokens && typeof tokens === 'object') found.push(...TOKEN_FIELDS.map((f) => (tokens as IDataObject)[f]));
  // Client credentials in a Basic header carry the secret base64-encoded with the client id.
  if (typeof credentials.clientId === 'string' && typeof credentials.clientSecret === 'string') {
    found.push(Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64'));
  }
  return found.filter((v): v is string => typeof v === 'string' && v.length >= MIN_SECRET_CHARS);
}

export interface Redactor extends CoreRedactor {
  items(items: INodeExecutionData[][]): INodeExecutionData[][];
}

export function redactor(secrets: readonly string[]): Redactor {
  // The core leaves an error's `node` (the workflow's own description of the node) as it is.
  const core = coreRedactor(secrets);

  /** Whether a JSON value holds anything to redact: if not, the item keeps its json (no copy of 10,000 records). */
  function holdsAny(input: unknown, seen: WeakSet<object>): boolean {
    if (typeof input === 'string') return core.text(input) !== input;
    if (!input || typeof input !== 'object' || seen.has(input) || Buffer.isBuffer(input) || input instanceof Date) return false;
    if (input instanceof Error) return true;
    seen.add(input);
    if (Array.isArray(input)) return input.some((v) => holdsAny(v, seen));
    for (const [k, v] of Object.entries(input)) if (core.text(k) !== k || holdsAny(v, seen)) return true;
    return false;
  }

  function items(output: INodeExecutionData[][]): INodeExecutionData[][] {
    if (!core.active) return output;
    return output.map((branch) =>
      branch.map((item) => ({
        ...item,
        json: holdsAny(item.json, new WeakSet()) ? core.value(item.json) : item.json,
        ...(item.error ? { error: core.error(item.error) } : {}),
      })),
    );
  }

  return { ...core, items };
}
