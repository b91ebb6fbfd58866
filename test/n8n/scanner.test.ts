/**
 * n8n's community-package scanner passes on the source and on the built package, as n8n runs it before verifying a
 * package (scripts/n8n/scan-package.mjs: inline eslint-disable comments do not count). The scanner is not a project
 * dependency: it lives in .cache/n8n-scanner (scripts/n8n/install-scanner.sh, which .ci/run runs). Without it this
 * test is skipped, saying so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const installed = existsSync(join(ROOT, '.cache/n8n-scanner/.installed'));
if (!installed) {
  console.warn('Skipping the community-package scanner test: .cache/n8n-scanner is not installed (run bash scripts/n8n/install-scanner.sh).');
}

(installed ? describe : describe.skip)('n8n community-package scanner', () => {
  it('passes on the source (n8n-nodes/) and on the npm pack of the package', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/n8n/scan-package.mjs')], { cwd: ROOT, encoding: 'utf8', timeout: 170_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).toContain('PASS source (n8n-nodes/)');
    expect(output).toContain('PASS built package (npm pack)');
    if (run.status !== 0) throw new Error(`scan-package.mjs exited ${run.status}:\n${output}`);
  }, 180_000);
});
