/**
 * Issue 23: in `npm start`, the editor's documentation links open the README shipped with the installed package. On
 * each version of N8N_E2E_VERSIONS (`npm start -- --n8n-1` for 1.x): the credential and node types a real n8n serves
 * the editor carry the printed docs URL with their own README section, and that URL answers with the installed
 * README, whose page has the section's anchor. (n8n's editor opens a type's documentationUrl as it is when it starts
 * with "http": the NodeSettings docs link and the credential modal.)
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { e2eVersions, freePort, majorOf } from '../../scripts/n8n/runner';
import { DOCUMENTED_TYPES } from '../n8n/documented-types';
import { signIn } from './n8n-rest';
import { watchStart } from './start-process';

const SKIP = process.env.SKIP_N8N_E2E === '1';
const e2e = SKIP ? describe.skip : describe;
const ROOT = path.resolve(__dirname, '../..');
const PREFIX = 'n8n-nodes-prospecting.';

e2e.each(e2eVersions())('documentation links in npm start with n8n %s', (version) => {
  it('the types n8n serves link each credential and node to its README section, and the link serves the installed README', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-home-'));
    const n8nPort = await freePort();
    const { NODE_ENV: _jest, ...env } = process.env;
    const args = ['--port', '0', '--n8n-port', String(n8nPort), '--n8n-home', home, ...(majorOf(version) < 2 ? ['--n8n-1'] : [])];
    const s = watchStart(spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), ...args], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] }));
    try {
      await s.waitForText(/Press Ctrl-C to stop n8n and the sandbox/, 600_000);
      const out = s.output();
      expect(out).toContain(`n8n ${version} is up`);
      const [, docsUrl] = /^\s+docs\s+(\S+)/m.exec(out)!;
      expect(docsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/n8n-nodes-prospecting\/README\.md$/);
      const [, email, password] = /^\s+sign in\s+(\S+) \/ (\S+)$/m.exec(out)!;
      const rest = await signIn(`http://127.0.0.1:${n8nPort}`, { email, password });

      // Each type's link: the printed docs URL with its own section (test/n8n/documentation-links.test.ts checks which).
      const linked: Record<string, string | undefined> = {};
      for (const c of await rest.credentialTypes()) if (c.name.startsWith('prospecting')) linked[c.name] = c.documentationUrl;
      for (const n of await rest.nodeTypes())
        if (n.name.startsWith(PREFIX)) linked[`${n.name.slice(PREFIX.length)} v${String(n.version)}`] = n.documentationUrl;
      expect(Object.keys(linked).length).toBeGreaterThanOrEqual(7);
      const sections = new Map<string, string>();
      for (const [type, link] of Object.entries(linked)) {
        expect(link).toMatch(new RegExp(`^${docsUrl.replace(/[.]/g, '\\.')}#[a-z0-9-]+$`));
        sections.set(type.replace(/ v.*$/, ''), link!.split('#')[1]);
      }
      expect([...sections.keys()].sort()).toEqual([...DOCUMENTED_TYPES].sort());
      expect(new Set(sections.values()).size).toBe(sections.size);

      // What the browser gets when the user clicks one: the README installed in the home, with the section's anchor.
      const page = await fetch(docsUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      for (const anchor of sections.values()) expect(html).toContain(`id="${anchor}"`);
      const installed = fs.readFileSync(path.join(home, '.n8n/nodes/node_modules/n8n-nodes-prospecting/README.md'), 'utf8');
      const firstParagraph = installed.split('\n\n')[1].split('\n')[0];
      expect(html).toContain(firstParagraph.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
      expect((await fetch(docsUrl.replace(/README\.md$/, 'package.json'))).status).toBe(404);
    } finally {
      s.child.kill('SIGINT');
      const timer = setTimeout(() => s.child.kill('SIGKILL'), 45_000);
      await s.exited;
      clearTimeout(timer);
      fs.rmSync(home, { recursive: true, force: true });
    }
  }, 900_000);
});
