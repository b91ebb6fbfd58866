/**
 * Issue 20 point 4, the core's MCP path: a service that echoes the API key (in a JSON-RPC error, an `isError`
 * result, structuredContent or text content) never gets it out of the core, in any form.
 */
import { call, createClient, operation, runSync } from '../../shared';
import { json, scriptedHost } from '../support/scripted-host';
import { leakForms, leaksIn } from '../support/secret-leaks';

const KEY = 'mcpk_Zp4Qw8Er2Ty6Ui0Op3As7Df1';
const echoed = leakForms(KEY)
  .map((f) => f.text)
  .join(' | ');
const TOOL = { name: 'echo_tool', description: 'echoes', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };

function serviceAnswering(callAnswer: (id: unknown) => unknown) {
  return scriptedHost((request) => {
    const rpc = JSON.parse(request.body ?? '{}') as { id: unknown; method: string };
    if (rpc.method === 'tools/list') return json(200, { jsonrpc: '2.0', id: rpc.id, result: { tools: [TOOL] } });
    return json(200, callAnswer(rpc.id));
  });
}

function runTool(host: ReturnType<typeof scriptedHost>): unknown {
  const client = createClient({
    auth: { type: 'apiKey', apiKey: KEY },
    settings: { baseUrlV1: 'https://api.example.test/v1', baseUrlV2: 'https://api.example.test/v2', retryBackoffMs: 0 },
  });
  return runSync(call(client, operation('mcp.callTool'), { tool: 'echo_tool', arguments: {} }), host.sync);
}

function failureOf(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a failure');
}

const everything = (e: Error) => JSON.stringify({ ...e, messageText: e.message, stackText: e.stack });

test('a JSON-RPC error echoing the key', () => {
  const e = failureOf(() => runTool(serviceAnswering((id) => ({ jsonrpc: '2.0', id, error: { code: -32000, message: `bad key ${echoed}` } }))));
  expect(e.message).toMatch(/JSON-RPC error -32000: bad key/);
  expect(leaksIn(everything(e), KEY)).toEqual([]);
});

test('an isError result echoing the key in its text and structuredContent', () => {
  const host = serviceAnswering((id) => ({
    jsonrpc: '2.0',
    id,
    result: { isError: true, content: [{ type: 'text', text: `refused ${echoed}` }], structuredContent: { message: `refused ${echoed}`, key: KEY } },
  }));
  const e = failureOf(() => runTool(host));
  expect(e.message).toMatch(/the tool answered an error: refused/);
  expect(leaksIn(everything(e), KEY)).toEqual([]);
});

test('a successful answer echoing the key in structuredContent', () => {
  const out = runTool(
    serviceAnswering((id) => ({ jsonrpc: '2.0', id, result: { content: [], structuredContent: { you: echoed, nested: [{ k: KEY }], ok: 'fine' } } })),
  );
  expect(leaksIn(JSON.stringify(out), KEY)).toEqual([]);
  expect(out).toMatchObject({ ok: 'fine' });
});
