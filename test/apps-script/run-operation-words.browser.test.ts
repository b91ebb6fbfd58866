/**
 * Issue 33: the generic panels speak the user's language, the n8n node's. In headless Chromium, every operation of
 * "Run an operation" is picked in turn and what the panel shows is read off the page: the dropdown's "Resource ›
 * Operation" and every field's label equal the n8n node's words for the same operation and field (one source:
 * shared/catalogue/display-names.ts and field-labels.ts), and no raw API field name (searchResultIds, isJobChange…)
 * shows in the default view. The MCP tools are listed by readable titles, their fields by words.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { catalogue } from '../../shared';
import { fieldSpecs } from '../../n8n-nodes/nodes/Prospecting/description/derive';
import { properties } from '../../n8n-nodes/nodes/Prospecting/description/index';
import { researchProperties } from '../../n8n-nodes/nodes/Prospecting/description/research';
import { browserTest, sidebarPerFile } from './sidebar-browser';
import { ROOT } from './setup';

const maybe = browserTest('run an operation words browser test');

let page: Page;
sidebarPerFile(1400, {
  ready: (env) => ({ page } = env),
  after: async (page) => {
    await page.click('#sec-op h2');
    await page.click('#sec-mcp h2');
  },
});

interface Shown {
  option: string;
  /** field key (`name`, or `name.entry` for a small form's first entry) → its label as shown (without " *"). */
  labels: Record<string, string>;
  /** The panel's text as the user sees it (closed "Advanced" parts are not rendered). */
  text: string;
}

async function shownFor(id: string): Promise<Shown> {
  await page.selectOption('#op-pick', id);
  // Read in the page (a string: the tests compile without the DOM's types).
  return page.evaluate<Shown>(`(() => {
    const labels = {};
    const labelFor = (el) => (document.querySelector('label[for="' + el.id + '"]')?.textContent ?? '').replace(/ \\*$/, '');
    document.querySelectorAll('#op-fields [data-field]').forEach((el) => (labels[el.getAttribute('data-field')] = labelFor(el)));
    document.querySelectorAll('#op-fields [data-fillable]').forEach((el) => (labels[el.getAttribute('data-fillable')] = labelFor(el)));
    document.querySelectorAll('#op-fields [data-records]').forEach((box) => {
      labels[box.getAttribute('data-records')] = box.querySelector('label').textContent.replace(/ \\*$/, '');
    });
    const pick = document.getElementById('op-pick');
    return { option: pick.selectedOptions[0].textContent, labels, text: document.querySelector('#sec-op .body').innerText };
  })()`);
}

/** The n8n node's words: each operation's "Resource › Operation", and each field's display name. */
const nodeOptions = (name: string, resource?: string) =>
  properties.find((p) => p.name === name && (resource === undefined || p.displayOptions?.show?.resource?.[0] === resource))!.options as INodePropertyOptions[];
const researchOption = (collection: string, name: string) =>
  ((researchProperties.find((p) => p.name === collection)!.options ?? []) as INodeProperties[]).find((o) => o.name === name)!.displayName;

maybe(
  "every operation's name and every field's label are the n8n node's; no raw API field name shows by default",
  async () => {
    const ids = (await page.$$eval('#op-pick option', (os) => os.map((o) => o.getAttribute('value') ?? ''))).filter(Boolean);
    expect(ids.length).toBeGreaterThan(50);
    let compared = 0;
    const rawShown: string[] = [];
    for (const id of ids) {
      const op = catalogue.find((o) => o.id === id)!;
      const shown = await shownFor(id);
      const resource = nodeOptions('resource').find((r) => r.value === op.resource)!.name;
      const operation = nodeOptions('operation', op.resource).find((o) => o.value === op.action)!.name;
      expect(shown.option).toBe(`${resource} › ${operation}`);
      // The node's words for this operation's fields: derived ones, or its own research fields.
      const node: Record<string, string> = {};
      if (op.submitsResearch) {
        const item = op.resource === 'contacts' ? 'contact' : 'company';
        for (const o of (researchProperties.find((p) => p.name === item)!.options ?? []) as INodeProperties[]) node[`${op.resource}.${o.name}`] = o.displayName;
        node.skipDeduplicationCheck = researchOption('researchOptions', 'skipDeduplicationCheck');
        if (op.resource === 'contacts') node.isJobChange = researchOption('researchOptions', 'isJobChange');
      } else for (const spec of fieldSpecs(op)) node[spec.name] = spec.displayName;
      for (const [key, label] of Object.entries(shown.labels)) {
        if (node[key] === undefined) continue;
        // A field the panel asks as a small form has no JSON box: the node's "(JSON)" is left off.
        expect(`${id}: ${key}: ${label}`).toBe(`${id}: ${key}: ${node[key].replace(/ \(JSON\)$/, label.endsWith('(JSON)') ? ' (JSON)' : '')}`);
        compared++;
      }
      // An API field name is written as one camelCase word; none may show (plain words such as "name" are words).
      const fields = Object.keys(shown.labels).flatMap((k) => k.split('.'));
      for (const name of new Set(fields)) if (/[A-Z]/.test(name) && new RegExp(`\\b${name}\\b`).test(shown.text)) rawShown.push(`${id}: ${name}`);
    }
    expect(compared).toBeGreaterThan(200);
    expect(rawShown).toEqual([]);
    await page.selectOption('#op-pick', 'campaigns.create');
    await page.locator('#sec-op').screenshot({ path: path.join(ROOT, 'apps-script', 'docs', 'run-operation-campaign-form.png') });
  },
  240_000,
);

maybe(
  'MCP tools are listed by readable titles, and their fields by words',
  async () => {
    await page.click('#mcp-load');
    await page.waitForSelector('#mcp-msg:has-text("tools loaded")');
    const options = (await page.$$eval('#mcp-pick option', (os) => os.map((o) => [o.getAttribute('value') ?? '', o.textContent ?? '']))).filter(([v]) => v);
    expect(options.length).toBeGreaterThan(40);
    for (const [name, title] of options) {
      expect(title).not.toBe(name);
      expect(title).not.toMatch(/_/);
    }
    await page.selectOption('#mcp-pick', 'get_campaign_metrics');
    const labels = await page.$$eval('#mcp-fields label', (ls) => ls.map((l) => l.textContent));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).not.toMatch(/[a-z][A-Z]|_/);
  },
  60_000,
);

maybe('the OAuth client ID and secret inputs have labels', async () => {
  expect(await page.textContent('label[for="client-id"]')).toBe('OAuth client ID');
  expect(await page.textContent('label[for="client-secret"]')).toBe('OAuth client secret');
});
