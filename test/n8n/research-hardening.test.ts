/**
 * Issue 9, research in the n8n node (real n8n execution context, real sandbox): an unreadable Maximum
 * Credits refuses the run, non-text ids and rows breaking the service's rules fail alone naming the n8n
 * item, and credits that cover part of a run research that part and say so on the run.
 */
import { ExecuteContext } from 'n8n-core';
import {
  NodeOperationError,
  type IDataObject,
  type INodeExecutionData,
  type INodeParameters,
  type IRunExecutionData,
  type NodeExecutionHint,
} from 'n8n-workflow';
import { additionalData, executeNode, makeNode, nodeClasses, workflowFor } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let searchIds: string[];

beforeAll(async () => {
  env = await sandboxWithCredentials({ contacts: 3000, config: { credits: { A: 100_000 }, research: { queuedMs: 50, researchingMs: 100 } } });
  const rows = await executeNode({ parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 700 }, credentials: env.credentials });
  searchIds = rows.map((r) => r.json.searchResultId as string);
}, 60_000);
afterAll(async () => env.sandbox.close());

/** executeNode, also returning the hints the node added to the run (what n8n shows on the output pane). */
async function executeWithHints(parameters: INodeParameters, items: INodeExecutionData[], continueOnFail = false) {
  const run = { parameters, items, credentials: env.credentials, continueOnFail };
  const node = makeNode('prospecting', run);
  const workflow = workflowFor(node);
  const runData = {
    resultData: { runData: {} },
    executionData: { contextData: {}, nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} },
  } as unknown as IRunExecutionData;
  const inputData = { main: [items] };
  const context = new ExecuteContext(
    workflow,
    workflow.getNode(node.name)!,
    additionalData(env.credentials),
    'manual',
    runData,
    0,
    items,
    inputData,
    { node, data: inputData, source: null },
    [],
  );
  const out = (await nodeClasses.prospecting.execute!.call(context)) as INodeExecutionData[][];
  return { out: out[0], hints: (context as unknown as { hints: NodeExecutionHint[] }).hints };
}

const bySearch = (extra: IDataObject = {}) => ({
  resource: 'contacts',
  operation: 'research',
  researchBy: 'searchResult',
  searchResultId: '={{ $json.id }}',
  waitForResults: false,
  ...extra,
});
const submits = async () => countOf(await requestCounts(env.sandbox), 'POST /v1/contacts/research');

describe('Maximum Credits that cannot be read refuses the run, nothing sent', () => {
  it.each([
    ['NaN', NaN],
    ['text', 'five'],
    ['a fraction as text', '5.5'],
    ['negative', -1],
    ['an object', { n: 5 }],
    ['a list', [5]],
    ['a boolean', true],
    ['an expression that resolved to text', '={{ "ten" }}'],
  ])('%s', async (_label, maxCredits) => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const items = searchIds.slice(0, 3).map((id) => ({ json: { id } }));
    const error = await executeNode({ parameters: bySearch({ researchOptions: { maxCredits } }), items, credentials: env.credentials }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as Error).message).toMatch(/Maximum Credits: must be a whole number of credits, 0 or more/);
    expect(await submits()).toBe(0);
  });

  it('whole-number text from an expression is the number; the cap names the option', async () => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const items = searchIds.slice(0, 3).map((id) => ({ json: { id, cap: '2' } }));
    const error = await executeNode({
      parameters: bySearch({ researchOptions: { maxCredits: '={{ $json.cap }}' } }),
      items,
      credentials: env.credentials,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/more than the maximum of 2 you set \(Maximum Credits\)/);
    expect(await submits()).toBe(0);
  });

  it('Research Again that is neither true nor false refuses the run (it would spend credits again)', async () => {
    const items = searchIds.slice(0, 1).map((id) => ({ json: { id } }));
    const error = await executeNode({
      parameters: bySearch({ researchOptions: { skipDeduplicationCheck: '={{ "yes" }}' } }),
      items,
      credentials: env.credentials,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/Research Again: must be true or false/);
  });
});

describe('each bad row fails alone, named by its n8n item; the rest is researched', () => {
  it('non-text search result ids are never sent as "[object Object]", "x,y", "NaN" or "true"', async () => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const items = [{ id: searchIds[10] }, { id: { a: 1 } }, { id: ['x', 'y'] }, { id: true }, { id: searchIds[11] }].map((json) => ({
      json: json as IDataObject,
    }));
    const out = await executeNode({ parameters: bySearch(), items, credentials: env.credentials, continueOnFail: true });
    expect(out.map((o) => o.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
    for (const i of [1, 2, 3]) expect(String(out[i].json.error)).toMatch(new RegExp(`item ${i}: Search Result ID: must be text`));
    expect(out[0].json.requestId).toEqual(expect.any(String));
    expect(out[4].json.requestId).toEqual(expect.any(String));
    expect(await submits()).toBe(1);
  });

  it('a row with name + domain + title (title needs a company name) fails alone; the valid rows are researched', async () => {
    await admin(env.sandbox, 'DELETE', '/requests');
    const rows = [
      { name: 'Ana Lima', company: 'Acme', domain: '', title: 'VP Sales' },
      { name: 'Raj Patel', company: '', domain: 'globex.com', title: 'CTO' },
      { name: '', company: '', domain: '', title: '', email: 'someone@initech.test' },
    ];
    const out = await executeNode({
      parameters: {
        resource: 'contacts',
        operation: 'research',
        researchBy: 'details',
        contact: {
          contactName: '={{ $json.name }}',
          companyName: '={{ $json.company }}',
          domain: '={{ $json.domain }}',
          title: '={{ $json.title }}',
          email: '={{ $json.email }}',
        },
        waitForResults: false,
      },
      items: rows.map((json) => ({ json })),
      credentials: env.credentials,
      continueOnFail: true,
    });
    expect(String(out[1].json.error)).toMatch(/item 1: Contact > Job Title: is allowed only together with Full Name and Company Name/);
    expect(out[0].json.requestId).toEqual(expect.any(String));
    expect(out[2].json.requestId).toEqual(expect.any(String));
    expect(await submits()).toBe(1);
  });
});

describe('credits that cover part of the run (real sandbox)', () => {
  afterEach(async () => admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 100_000 }));

  it('550 credits and 600 rows: 550 researched in input order, 50 fail with the credits error, the run says so', async () => {
    // Let earlier tests' research finish and settle first: a refund (not found) would add to the balance set here.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await fetch(`${env.sandbox.v2}/credits`, { headers: { Token: env.sandbox.apiKey } });
    await admin(env.sandbox, 'PUT', '/credits', { org: 'A', balance: 550 });
    const items = searchIds.slice(0, 600).map((id) => ({ json: { id } }));
    const { out, hints } = await executeWithHints(bySearch({ researchOptions: { skipDeduplicationCheck: true } }), items);
    expect(out).toHaveLength(600);
    out.forEach((o, i) => {
      expect(o.pairedItem).toEqual({ item: i });
      if (i < 550) expect(o.json.requestId).toEqual(expect.any(String));
      else expect(String(o.json.error)).toMatch(/credits ran out before this item/);
    });
    expect(hints.map((h) => h.message)).toEqual([expect.stringMatching(/^50 of 600 items were not researched because the research credits ran out/)]);
  }, 60_000);
});
