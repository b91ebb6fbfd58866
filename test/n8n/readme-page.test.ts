/**
 * Issue 34: the page the editor's Docs links open under `npm start` (scripts/n8n/readme-server.ts, readme-html.ts) is
 * the README rendered: headings with GitHub's anchors, code, no Markdown marks left in the text, its images and
 * relative links answered, and a banner naming the published README (npm, the package's exact version).
 * Served from a copy of the package README "installed" in a temp folder, as in an n8n home.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { markdownHtml, readmeHeadings } from '../../scripts/n8n/readme-html';
import { serveReadme, type ReadmeServer } from '../../scripts/n8n/readme-server';

const ROOT = path.resolve(__dirname, '../..');
const PACKAGE = path.join(ROOT, 'n8n-nodes');
const { name, version } = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { name: string; version: string };
const markdown = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8');

let installed: string;
let server: ReadmeServer;
let html: string;

beforeAll(async () => {
  installed = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-page-'));
  fs.writeFileSync(path.join(installed, 'README.md'), markdown);
  fs.writeFileSync(path.join(installed, 'package.json'), '{}');
  server = await serveReadme({
    readmeFile: path.join(installed, 'README.md'),
    packageName: name,
    packageVersion: version,
    packageSource: PACKAGE,
    repoRoot: ROOT,
  });
  const res = await fetch(server.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  html = await res.text();
});

afterAll(async () => {
  await server.close();
  fs.rmSync(installed, { recursive: true, force: true });
});

/** The page's text outside code: what a reader sees as prose. */
const prose = () => html.replace(/<pre>[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '');

it('renders headings with GitHub anchors, code blocks and inline code, and leaves no Markdown marks in the prose', () => {
  for (const h of readmeHeadings(markdown)) expect(html).toMatch(new RegExp(`<h${h.level} id="${h.anchor}">`));
  expect(html).toMatch(/<code>apiResearchId<\/code>/);
  expect(html).toMatch(/<strong>Wait for Results<\/strong>/);
  expect(prose()).not.toMatch(/\*\*|`|^#{1,6} /m);
  expect(prose()).not.toMatch(/\]\(/);
});

it('names the published README: npm, this exact version', () => {
  expect(html).toContain(`The published README: <a href="https://www.npmjs.com/package/${name}/v/${version}">`);
});

it('answers every image and relative link the README has, from the installed package, its source or the repository', async () => {
  const targets = [...html.matchAll(/<(?:img src|a href)="([^"#][^"]*)"/g)].map((m) => m[1]).filter((t) => !/^https?:/.test(t));
  expect(targets.length).toBeGreaterThanOrEqual(3); // two screenshots and the project README
  for (const target of targets) {
    const res = await fetch(new URL(target, server.url));
    expect(`${target} ${res.status}`).toBe(`${target} 200`);
    if (target.endsWith('.png')) expect(res.headers.get('content-type')).toBe('image/png');
    if (target.endsWith('.md')) expect(await res.text()).toMatch(/^<!doctype html>/);
  }
});

it('serves nothing else: no package.json, nothing outside the repository, no hidden folders', async () => {
  const base = new URL(server.url);
  for (const p of [`/${name}/package.json`, `/${name}/../../etc/passwd.md`, '/%2e%2e/%2e%2e/etc/hosts.md', '/.cache/x.md', '/node_modules/jest/README.md'])
    expect(`${p} ${(await fetch(new URL(p, base))).status}`).toBe(`${p} 404`);
});

it('renders the other blocks the project READMEs use: fenced code, tables, nested lists, quotes', () => {
  expect(markdownHtml('```js\nif (a < b) x = `y`;\n```')).toBe('<pre><code class="language-js">if (a &lt; b) x = `y`;</code></pre>');
  expect(markdownHtml('| a | b |\n| --- | --- |\n| `1` | **2** |')).toBe(
    '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td><code>1</code></td><td><strong>2</strong></td></tr></tbody></table>',
  );
  expect(markdownHtml('1. one\n   - inner\n2. two')).toBe('<ol><li>one<ul><li>inner</li></ul></li><li>two</li></ol>');
  expect(markdownHtml('> quoted *text*')).toBe('<blockquote><p>quoted <em>text</em></p></blockquote>');
  expect(markdownHtml('[x](javascript:alert(1))')).toBe('<p><a href="#">x</a>)</p>');
});
