/** The add-on sidebar in Debian's headless Chromium (playwright-core), served by the harness: what each browser test shares. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Harness, HarnessOptions, SandboxProcess } from '../apps-script-harness';
import { addOnHarness, connect, ROOT, startSandbox, type SandboxConfigPatch } from './setup';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);
/** Where screenshots go (CI keeps them as artifacts; the READMEs show copies). */
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** `test` when Chromium is installed, else `test.skip` with a warning naming what is skipped. */
export function browserTest(what: string): typeof test {
  if (!hasChromium) console.warn(`SKIPPED ${what}: ${CHROMIUM} is missing (apt-get install -y chromium).`);
  return hasChromium ? test : test.skip;
}

export interface OpenSidebar {
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** Shows the sidebar in the harness, serves it (its google.script.run calls go to the harness) and opens it at 300 px wide. */
export async function openSidebar(h: Harness, height = 900): Promise<OpenSidebar> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await h.run('showSidebar');
  const server = await h.serveSidebar(h.ui.sidebars[0] as { content: string; title: string; width: number | null; height: number | null });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 300, height } });
  // Google's add-on stylesheet is not reachable offline: answer it empty so the page loads at once.
  await page.route('https://ssl.gstatic.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  await page.goto(server.url);
  return {
    browser,
    page,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export interface SidebarEnv {
  sb: SandboxProcess;
  h: Harness;
  page: Page;
}

export interface SidebarPerFileOptions {
  /** The sandbox's config patch. */
  sandbox?: SandboxConfigPatch;
  /** Harness options; the user is rep@example.com unless given. */
  harness?: Partial<HarnessOptions>;
  /** Settings saved with the connection; `false`: the user is not connected. */
  settings?: Record<string, unknown> | false;
  /** A sheet the user's saved contacts are imported into (with their contactId column) before the sidebar opens. */
  orgContacts?: string;
  /** Sheets and selection to set up before the sidebar opens. */
  before?: (env: { sb: SandboxProcess; h: Harness }) => Promise<void> | void;
  /** Takes the sandbox, harness and page once the sidebar is open (a file's own variables for them). */
  ready?: (env: SidebarEnv) => void;
  /** What to do in the open sidebar before the tests (open a section, answer dialogs). */
  after?: (page: Page) => Promise<void> | void;
}

/**
 * For a whole browser test file, as `connectedPerFile` for the harness tests: a sandbox, a harness whose user is
 * connected to it, and the sidebar open in Chromium at 300 × `height` px, all closed after the file's tests. Nothing
 * starts when Chromium is missing (the tests are skipped). Read `env.page`, `env.h` and `env.sb` inside the tests, or
 * bind them to the file's own variables with `ready`.
 */
export function sidebarPerFile(height: number, opts: SidebarPerFileOptions = {}): SidebarEnv {
  const env = {} as SidebarEnv;
  let sidebar: OpenSidebar | undefined;
  beforeAll(async () => {
    if (!hasChromium) return;
    env.sb = await startSandbox(opts.sandbox);
    env.h = addOnHarness({ user: 'rep@example.com', ...opts.harness });
    if (opts.settings !== false) await connect(env.h, env.sb, opts.settings);
    if (opts.orgContacts) await env.h.run('enableOrgRefresh', { sheetName: opts.orgContacts, days: 365 });
    await opts.before?.(env);
    sidebar = await openSidebar(env.h, height);
    env.page = sidebar.page;
    opts.ready?.(env);
    await opts.after?.(env.page);
  }, 120_000);
  afterAll(async () => {
    await sidebar?.close();
    await env.h?.close();
    await env.sb?.stop();
  });
  return env;
}
