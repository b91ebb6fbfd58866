/**
 * Duplicates with their record in a real n8n (issue 23), on each version of N8N_E2E_VERSIONS, the package installed as
 * users install it. Research of the same people twice in one run (two searches appended by n8n's Merge node), and
 * again in a second run while the first run's research is still going: every `duplicate` item carries the earlier
 * record when the run ends. Set SKIP_N8N_E2E=1 to skip.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { e2eVersions, type N8nHome } from '../../scripts/n8n/runner';
import { packageHome, SANDBOX_CREDENTIAL } from './package-home';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;
const CREDENTIAL = SANDBOX_CREDENTIAL;

function searchNode(name: string, limit: number, y: number, prefix: string) {
  return {
    id: name,
    name,
    type: `${prefix}prospecting`,
    typeVersion: 2,
    position: [250, y],
    parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit, additionalFields: { seniority: ['Manager'] } },
    credentials: CREDENTIAL,
  };
}

/** Start → two searches of the same people (30 and the first 20 again) → Merge (append) → Research with wait. */
function workflow(prefix: string, waitForResults: boolean, typeVersion: number) {
  const research = {
    id: 'research',
    name: 'Research',
    type: `${prefix}prospecting`,
    typeVersion,
    position: [750, 0],
    parameters: {
      resource: 'contacts',
      operation: 'research',
      researchBy: 'searchResult',
      searchResultId: '={{ $json.searchResultId }}',
      waitForResults,
      researchOptions: { timeLimitSeconds: 120 },
    },
    credentials: CREDENTIAL,
  };
  const to = (node: string, index = 0) => ({ main: [[{ node, type: 'main', index }]] });
  return {
    name: `duplicates ${waitForResults ? 'wait' : 'submit'} v${typeVersion}`,
    nodes: [
      { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      searchNode('Search A', 30, -100, prefix),
      searchNode('Search B', 20, 100, prefix),
      { id: 'merge', name: 'Merge', type: 'n8n-nodes-base.merge', typeVersion: 3, position: [500, 0], parameters: { mode: 'append' } },
      research,
    ],
    connections: {
      Start: {
        main: [
          [
            { node: 'Search A', type: 'main', index: 0 },
            { node: 'Search B', type: 'main', index: 0 },
          ],
        ],
      },
      'Search A': to('Merge', 0),
      'Search B': to('Merge', 1),
      Merge: to('Research'),
    },
  };
}

e2e.each(e2eVersions())('duplicates with their record in a real n8n %s', (version) => {
  let sandbox: RunningSandbox;
  let home: N8nHome;

  beforeAll(async () => {
    // Long enough that the first run's research is still going when the second run (a new n8n process) polls.
    sandbox = await startSandbox({ port: 0, log: () => undefined, config: { credits: { A: 10_000 }, research: { queuedMs: 500, researchingMs: 20_000 } } });
    home = await packageHome(version, sandbox);
  }, 600_000);

  afterAll(async () => {
    await home?.cleanup();
    await sandbox?.close();
  });

  async function run(wf: object) {
    const result = await home.execute(await home.importWorkflow(wf));
    if (result.status !== 'success') throw new Error(`${result.status} ${JSON.stringify(result.error)}`);
    return result.lastNodeOutput;
  }

  it('the same people twice in one run: every duplicate carries the record; then again while that research runs', async () => {
    // Run 1 submits only: its research is still going while run 2 researches the same 30 people (and 20 twice).
    const submitted = await run(workflow(home.nodeTypePrefix, false, 2));
    expect(submitted).toHaveLength(50);
    const out = await run(workflow(home.nodeTypePrefix, true, 2));
    expect(out).toHaveLength(50);
    out.forEach((item, i) => {
      expect(item.pairedItem).toEqual({ item: i });
      expect(item.json.status).toBe('duplicate');
      expect(item.json.contact).toEqual(expect.objectContaining({ contactId: expect.any(String) }));
    });
    // The 20 named twice have the record of their first naming.
    out
      .slice(30)
      .forEach((item, k) => expect((item.json.contact as { contactId: string }).contactId).toBe((out[k].json.contact as { contactId: string }).contactId));
  }, 300_000);

  it('new people, each twice in one run, on node version 3 (Simplify): the duplicate items carry the record fields too', async () => {
    const wf = workflow(home.nodeTypePrefix, true, 3);
    // Other people than the first test's: Directors.
    for (const node of wf.nodes)
      if (node.name.startsWith('Search')) (node.parameters as { additionalFields: object }).additionalFields = { seniority: ['Director'] };
    const out = await run(wf);
    expect(out).toHaveLength(50);
    const duplicates = out.filter((item) => item.json.status === 'duplicate');
    expect(duplicates.length).toBeGreaterThanOrEqual(20);
    for (const item of out) {
      expect(item.json).not.toHaveProperty('contact');
      expect(item.json.contactId).toEqual(expect.any(String));
    }
  }, 300_000);
});
