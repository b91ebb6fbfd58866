/**
 * The published v1 description's facts (copied into test/fixtures/published, so tests do not read the kit) and a
 * JSON Schema validator for its response schemas. ajv (8, with ajv-formats) is used; the published schemas are
 * OpenAPI 3.0 schemas, whose `nullable: true` beside an `enum` means "null or one of these": ajv wants null listed
 * in the enum for that, so it is added before compiling.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import examplesFile from '../fixtures/published/examples.json';
import requestsFile from '../fixtures/published/requests.json';
import responsesFile from '../fixtures/published/responses/published-response-schemas.json';

type Json = Record<string, unknown>;

export const RESPONSES = responsesFile.responses as Record<string, Json>;
export const REQUESTS = requestsFile.requests as Record<string, Json>;
export const EXAMPLES = examplesFile.examples as Record<string, unknown>;

/** OpenAPI 3.0 nullable enums: add null to the enum (recursively). */
function openApiToAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiToAjv);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = openApiToAjv(v);
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** Errors of `body` against the published response schema `name` (e.g. `GET /contacts 200`, `401`); [] when valid. */
export function publishedErrors(name: string, body: unknown): string[] {
  const schema = RESPONSES[name];
  if (!schema) throw new Error(`no published response schema "${name}"`);
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile(openApiToAjv(schema) as Json);
    compiled.set(name, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** The published item properties of a response's `data` array (search rows, org records). */
export function publishedItemFields(name: string): string[] {
  const data = (RESPONSES[name].properties as Json).data as Json;
  return Object.keys((data.items as Json).properties as Json);
}
