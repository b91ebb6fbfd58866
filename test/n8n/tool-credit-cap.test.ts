/**
 * As an AI agent's tool, research has a conservative credit cap unless the user sets one (issue 23): an agent
 * decides by itself how often and with how many items it calls the tool.
 */
import type { IDataObject } from 'n8n-workflow';
import { TOOL_DEFAULT_MAX_CREDITS } from '../../n8n-nodes/nodes/Prospecting/tool-mode';
import { executeNode } from './harness';
import { admin, countOf, requestCounts, sandboxWithCredentials } from './setup';
import { researchFoundContacts } from './research-params';

let env: Awaited<ReturnType<typeof sandboxWithCredentials>>;
let rows: IDataObject[];

beforeAll(async () => {
  env = await sandboxWithCredentials({ config: { credits: { A: 10_000 }, research: { queuedMs: 20, researchingMs: 40 } } });
  const found = await executeNode({
    parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: TOOL_DEFAULT_MAX_CREDITS + 5 },
    credentials: env.credentials,
  });
  rows = found.map((i) => i.json);
});
afterAll(async () => env.sandbox.close());

const submits = async () => countOf(await requestCounts(env.sandbox), 'POST /v1/contacts/research');
const run = (asTool: boolean, rowsToResearch: IDataObject[], extra: IDataObject = {}) =>
  executeNode({
    asTool,
    typeVersion: 3,
    parameters: { ...researchFoundContacts, waitForResults: false, ...extra },
    items: rowsToResearch.map((json) => ({ json })),
    credentials: env.credentials,
  });

it(`as a tool, research of more than ${TOOL_DEFAULT_MAX_CREDITS} items without Maximum Credits is refused before sending`, async () => {
  await admin(env.sandbox, 'DELETE', '/requests');
  await expect(run(true, rows)).rejects.toThrow(/Maximum Credits/);
  expect(await submits()).toBe(0);
});

it('as a tool, the user may change the cap with Maximum Credits', async () => {
  const out = await run(true, rows, { researchOptions: { maxCredits: TOOL_DEFAULT_MAX_CREDITS + 5 } });
  expect(out).toHaveLength(rows.length);
  expect(out.every((o) => typeof o.json.requestId === 'string')).toBe(true);
});

it('as a tool, a call within the default cap runs; as a plain node there is no cap unless set', async () => {
  expect(await run(true, rows.slice(0, TOOL_DEFAULT_MAX_CREDITS))).toHaveLength(TOOL_DEFAULT_MAX_CREDITS);
  expect(await run(false, rows)).toHaveLength(rows.length);
});
