import { z } from 'zod';
import { defineOperation, type AnyOperation } from './types';

/**
 * Custom API call: any v1/v2 path with the same auth, pacing, retries and errors as the catalogue.
 * The caller picks the version here only because the path is theirs; catalogue operations never do.
 */
export const customCallInput = z.object({
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
 * The concrete operation for one custom call: its own method, version and path; retried like any
 * catalogue operation (a GET is safe to repeat, anything else is not).
 */
export function customOperationFor(input: z.output<typeof customCallInput>): { op: AnyOperation; fields: Record<string, unknown> } {
  const queryFields = Object.keys(input.query ?? {});
  const op: AnyOperation = {
    ...customCallOperation,
    version: input.version,
    method: input.method,
    path: input.path,
    pathFields: [],
    queryFields,
    input: z.record(z.string(), z.unknown()),
    output: z.unknown(),
    result: (body) => body,
    retry: input.method === 'GET' ? 'safe' : 'unsafe',
  };
  return { op, fields: { ...(input.body ?? {}), ...(input.query ?? {}) } };
}
