/**
 * The GitHub Actions workflows cannot run here: this parses each one as YAML and checks the shape GitHub requires
 * (a trigger, jobs with runs-on and steps, each step a `uses` or a `run`), and for the release workflow what n8n's
 * verification needs: publishing from n8n-nodes/ with `npm publish --provenance`, with the id-token permission.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// js-yaml is in the dev tree already (through eslint); no type package is needed for this one call.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load: (text: string) => unknown };

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  'working-directory'?: string;
}
interface Job {
  'runs-on': string;
  steps: Step[];
  'timeout-minutes'?: number;
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const DIR = join(__dirname, '../../.github/workflows');
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
const load = (file: string) => yaml.load(readFileSync(join(DIR, file), 'utf8')) as Workflow;

describe.each(files)('%s', (file) => {
  it('is valid YAML with a name, a trigger and jobs whose steps each use an action or run a command', () => {
    const wf = load(file);
    expect(typeof wf.name).toBe('string');
    expect(Object.keys(wf.on).length).toBeGreaterThan(0);
    expect(Object.keys(wf.jobs).length).toBeGreaterThan(0);
    for (const job of Object.values(wf.jobs)) {
      expect(typeof job['runs-on']).toBe('string');
      expect(job.steps.length).toBeGreaterThan(0);
      for (const step of job.steps) {
        expect(Boolean(step.uses) !== Boolean(step.run)).toBe(true);
        if (step.uses) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[\w.-]+$/);
      }
    }
  });
});

describe('n8n-nodes/package.json', () => {
  it('names no repository of its own: a guessed URL would break provenance on the real one (release.yml writes it)', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../n8n-nodes/package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.repository).toBeUndefined();
    expect(pkg.bugs).toBeUndefined();
  });
});

describe('release.yml', () => {
  const wf = load('release.yml');
  const steps = wf.jobs.publish.steps;

  it('runs on version tags and may request the OIDC token provenance needs', () => {
    expect(wf.on.push).toEqual({ tags: ['v*'] });
    expect(wf.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
  });

  it('publishes n8n-nodes/ with provenance and the npm token, after the scanner and the build', () => {
    const names = steps.map((s) => s.run ?? s.uses ?? '');
    const publish = steps.find((s) => /npm publish/.test(s.run ?? ''))!;
    expect(publish.run).toBe('npm publish --provenance --access public');
    expect(publish['working-directory']).toBe('n8n-nodes');
    expect(publish.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    const at = (pattern: RegExp) => names.findIndex((n) => pattern.test(n));
    expect(at(/scan-package\.mjs/)).toBeGreaterThan(-1);
    expect(at(/scan-package\.mjs/)).toBeLessThan(at(/npm publish/));
    expect(at(/build:n8n/)).toBeLessThan(at(/npm publish/));
    // The repository link provenance needs is the one the workflow runs in, written in n8n-nodes/ before publishing.
    const link = steps.find((s) => /npm pkg set/.test(s.run ?? ''))!;
    expect(link['working-directory']).toBe('n8n-nodes');
    expect(link.run).toContain('repository.url=git+https://github.com/${GITHUB_REPOSITORY}.git');
    expect(at(/repository\.url/)).toBeLessThan(at(/npm publish/));
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node@'))!.with).toEqual(
      expect.objectContaining({ 'registry-url': 'https://registry.npmjs.org' }),
    );
  });
});
