/**
 * Issue 23: as an AI agent's tool, the Prospecting node tells the model what the chosen operation does. A real n8n
 * (each version of N8N_E2E_VERSIONS) runs an AI Agent whose chat model is an OpenAI-compatible endpoint of this test
 * (fake-chat-model.ts): the request the agent sends the model carries each tool's description, exactly what n8n
 * hands the model. Version 4 tools get their operation's description (or the user's own text); a version 3 tool keeps
 * n8n's generic "{action} in Prospecting".
 * n8n 1.x builds a tool's node type once per process for the first version it meets (node-types.js caches it under
 * `<type>Tool` without the version; 2.x keys it by version), so in one 1.x process tools of versions 3 and 4 share
 * one version's description. The last test shows that difference; each `n8n execute` is its own process.
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { e2eVersions, majorOf, type N8nHome } from '../../scripts/n8n/runner';
import { SANDBOX_CREDENTIAL, packageHome } from './package-home';
import { toolDescriptionText } from '../../n8n-nodes/nodes/Prospecting/description/tool-description';
import { operation } from '../../shared';
import { startFakeChatModel, type FakeChatModel } from './fake-chat-model';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;

const AGENT = 'AI Agent';
const tools = [
  { name: 'Research people', typeVersion: 4, parameters: { resource: 'contacts', operation: 'research' } },
  { name: 'Read campaign', typeVersion: 4, parameters: { resource: 'campaigns', operation: 'get' } },
  { name: 'Search people', typeVersion: 4, parameters: { resource: 'contacts', operation: 'search', toolDescription: 'Finds VPs of sales only.' } },
  { name: 'Research people v3', typeVersion: 3, parameters: { resource: 'contacts', operation: 'research' } },
];

type ToolNode = (typeof tools)[number];

function agentWorkflow(prefix: string, withTools: readonly ToolNode[]): Record<string, unknown> {
  return {
    name: 'Agent with Prospecting tools',
    nodes: [
      { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      {
        id: 'agent',
        name: AGENT,
        type: '@n8n/n8n-nodes-langchain.agent',
        typeVersion: 3,
        position: [300, 0],
        parameters: { promptType: 'define', text: 'Find sales leaders.', options: {} },
      },
      {
        id: 'model',
        name: 'Chat Model',
        type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
        typeVersion: 1.2,
        position: [200, 200],
        parameters: { model: { __rl: true, mode: 'id', value: 'test-model' }, options: {} },
        credentials: { openAiApi: { id: 'fakeOpenAi000001', name: 'Fake model' } },
      },
      ...withTools.map((t, i) => ({
        id: `tool${i}`,
        name: t.name,
        type: `${prefix}prospectingTool`,
        typeVersion: t.typeVersion,
        position: [300 + 150 * i, 200],
        parameters: t.parameters,
        credentials: SANDBOX_CREDENTIAL,
      })),
    ],
    connections: {
      Start: { main: [[{ node: AGENT, type: 'main', index: 0 }]] },
      'Chat Model': { ai_languageModel: [[{ node: AGENT, type: 'ai_languageModel', index: 0 }]] },
      ...Object.fromEntries(withTools.map((t) => [t.name, { ai_tool: [[{ node: AGENT, type: 'ai_tool', index: 0 }]] }])),
    },
  };
}

e2e.each(e2eVersions())('AI agent tool descriptions in a real n8n %s', (version) => {
  let sandbox: RunningSandbox;
  let model: FakeChatModel;
  let home: N8nHome;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, log: () => undefined });
    model = await startFakeChatModel();
    home = await packageHome(version, sandbox);
    await home.importCredentials([{ id: 'fakeOpenAi000001', name: 'Fake model', type: 'openAiApi', data: { apiKey: 'sk-test', url: model.url } }]);
  }, 600_000);

  afterAll(async () => {
    await home?.cleanup();
    await model?.close();
    await sandbox?.close();
  });

  /** Runs an agent with these Prospecting tools; returns each tool's description as the model got it, by tool name. */
  async function offeredTools(withTools: readonly ToolNode[]): Promise<Record<string, string>> {
    model.requests.length = 0;
    const result = await home.execute(await home.importWorkflow(agentWorkflow(home.nodeTypePrefix, withTools)));
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('success');
    expect(model.requests.length).toBeGreaterThan(0);
    return Object.fromEntries((model.requests[0].tools ?? []).map((t) => [t.function.name, t.function.description]));
  }
  const v4Tools = tools.filter((t) => t.typeVersion === 4);
  const v3Tools = tools.filter((t) => t.typeVersion === 3);
  const researchText = toolDescriptionText(operation('contacts.research'));

  it("the model gets each version-4 tool's operation description, or the user's own text", async () => {
    expect(await offeredTools(v4Tools)).toEqual({
      Research_people: researchText,
      Read_campaign: toolDescriptionText(operation('campaigns.get')),
      Search_people: 'Finds VPs of sales only.',
    });
    expect(researchText).toMatch(/one credit per person.*at most 25 credits unless Maximum Credits is set/);
  }, 120_000);

  it("a version-3 tool keeps n8n's generic description (saved workflows unchanged)", async () => {
    expect(await offeredTools(v3Tools)).toEqual({ Research_people_v3: 'Research contacts in Prospecting' });
  }, 120_000);

  it('versions 3 and 4 in one run: each its own on 2.x; one shared description on 1.x', async () => {
    const offered = await offeredTools(tools);
    if (majorOf(version) >= 2) {
      expect(offered).toMatchObject({ Research_people: researchText, Research_people_v3: 'Research contacts in Prospecting' });
    } else {
      expect(offered.Research_people_v3).toBe(offered.Research_people);
      expect([researchText, 'Research contacts in Prospecting']).toContain(offered.Research_people);
    }
  }, 120_000);
});
