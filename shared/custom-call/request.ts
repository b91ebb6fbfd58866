import * as z from '../validation/zod';
import type { HttpRequest } from '../effects';
import { ValidationError } from '../errors';
import { baseUrlFor, endpointKey } from '../request/build';
import type { Settings } from '../settings';
import { PATH_PLACEHOLDER, type AnyOperation, type Decodable, type Sendable } from '../catalogue/types';
import { lazySchema } from '../validation/lazy-schema';
import { jsonObject } from '../validation/json-object';

/**
 * Custom API call: any v1/v2 path with the same auth, pacing, retries and errors as the catalogue.
 * The caller picks the version here only because the path is theirs; catalogue operations never do.
 */
export const customCallInput = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    version: z.enum(['v1', 'v2'], { message: 'must be v1 or v2' }),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { message: 'must be GET, POST, PUT or DELETE' }),
    path: z.string().check(
      z.trim(),
      z.regex(/^\/[A-Za-z0-9._~\-/]*$/, 'must start with / and hold only a path (no host, no query: use query)'),
      z.refine((p) => !p.split('/').includes('..'), 'must not contain ..'),
    ),
    query: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
    body: z.optional(jsonObject('must be a JSON object')),
  }),
);
export type CustomCallInput = z.input<typeof customCallInput>;

/**
 * The custom call as the README and the n8n node describe it. It is not a catalogue operation: the caller names
 * the version, method and path, so it has no route of its own and runs through its own request builder.
 */
export const customCallSummary = {
  id: 'custom.call',
  title: 'Custom API call',
  description: 'Calls any path of the service with this connection, pacing and error handling.',
  route: 'any v1/v2 path',
  retry: 'safe for GET, else unsafe',
} as const;

/** A custom call as the wire and the decoder see it: named like the summary, repeatable only when it is a GET. */
export interface CustomCallTarget extends Sendable, Decodable<z.ZodMiniUnknown, unknown> {}

/**
 * The request of one custom call. Query and body stay apart as given (no merging), a GET
 * takes no body, and the rate-limit endpoint is the catalogue route the path matches (so `/campaigns/12`
 * shares the window of `/campaigns/{id}`), else the literal path. A GET is safe to repeat; nothing else is.
 */
export function customRequest(
  input: z.output<typeof customCallInput>,
  settings: Settings,
  routes: readonly AnyOperation[],
): { target: CustomCallTarget; request: HttpRequest } {
  if (input.method === 'GET' && input.body !== undefined) {
    throw new ValidationError('Custom API call: body: a GET takes no body; put the values in query. Nothing was sent.', [
      { field: 'body', rule: 'not allowed with GET' },
    ]);
  }
  const target: CustomCallTarget = {
    title: customCallSummary.title,
    retry: input.method === 'GET' ? 'safe' : 'unsafe',
    auth: 'required',
    output: z.unknown(),
    result: (body) => body,
    credits: 'none',
  };
  const query = Object.entries(input.query ?? {})
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const template = routes.find((r) => r.version === input.version && r.method === input.method && routePattern(r.path).test(input.path))?.path;
  const request: HttpRequest = {
    method: input.method,
    url: `${baseUrlFor(input, settings)}${input.path}${query ? `?${query}` : ''}`,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    timeoutMs: settings.timeoutMs,
    endpoint: endpointKey({ version: input.version, method: input.method, path: template ?? input.path }),
    authBy: 'none',
  };
  return { target, request };
}

function routePattern(template: string): RegExp {
  return new RegExp(`^${template.replace(PATH_PLACEHOLDER, '[^/]+')}$`);
}
