/**
 * Tool arguments are checked against the tool's published inputSchema before the tool runs (MCP: a call whose
 * arguments do not match is a JSON-RPC -32602). ajv is the reference validator; the message names the argument
 * path and the rule it broke, e.g. `limit: must be >= 1 (minimum)`.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { INVALID_PARAMS, RpcError } from './jsonrpc';

const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: false });
addFormats(ajv);

const compiled = new WeakMap<object, ValidateFunction>();

function pathOf(e: ErrorObject): string {
  const parts = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'additionalProperties') parts.push(String(e.params.additionalProperty));
  if (e.keyword === 'required') parts.push(String(e.params.missingProperty));
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '') || 'arguments';
}

function ruleOf(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties') return 'not a parameter of this tool (additionalProperties: false)';
  if (e.keyword === 'required') return 'required';
  if (e.keyword === 'enum') return `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${e.message ?? 'invalid'} (${e.keyword})`;
}

/** Throws -32602 naming the first argument that breaks the schema. */
export function checkArguments(toolName: string, schema: object, args: Record<string, unknown>): void {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(args)) return;
  const e = validate.errors![0];
  throw new RpcError(INVALID_PARAMS, `${pathOf(e)}: ${ruleOf(e)}`, { tool: toolName, path: pathOf(e), rule: e.keyword });
}
