/**
 * Proves the n8n end-to-end runner against a real n8n: a throwaway custom node package is generated
 * here at test time (not a product node), loaded through N8N_CUSTOM_EXTENSIONS, and run by
 * `n8n execute` and by `n8n start` (webhook). Set SKIP_N8N_E2E=1 to skip (the first run installs
 * Node 24 + n8n into .cache/, about 3 minutes and 1.9 GB).
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { createN8nHome, DEFAULT_N8N_VERSION, ensureN8n, N8nHome, parseExecuteOutput, summarizeExecution } from '../../scripts/n8n/runner';
import { waitFor } from './n8n-rest';

const SKIP = process.env.SKIP_N8N_E2E === '1';
if (SKIP) console.log('SKIP_N8N_E2E=1: skipping the n8n end-to-end runner test (test/n8n-e2e/runner.test.ts)');
const e2e = SKIP ? describe.skip : describe;

const SECRET = 'secret-from-import-credentials';
const CRED = { id: 'e2eEchoCred00001', name: 'Echo test credential', type: 'echoTestApi', data: { secret: SECRET } };

/** A minimal community-node-style package of compiled JS: one node, one credential type. */
async function writeThrowawayNodePackage(root: string): Promise<void> {
  const pkg = path.join(root, 'n8n-nodes-echo-test');
  await fs.mkdir(path.join(pkg, 'dist', 'nodes', 'EchoTest'), { recursive: true });
  await fs.mkdir(path.join(pkg, 'dist', 'credentials'), { recursive: true });
  await fs.writeFile(
    path.join(pkg, 'package.json'),
    JSON.stringify({
      name: 'n8n-nodes-echo-test',
      version: '0.0.0',
      private: true,
      n8n: {
        n8nNodesApiVersion: 1,
        nodes: ['dist/nodes/EchoTest/EchoTest.node.js'],
        credentials: ['dist/credentials/EchoTestApi.credentials.js'],
      },
    }),
  );
  await fs.writeFile(
    path.join(pkg, 'dist', 'nodes', 'EchoTest', 'EchoTest.node.js'),
    `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EchoTest = void 0;
class EchoTest {
  constructor() {
    this.description = {
      displayName: 'Echo Test', name: 'echoTest', group: ['transform'], version: 1,
      description: 'Outputs {echo: <value>} and, when a credential is set, its secret',
      defaults: { name: 'Echo Test' }, inputs: ['main'], outputs: ['main'],
      credentials: [{ name: 'echoTestApi', required: false }],
      properties: [{ displayName: 'Value', name: 'value', type: 'string', default: '' }],
    };
  }
  async execute() {
    const items = this.getInputData();
    const out = [];
    for (let i = 0; i < items.length; i++) {
      const value = this.getNodeParameter('value', i);
      if (value === 'fail') throw new Error('echoTest was asked to fail');
      const json = { echo: value };
      if (this.getNode().credentials && this.getNode().credentials.echoTestApi) {
        json.secret = (await this.getCredentials('echoTestApi')).secret;
      }
      out.push({ json, pairedItem: { item: i } });
    }
    return [out];
  }
}
exports.EchoTest = EchoTest;
`,
  );
  await fs.writeFile(
    path.join(pkg, 'dist', 'credentials', 'EchoTestApi.credentials.js'),
    `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EchoTestApi = void 0;
class EchoTestApi {
  constructor() {
    this.name = 'echoTestApi';
    this.displayName = 'Echo Test API';
    this.properties = [{ displayName: 'Secret', name: 'secret', type: 'string', typeOptions: { password: true }, default: '' }];
  }
}
exports.EchoTestApi = EchoTestApi;
`,
  );
}

function manualToEcho(value: string, withCredential: boolean): object {
  return {
    name: `echo ${value}`,
    nodes: [
      { id: 'n1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      {
        id: 'n2',
        name: 'Echo',
        type: 'CUSTOM.echoTest',
        typeVersion: 1,
        position: [220, 0],
        parameters: { value },
        ...(withCredential ? { credentials: { echoTestApi: { id: CRED.id, name: CRED.name } } } : {}),
      },
    ],
    connections: { Start: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
  };
}

describe('parseExecuteOutput', () => {
  it('finds the execution JSON after log lines', () => {
    const json = { data: { resultData: { runData: { A: [{ data: { main: [[{ json: { x: '}{' } }]] } }] }, lastNodeExecuted: 'A' } }, status: 'success' };
    const stdout = `Execution was NOT successful.\n{ not json\n${JSON.stringify(json, null, 2)}\nbye\n`;
    const res = summarizeExecution(parseExecuteOutput(stdout));
    expect(res.status).toBe('success');
    expect(res.lastNodeOutput).toEqual([{ json: { x: '}{' } }]);
  });

  it('throws when there is no execution JSON', () => {
    expect(() => parseExecuteOutput('The workflow with the id "x" does not exist.\n')).toThrow(/no execution JSON/);
  });
});

e2e(`n8n end-to-end runner (real n8n ${DEFAULT_N8N_VERSION}, the default version)`, () => {
  jest.setTimeout(15 * 60 * 1000);
  let extDir: string;
  let home: N8nHome;

  beforeAll(async () => {
    const t0 = Date.now();
    await ensureN8n();
    console.log(`ensureN8n: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    extDir = await fs.mkdtemp(path.join(os.tmpdir(), 'n8n-e2e-ext-'));
    await writeThrowawayNodePackage(extDir);
    home = await createN8nHome({ customExtensionsDir: extDir });
    await home.importCredentials([CRED]); // used by the credential and webhook tests
  });

  afterAll(async () => {
    await home?.cleanup();
    if (extDir) await fs.rm(extDir, { recursive: true, force: true });
  });

  it('runs Manual Trigger -> CUSTOM.echoTest with `n8n execute`', async () => {
    const id = await home.importWorkflow(manualToEcho('hello from jest', false));
    const t0 = Date.now();
    const res = await home.execute(id);
    console.log(`first execute: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(res.status).toBe('success');
    expect(res.lastNodeOutput.map((i) => i.json)).toEqual([{ echo: 'hello from jest' }]);
    expect(Object.keys(res.runData).sort()).toEqual(['Echo', 'Start']);
  });

  it('gives the node a credential imported with `n8n import:credentials`', async () => {
    const id = await home.importWorkflow(manualToEcho('with credential', true));
    const t0 = Date.now();
    const res = await home.execute(id);
    console.log(`later execute: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(res.status).toBe('success');
    expect(res.lastNodeOutput.map((i) => i.json)).toEqual([{ echo: 'with credential', secret: SECRET }]);
  });

  it('reports a failing node as status "error" with its message', async () => {
    const id = await home.importWorkflow(manualToEcho('fail', false));
    const res = await home.execute(id);
    expect(res.status).toBe('error');
    expect(res.error?.message).toContain('echoTest was asked to fail');
  });

  it('serves an active webhook workflow with `n8n start`', async () => {
    const id = await home.importWorkflow({
      name: 'webhook echo',
      nodes: [
        {
          id: 'w1',
          name: 'Hook',
          type: 'n8n-nodes-base.webhook',
          typeVersion: 2,
          position: [0, 0],
          webhookId: '0b5e2f7a-6c1d-4e8f-9a3b-2d4c6e8f0a1b',
          parameters: { path: 'echo-e2e', httpMethod: 'POST', responseMode: 'lastNode' },
        },
        {
          id: 'w2',
          name: 'Echo',
          type: 'CUSTOM.echoTest',
          typeVersion: 1,
          position: [220, 0],
          parameters: { value: '={{ $json.body.msg }}' },
          credentials: { echoTestApi: { id: CRED.id, name: CRED.name } },
        },
      ],
      connections: { Hook: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
    });
    const act = await home.run(['update:workflow', `--id=${id}`, '--active=true']);
    expect(act.code).toBe(0);

    const t0 = Date.now();
    const server = await home.startServer();
    console.log(`n8n start until ready: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    try {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
      // n8n 2.x registers the webhooks of active workflows a moment after it reports ready: 404 until then.
      const call = () =>
        fetch(`${server.url}/webhook/echo-e2e`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ msg: 'via webhook' }),
        });
      const r = await waitFor('the webhook to be registered', 30_000, async () => {
        const res = await call();
        if (res.status !== 404) return res;
        await res.text();
        return undefined;
      });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ echo: 'via webhook', secret: SECRET });
    } finally {
      await server.stop();
    }
  });
});
