import { z } from 'zod';
import type { HttpRequest } from '../effects';
import { ValidationError } from '../errors';
import { baseUrlFor, endpointKey } from '../request/build';
import type { Settings } from '../settings';
import { keyedById, defineOperation, type AnyOperation } from './types';

/**
 * Custom API call: any v1/v2 path with the same auth, pacing, retries and errors as the catalogue.
 * The caller picks the version here only because the path is theirs; catalogue operations never do.
 */
export const customCallInput = z.strictObject({
  version: z.enum(['v1', 'v2'], { message: 'must be v1 or v2' }),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { message: 'must be GET, POST, PUT or DELETE' }),
  path: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9._~\-/]*$/, 'must start with / and hold only a path (no host, no query: use query)')
    .refine((p) => !p.split('/').includes('..'), 'must not contain ..'),
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  body: z.record(z.string(), z.unknown(), { message: 'must be a JSON object' }).optional(),
});
export type CustomCallInput = z.input<typeof customCallInput>;

/** Describes the custom call in the catalogue (for the README table and the n8n node). */
export const customCallOperation = defineOperation({
  id: 'custom.call',
  resource: 'custom',
  action: 'call',
  anyPath: true,
  title: 'Custom API call',
  description: 'Calls any path of the service with this connection, pacing and error handling.',
  version: 'v2',
  method: 'POST',
  path: '/{path}',
  pathFields: [],
  queryFields: [],
  input: customCallInput,
  output: z.unknown(),
  result: (body) => body,
  credits: 'none',
  retry: 'unsafe',
  pagination: { style: 'none' },
  auth: 'required',
});

/**
 * The operation and request of one custom call. Query and body stay apart as given (no merging), a GET
 * takes no body, and the rate-limit endpoint is the catalogue route the path matches (so `/campaigns/12`
 * shares the window of `/campaigns/{id}`), else the literal path. A GET is safe to repeat; nothing else is.
 */
export function customRequest(
  input: z.output<typeof customCallInput>,
  settings: Settings,
  routes: readonly AnyOperation[],
): { op: AnyOperation; request: HttpRequest } {
  if (input.method === 'GET' && input.body !== undefined) {
    throw new ValidationError('Custom API call: body: a GET takes no body; put the values in query. Nothing was sent.', [
      { field: 'body', rule: 'not allowed with GET' },
    ]);
  }
  const op: AnyOperation = {
    ...customCallOperation,
    version: input.version,
    method: input.method,
    path: input.path,
    retry: input.method === 'GET' ? 'safe' : 'unsafe',
  };
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const template = routes.find(
    (r) => r.id !== customCallOperation.id && r.version === input.version && r.method === input.method && routePattern(r.path).test(input.path),
  )?.path;
  const request: HttpRequest = {
    method: input.method,
    url: `${baseUrlFor(op, settings)}${input.path}${query ? `?${query}` : ''}`,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    timeoutMs: settings.timeoutMs,
    endpoint: endpointKey({ ...op, path: template ?? input.path }),
    authBy: 'none',
  };
  return { op, request };
}

function routePattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
}

/** This file's operations, keyed by id (the registry in index.ts spreads these). */
export const customOperations = keyedById([customCallOperation]);
