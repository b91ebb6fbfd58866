/**
 * Screenshots of the n8n editor for n8n-nodes/README.md (issue 23), taken from a real n8n 2.x with the package
 * installed as users install it, in Debian's headless Chromium: the research output of node version 3 (Simplify on)
 * in n8n's table view, and the actions panel with the resources' names. They are saved to test-artifacts/; copies in
 * n8n-nodes/docs/ are what the README shows. Skipped without Chromium or with SKIP_N8N_E2E=1.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { DEFAULT_N8N_VERSION, type N8nHome, type N8nServer } from '../../scripts/n8n/runner';
import { packageHome, SANDBOX_CREDENTIAL } from './package-home';
import { setUpOwner } from './n8n-rest';

const CHROMIUM = '/usr/bin/chromium';
const SKIP = process.env.SKIP_N8N_E2E === '1' || !fs.existsSync(CHROMIUM);
const e2e = SKIP ? describe.skip : describe;
const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts');
const OWNER = { email: 'shots@example.com', password: 'Screenshots1-pass' };

function researchWorkflow(prefix: string) {
  const credentials = SANDBOX_CREDENTIAL;
  return {
    id: 'shotResearch0001',
    name: 'Prospecting: search, then research (Simplify)',
    nodes: [
      { id: 'm1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      {
        id: 'n1',
        name: 'Search Contacts',
        type: `${prefix}prospecting`,
        typeVersion: 3,
        position: [250, 0],
        parameters: { resource: 'contacts', operation: 'search', returnAll: false, limit: 5, additionalFields: { seniority: ['Director'] } },
        credentials,
      },
      {
        id: 'n2',
        name: 'Research Contacts',
        type: `${prefix}prospecting`,
        typeVersion: 3,
        position: [500, 0],
        parameters: {
          resource: 'contacts',
          operation: 'research',
          researchBy: 'searchResult',
          searchResultId: '={{ $json.searchResultId }}',
          waitForResults: true,
        },
        credentials,
      },
    ],
    connections: {
      Start: { main: [[{ node: 'Search Contacts', type: 'main', index: 0 }]] },
      'Search Contacts': { main: [[{ node: 'Research Contacts', type: 'main', index: 0 }]] },
    },
  };
}

e2e('editor screenshots', () => {
  let sandbox: RunningSandbox;
  let home: N8nHome;
  let server: N8nServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    sandbox = await startSandbox({ port: 0, log: () => undefined, config: { research: { queuedMs: 100, researchingMs: 200 } } });
    home = await packageHome(DEFAULT_N8N_VERSION, sandbox);
    await home.importWorkflow(researchWorkflow(home.nodeTypePrefix));
    server = await home.startServer();
    await setUpOwner(server.url, OWNER);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    page = await browser.newPage({ viewport: { width: 1800, height: 1000 } });
    await page.goto(`${server.url}/signin`);
    await page.locator('input[type=email], input[name=emailOrLdapLoginId], input[name=email]').first().fill(OWNER.email);
    await page.locator('input[type=password]').first().fill(OWNER.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.includes('signin'), { timeout: 60_000 });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await home?.cleanup();
    await sandbox?.close();
  });

  it('research output (version 3, Simplify): one column per record field in the table view', async () => {
    await page.goto(`${server.url}/workflow/shotResearch0001`);
    // The canvas's own button (the trigger node carries a hidden one of the same name).
    await page.locator('[data-test-id="execute-workflow-button"]').click();
    await page
      .getByText(/executed successfully/i)
      .first()
      .waitFor({ timeout: 120_000 });
    await page.locator('[data-test-id="canvas-node"]', { hasText: 'Research Contacts' }).first().dblclick();
    const output = page.locator('[data-test-id="output-panel"]');
    await output.getByText('contactId').first().waitFor({ timeout: 30_000 });
    await page.getByText('Simplify', { exact: true }).first().waitFor();
    const file = path.join(ARTIFACTS, 'n8n-research-simplified.png');
    await page.screenshot({ path: file });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    await page.keyboard.press('Escape');
    await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
  }, 300_000);

  it("the node picker: the Prospecting entry describes the app; actions grouped under the resources' names", async () => {
    await page.locator('[data-test-id="node-creator-plus-button"]').click();
    await page.keyboard.type('Prospecting');
    await page
      .getByText(/Search, research and reach out/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    await page.getByText('Get many activities').first().waitFor({ timeout: 30_000 });
    const file = path.join(ARTIFACTS, 'n8n-node-picker.png');
    await page.screenshot({ path: file });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
  }, 120_000);
});
