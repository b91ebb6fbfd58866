import type { HttpRequest } from '../effects';
import { PATH_PLACEHOLDER, type AnyOperation } from '../catalogue/types';
import type { Settings } from '../settings';

/** The base URL of an operation's version: callers never choose v1 or v2, the catalogue does. */
export function baseUrlFor(op: Pick<AnyOperation, 'version'>, settings: Settings): string {
  return (op.version === 'v1' ? settings.baseUrlV1 : settings.baseUrlV2).replace(/\/+$/, '');
}

/** Rate-limit window identity, the same shape the service uses (docs/DECISIONS.md). */
export function endpointKey(op: Pick<AnyOperation, 'version' | 'method' | 'path'>): string {
  return `${op.method} /${op.version}${op.path}`;
}

function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(PATH_PLACEHOLDER, (_, name: string) => encodeURIComponent(String(values[name])));
}

function encodeQuery(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&');
}

/**
 * Builds the HTTP request for validated input. Pure: no auth (added by the sender), no I/O.
 * Path fields fill the template, query fields go to the query, the rest is the JSON body.
 */
export function buildRequest(op: AnyOperation, input: Record<string, unknown>, settings: Settings): HttpRequest {
  const placed = new Set([...op.pathFields, ...op.queryFields]);
  const query: [string, string][] = [];
  for (const name of op.queryFields) {
    const value = input[name];
    if (value === undefined || value === null || value === '') continue;
    query.push([name, Array.isArray(value) ? value.join(',') : String(value)]);
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) if (!placed.has(name) && value !== undefined) body[name] = value;

  const qs = encodeQuery(query);
  const url = `${baseUrlFor(op, settings)}${fillPath(op.path, input)}${qs ? `?${qs}` : ''}`;
  const hasBody = op.method !== 'GET' && Object.keys(body).length > 0;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (hasBody) headers['content-type'] = 'application/json';
  return {
    method: op.method,
    url,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    timeoutMs: settings.timeoutMs,
    endpoint: endpointKey(op),
    authBy: 'none',
  };
}
