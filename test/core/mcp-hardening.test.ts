/**
 * Issue 21, point 3: the MCP path checks what it sends and never repeats a send. Arguments are matched as own
 * properties; the keywords the service's tools use are checked (and agree with ajv); a tool whose schema uses one the
 * connector cannot check is refused by name; the repeat decision comes from a tool list read for the call, never
 * from a remembered annotation; arguments that throw while being read are refused clearly.
 */
import Ajv from 'ajv';
import { call, createClient, operation, runSync, ValidationError, type HttpRequest, type HttpResponse } from '../../shared';
import { schemaIssues } from '../../shared/mcp/json-schema';
import { json, scriptedHost } from '../support/scripted-host';

const strictArgs = {
  type: 'object',
  properties: { name: { type: 'string' }, nested: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false } },
  additionalProperties: false,
};

describe('own properties only', () => {
  it.each([
    ['constructor', { name: 'x', constructor: 'y' }],
    ['toString', { name: 'x', toString: 'y' }],
    ['hasOwnProperty', { name: 'x', hasOwnProperty: 1 }],
    ['nested __proto__', JSON.parse('{"name":"x","nested":{"a":1,"__proto__":{"polluted":true}}}') as unknown],
    ['top-level __proto__', JSON.parse('{"name":"x","__proto__":{"b":1}}') as unknown],
  ])('%s is an unknown argument', (_label, value) => {
    expect(schemaIssues(strictArgs, value).map((i) => i.keyword)).toContain('additionalProperties');
  });

  it('a required argument is not satisfied by an inherited one', () => {
    expect(schemaIssues({ type: 'object', required: ['constructor'] }, {}).map((i) => i.keyword)).toEqual(['required']);
  });
});

describe('the keywords tools use, in agreement with ajv', () => {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const cases: [string, object, unknown[]][] = [
    ['pattern', { type: 'string', pattern: '^[A-Z]{2}\\d+$' }, ['AB12', 'ab12', 'AB', 'XAB12']],
    ['const', { const: { a: [1, 2] } }, [{ a: [1, 2] }, { a: [2, 1] }, 'x']],
    ['oneOf', { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 10 }] }, [3, 12, 12.5, 'x', 9.5]],
    ['anyOf / allOf', { allOf: [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, { not: { const: '' } }] }, ['a', null, '', 1]],
    ['exclusiveMinimum / exclusiveMaximum', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 5 }, [0, 0.1, 5, 4.9]],
    ['multipleOf', { type: 'number', multipleOf: 0.5 }, [1, 1.5, 1.25, 0]],
    [
      'uniqueItems',
      { type: 'array', uniqueItems: true },
      [
        [1, 2],
        [1, 1],
        [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
        [],
      ],
    ],
    ['minProperties / maxProperties', { type: 'object', minProperties: 1, maxProperties: 2 }, [{}, { a: 1 }, { a: 1, b: 2, c: 3 }]],
    ['propertyNames', { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, [{ ab: 1 }, { Ab: 1 }, { 'a-b': 1 }]],
    [
      'patternProperties',
      { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
      [{ 'x-a': 's' }, { 'x-a': 1 }, { y: 's' }],
    ],
    [
      '$ref',
      {
        definitions: { step: { type: 'object', required: ['dueDay'], properties: { dueDay: { type: 'integer', minimum: 1 } } } },
        type: 'array',
        items: { $ref: '#/definitions/step' },
      },
      [[{ dueDay: 1 }], [{}], [{ dueDay: 0 }]],
    ],
    [
      'recursive $ref',
      { type: 'object', properties: { child: { $ref: '#' }, n: { type: 'integer' } }, additionalProperties: false },
      [{ child: { child: { n: 1 } } }, { child: { n: 'x' } }, { child: { z: 1 } }],
    ],
  ];
  it.each(cases)('%s', (_name, schema, values) => {
    const check = ajv.compile(schema);
    for (const value of values) expect([value, schemaIssues(schema, value).length === 0]).toEqual([value, check(value)]);
  });
});

/** A scripted MCP service: its tool list can change between calls; tools/call answers as `onCall` says. */
function mcpService(tools: () => unknown[], onCall: (n: number, id: number) => HttpResponse) {
  let calls = 0;
  const host = scriptedHost((req: HttpRequest) => {
    const rpc = JSON.parse(req.body ?? '{}') as { id: number; method: string };
    if (rpc.method === 'tools/list') return json(200, { jsonrpc: '2.0', id: rpc.id, result: { tools: tools() } });
    return onCall(++calls, rpc.id);
  });
  return { host, calls: () => host.log.filter((r) => (JSON.parse(r.body ?? '{}') as { method: string }).method === 'tools/call').length };
}
const mcpClient = () =>
  createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0, settings: { mcpUrl: 'https://mcp.example.com/mcp', retryBackoffMs: 1 } });
const lost: HttpResponse = { status: 0, headers: {}, body: '', failure: { code: 'ECONNRESET', message: 'socket hang up', maybeSent: true } };
// A JSON-RPC answer carries the id of the request it answers (issue 30: another id is refused).
const ok = (_n: number, id: number) => json(200, { jsonrpc: '2.0', id, result: { structuredContent: { ok: true } } });
const toolCall = (tool: string, args: unknown) => call(mcpClient.bind(null)(), operation('mcp.callTool'), { tool, arguments: args });

it('a long-lived client that remembered a tool as read-only does not repeat it once the service changed it', () => {
  let readOnly = true;
  const svc = mcpService(
    () => [{ name: 'send_note', inputSchema: { type: 'object' }, annotations: { readOnlyHint: readOnly } }],
    (n, id) => (n === 1 ? ok(n, id) : lost),
  );
  const client = mcpClient();
  runSync(call(client, operation('mcp.callTool'), { tool: 'send_note', arguments: {} }), svc.host.sync);
  readOnly = false; // the service now makes send_note send something
  expect(() => runSync(call(client, operation('mcp.callTool'), { tool: 'send_note', arguments: {} }), svc.host.sync)).toThrow(
    /unknown: may have been carried out/,
  );
  expect(svc.calls()).toBe(2);
});

it('a tool read-only in the list read for the call is still repeated after a lost answer (a safe read)', () => {
  const svc = mcpService(
    () => [{ name: 'read_note', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
    (n, id) => (n === 1 ? lost : ok(n, id)),
  );
  expect(runSync(call(mcpClient(), operation('mcp.callTool'), { tool: 'read_note', arguments: {} }), svc.host.sync)).toEqual({ ok: true });
  expect(svc.calls()).toBe(2);
});

it('a tool whose schema uses a keyword the connector cannot check is refused by name, nothing sent', () => {
  const svc = mcpService(() => [{ name: 'odd', inputSchema: { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } } }], ok);
  expect(() => runSync(toolCall('odd', { a: 1 }), svc.host.sync)).toThrow(/odd: tool: its inputSchema uses if \(at #\), then \(at #\)/);
  expect(svc.calls()).toBe(0);
});

it('arguments that throw while being read are refused clearly, nothing sent', () => {
  const svc = mcpService(() => [{ name: 'create_list', inputSchema: { type: 'object' } }], ok);
  const args = { name: 'x', nested: {} };
  Object.defineProperty(args.nested, 'boom', {
    enumerable: true,
    get: () => {
      throw new Error('getter exploded');
    },
  });
  let error: unknown;
  try {
    runSync(toolCall('create_list', args), svc.host.sync);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as Error).message).toMatch(/could not be read \(getter exploded\)\. Nothing was sent/);
  expect(svc.calls()).toBe(0);
});

it('forbidden keys never reach the service (constructor, nested __proto__)', () => {
  const svc = mcpService(() => [{ name: 'create_list', inputSchema: strictArgs }], ok);
  for (const args of [{ name: 'x', constructor: 'y' }, JSON.parse('{"name":"x","nested":{"__proto__":{"a":1}}}') as unknown])
    expect(() => runSync(toolCall('create_list', args), svc.host.sync)).toThrow(ValidationError);
  expect(svc.calls()).toBe(0);
});

it('a remembered read-only tool is repeated after a lost answer only once a fresh list still says read-only', () => {
  const svc = mcpService(
    () => [{ name: 'read_note', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
    (n, id) => (n === 2 ? lost : ok(n, id)),
  );
  const client = mcpClient();
  runSync(call(client, operation('mcp.callTool'), { tool: 'read_note', arguments: {} }), svc.host.sync);
  expect(runSync(call(client, operation('mcp.callTool'), { tool: 'read_note', arguments: {} }), svc.host.sync)).toEqual({ ok: true });
  const methods = svc.host.log.map((r) => (JSON.parse(r.body ?? '{}') as { method: string }).method);
  expect(methods).toEqual(['tools/list', 'tools/call', 'tools/call', 'tools/list', 'tools/call']);
});
