/**
 * Issue 30 point 4, the MCP transport against a scripted fake MCP endpoint on loopback: one redaction for every
 * channel (mcpMessage, so the direct callMcpTool / listMcpTools path too), JSON-RPC ids matched, SSE read as a stream
 * of events, tools/list paged to its end or a clear error naming the cap, duplicate tool names refused, capped texts.
 */
import { call, callMcpTool, createClient, listMcpTools, operation, ProspectingError, runAsync, ValidationError } from '../../shared';
import { MAX_TOOL_PAGES } from '../../shared/mcp/tools';
import { nodeFetchHost } from '../../shared/hosts/node-fetch';
import { startLoopbackService, type Answer, type LoopbackService, type Received } from '../support/loopback-service';
import { leakForms, leaksIn } from '../support/secret-leaks';

const KEY = 'mcpw_Zp4Qw8Er2Ty6Ui0Op3As7Df1';
let mcp: LoopbackService;
beforeAll(async () => (mcp = await startLoopbackService(() => ({ status: 500 }))));
afterAll(async () => mcp.close());
beforeEach(() => (mcp.received.length = 0));

const client = () => createClient({ auth: { type: 'apiKey', apiKey: KEY }, random: () => 0, settings: { mcpUrl: `${mcp.origin}/mcp`, retryBackoffMs: 1 } });
const host = () => nodeFetchHost({ sleep: async () => undefined });
const rpc = (r: Received) => JSON.parse(r.body) as { id: number; method: string; params: { cursor?: string; name?: string; arguments?: unknown } };
const answer = (id: unknown, result: unknown): Answer => ({ status: 200, body: { jsonrpc: '2.0', id, result } });
const tool = (name: string, inputSchema: object = { type: 'object' }) => ({ name, description: name, inputSchema });
const toolCalls = () => mcp.received.filter((r) => rpc(r).method === 'tools/call');

function serve(tools: object[], onCall: (r: Received) => Answer) {
  mcp.script = (r) => (rpc(r).method === 'tools/list' ? answer(rpc(r).id, { tools }) : onCall(r));
}

async function failure(run: Promise<unknown>): Promise<ProspectingError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  if (!error) throw new Error('expected a failure');
  return error as ProspectingError;
}

describe('one redaction for every MCP channel, the direct tool path included', () => {
  const spaced = KEY.split('').join(' ');
  const grouped = KEY.match(/.{1,4}/g)!.join(' ');
  const echoed = [...leakForms(KEY).map((f) => f.text), spaced, grouped].join(' | ');
  const everything = (e: unknown) => JSON.stringify({ ...(e as object), message: (e as Error).message, stack: (e as Error).stack });
  const noLeak = (text: string) => {
    expect(leaksIn(text, KEY)).toEqual([]);
    expect(text).not.toContain(spaced);
    expect(text).not.toContain(grouped);
  };

  it.each<[string, (id: number) => Answer]>([
    ['a JSON-RPC error message', (id) => ({ status: 200, body: { jsonrpc: '2.0', id, error: { code: -32000, message: `bad key ${echoed}` } } })],
    ['invalid params', (id) => ({ status: 200, body: { jsonrpc: '2.0', id, error: { code: -32602, message: `refused ${echoed}`, data: { key: KEY } } } })],
    ['an isError text', (id) => answer(id, { isError: true, content: [{ type: 'text', text: `refused ${echoed}` }] })],
    ['structured content of an error', (id) => answer(id, { isError: true, structuredContent: { message: `refused ${echoed}`, key: KEY } })],
  ])('%s echoing the key in every form (callMcpTool directly)', async (_name, reply) => {
    serve([tool('echo')], (r) => reply(rpc(r).id));
    noLeak(everything(await failure(runAsync(callMcpTool(client(), { tool: 'echo', arguments: {} }), host()))));
  });

  it('a successful answer echoing the key, and tool descriptions echoing it (listMcpTools directly)', async () => {
    serve([{ ...tool('echo'), description: `uses ${echoed}` }], (r) => answer(rpc(r).id, { structuredContent: { you: echoed, ok: 'fine' } }));
    const out = await runAsync(callMcpTool(client(), { tool: 'echo', arguments: {} }), host());
    noLeak(JSON.stringify(out));
    expect(out).toMatchObject({ ok: 'fine' });
    noLeak(JSON.stringify(await runAsync(listMcpTools(client()), host())));
  });
});

describe('JSON-RPC ids and SSE streams', () => {
  it("an answer carrying another request's id is refused (the tool call ends unknown)", async () => {
    serve([tool('send_note')], (r) => answer(rpc(r).id + 1000, { structuredContent: { ok: true } }));
    const error = await failure(runAsync(callMcpTool(client(), { tool: 'send_note', arguments: {} }), host()));
    expect(error.message).toMatch(/for request id \d+, not for this one/);
    expect(error.outcome).toBe('unknown');
    expect(toolCalls()).toHaveLength(1);
  });

  it('an SSE answer: notifications before and after, another id, then ours: ours is taken', async () => {
    serve([tool('read')], (r) => {
      const id = rpc(r).id;
      const events = [
        ': keep-alive',
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}',
        `data: {"jsonrpc":"2.0","id":${id + 7},"result":{"structuredContent":{"who":"other"}}}`,
        `event: message\ndata: {"jsonrpc":"2.0","id":${id},\ndata: "result":{"structuredContent":{"who":"mine","big":18446744073709551617}}}`,
        'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}',
      ];
      return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: `${events.join('\n\n')}\n\n` };
    });
    expect(await runAsync(callMcpTool(client(), { tool: 'read', arguments: {} }), host())).toEqual({ who: 'mine', big: '18446744073709551617' });
  });

  it('an SSE answer with only notifications: a clear error, not a result', async () => {
    serve([tool('read')], () => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: 'data: {"jsonrpc":"2.0","method":"x"}\n\n' }));
    const error = await failure(runAsync(callMcpTool(client(), { tool: 'read', arguments: {} }), host()));
    expect(error.message).toMatch(/without a response to request id/);
  });
});

describe('tools/list paging and duplicate names', () => {
  const paged = (pages: number, loopAt?: number) => (r: Received) => {
    const { id, method, params } = rpc(r);
    if (method !== 'tools/list') return answer(id, { structuredContent: { called: params.name } });
    const page = Number(params.cursor ?? '1');
    const next = page < pages ? String(loopAt && page === loopAt ? 1 : page + 1) : undefined;
    return answer(id, { tools: [tool(`tool_${page}`)], ...(next ? { nextCursor: next } : {}) });
  };

  it('a tool on page 25 exists', async () => {
    mcp.script = paged(25);
    expect(await runAsync(callMcpTool(client(), { tool: 'tool_25', arguments: {} }), host())).toEqual({ called: 'tool_25' });
  });

  it('a list longer than the cap: a clear error naming it, nothing called', async () => {
    mcp.script = paged(MAX_TOOL_PAGES + 5);
    const error = await failure(runAsync(callMcpTool(client(), { tool: 'tool_1', arguments: {} }), host()));
    expect(error.message).toContain(`after ${MAX_TOOL_PAGES} pages`);
    expect(toolCalls()).toHaveLength(0);
  });

  it('a cursor handed back again: a clear error, no endless reading', async () => {
    mcp.script = paged(10, 4);
    const error = await failure(runAsync(listMcpTools(client()), host()));
    expect(error.message).toMatch(/handed back cursor "2" again/);
  });

  it('two tools with one name: refused by name, the arguments the other forbids are never sent', async () => {
    const strict = { type: 'object', properties: { to: { type: 'string' } }, additionalProperties: false };
    serve([tool('send_email'), tool('send_email', strict)], (r) => answer(rpc(r).id, { structuredContent: { sent: true } }));
    for (const run of [
      callMcpTool(client(), { tool: 'send_email', arguments: { to: 'a@b.c', bcc: 'x@y.z' } }),
      call(client(), operation('mcp.callTool'), { tool: 'send_email', arguments: { to: 'a@b.c', bcc: 'x@y.z' } }),
    ]) {
      const error = await failure(runAsync(run, host()));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/lists 2 tools named "send_email".*Nothing was sent/);
    }
    expect(toolCalls()).toHaveLength(0);
  });
});

describe('size', () => {
  it.each<[string, (id: number, text: string) => Answer]>([
    ['a JSON-RPC error', (id, text) => ({ status: 200, body: { jsonrpc: '2.0', id, error: { code: -32000, message: text } } })],
    ['an isError result', (id, text) => answer(id, { isError: true, content: [{ type: 'text', text }] })],
  ])('%s of 10,000,000 characters is capped, saying how long it was', async (_name, reply) => {
    serve([tool('t')], (r) => reply(rpc(r).id, 'y'.repeat(10_000_000)));
    const error = await failure(runAsync(callMcpTool(client(), { tool: 't', arguments: {} }), host()));
    expect(error.message.length).toBeLessThan(2_500);
    expect(error.message).toContain('10000000 characters');
  });
});
