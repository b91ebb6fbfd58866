/**
 * What a user meets when they add a Prospecting node in n8n's editor, read from the editor itself in Debian's
 * headless Chromium (issue 34): the credential n8n puts on the new node, the label of the field holding it, whether an
 * Authentication field is shown, and the Operation list of the chosen resource as its dropdown shows it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { Owner } from './n8n-rest';

export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts');

export interface NewNodeView {
  /** The credential name shown in the node's credential field once n8n picked one. */
  credential: string;
  /** The labels of the NDV's parameters and credential field, in order. */
  labels: string[];
  /** The options of the Operation dropdown, as shown. */
  operations: string[];
}

async function signInPage(page: Page, url: string, owner: Owner): Promise<void> {
  await page.goto(`${url}/signin`);
  await page.locator('input[type=email], input[name=emailOrLdapLoginId], input[name=email]').first().fill(owner.email);
  await page.locator('input[type=password]').first().fill(owner.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.includes('signin'));
}

/**
 * Opens `workflowId` (a workflow with a trigger), adds a Prospecting node through the node creator by its action
 * `action` (e.g. "Search contacts"), and reads the node details view n8n opens for it.
 */
export async function addProspectingNode(url: string, owner: Owner, workflowId: string, action: string): Promise<NewNodeView> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    // A loaded machine serves the editor's bundle slowly.
    page.setDefaultTimeout(120_000);
    try {
      return await readNewNode(page, url, owner, workflowId, action);
    } catch (error) {
      // What the editor showed when a step failed, for the test's reader.
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'editor-new-node-failure.png') }).catch(() => undefined);
      throw error;
    }
  } finally {
    await browser.close();
  }
}

async function readNewNode(page: Page, url: string, owner: Owner, workflowId: string, action: string): Promise<NewNodeView> {
  await signInPage(page, url, owner);
  await page.goto(`${url}/workflow/${workflowId}`);
  await page.locator('[data-test-id="node-creator-plus-button"]').click();
  await page.keyboard.type('Prospecting');
  // The package's action node (1.x's list shows names only; 2.x adds the description).
  const creator = page.locator('[data-test-id="node-creator"]');
  await creator.getByText('Prospecting', { exact: true }).first().click();
  // In the creator: a node on the canvas may show the same action as its subtitle.
  await creator.getByText(action, { exact: true }).first().click();
  const ndv = page.locator('[data-test-id="ndv"]');
  await ndv.waitFor();
  // n8n picks the credential once the view has its credential list (1.x) or when the node is created (2.x).
  const credentialInput = ndv.locator('[data-test-id="node-credentials-select"] input').first();
  await page.waitForFunction((el) => (el as { value?: string } | null)?.value !== '', await credentialInput.elementHandle());
  const credential = await credentialInput.inputValue();
  // Each label's first line (a parameter's label also holds its Fixed / Expression switch).
  const texts = await ndv.locator('[data-test-id="node-parameters"] label').allInnerTexts();
  const labels = [...new Set(texts.map((t) => t.split('\n')[0].trim()))].filter((t) => t && !['Fixed', 'Expression'].includes(t));
  await ndv.locator('[data-test-id="parameter-input-operation"]').click();
  const dropdown = page.locator('.el-select-dropdown:visible, .el-popper:visible').last();
  await dropdown.locator('.el-select-dropdown__item').first().waitFor();
  const operations = (await dropdown.locator('.el-select-dropdown__item').allInnerTexts()).map((t) => t.split('\n')[0].trim());
  return { credential, labels, operations };
}
