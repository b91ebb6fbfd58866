/**
 * The sidebar in a real headless Chromium, its google.script.run answered by the harness over the HTTP bridge.
 * CI must install Chromium (apt-get install -y chromium); without /usr/bin/chromium this test is skipped loudly.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { closeAll, harness } from './test-helpers';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`SKIPPED sidebar browser test: ${CHROMIUM} is missing (install it with: apt-get install -y chromium).`);
}
const maybe = hasChromium ? test : test.skip;

const CODE = `
function openSidebar() {
  var t = HtmlService.createTemplateFromFile('Sidebar');
  t.heading = 'Prospects';
  SpreadsheetApp.getUi().showSidebar(t.evaluate().setTitle('PDS'));
}
function sidebarSearch(query) {
  SpreadsheetApp.getActiveSheet().appendRow(['searched', query.term]);
  return { count: query.term.length, user: Session.getActiveUser().getEmail() };
}
function failing() { throw new Error('quota gone'); }
function private_() { return 'hidden'; }
`;

const SIDEBAR = `<!DOCTYPE html>
<html><head><base target="_top"><style>body{font-family:sans-serif;padding:12px} #out{margin-top:8px;color:#0a0}</style></head>
<body>
  <h3><?= heading ?></h3>
  <input id="term" value="acme"><button id="go">Search</button>
  <div id="out">…</div><div id="err"></div><div id="priv"></div>
  <script>
    document.getElementById('go').onclick = function () {
      google.script.run
        .withSuccessHandler(function (res, tag) { document.getElementById('out').textContent = tag + ': ' + res.count + ' for ' + res.user; })
        .withFailureHandler(function (e) { document.getElementById('out').textContent = 'failed ' + e.message; })
        .withUserObject('result')
        .sidebarSearch({ term: document.getElementById('term').value });
      google.script.run.withFailureHandler(function (e) { document.getElementById('err').textContent = e.message; }).failing();
      document.getElementById('priv').textContent = typeof google.script.run.private_;
    };
  </script>
</body></html>`;

let browser: Browser | undefined;
beforeAll(async () => {
  if (!hasChromium) return;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(closeAll);

maybe('the sidebar calls google.script.run and gets the server answer back', async () => {
  const h = harness({ code: CODE, files: { 'Sidebar.html': SIDEBAR }, user: 'rep@x.test' });
  await h.run('openSidebar');
  const server = await h.serveSidebar(h.ui.sidebars[0]);
  const page = await browser!.newPage({ viewport: { width: 300, height: 400 } });
  await page.goto(server.url);
  expect(await page.textContent('h3')).toBe('Prospects');
  await page.click('#go');
  // A string predicate: this file is type-checked without the DOM lib.
  await page.waitForFunction("document.getElementById('out').textContent !== '…' && document.getElementById('err').textContent !== ''");
  expect(await page.textContent('#out')).toBe('result: 4 for rep@x.test');
  expect(await page.textContent('#err')).toBe('quota gone');
  expect(await page.textContent('#priv')).toBe('undefined');
  expect(h.workbook.mustSheet('Sheet1').values()).toEqual([['searched', 'acme']]);
  const dir = path.resolve(__dirname, '..', '..', 'test-artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, 'harness-sidebar.png') });
  await page.close();
});
